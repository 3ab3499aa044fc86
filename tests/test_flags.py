"""Flags: the declarative flag library, plans, prompts, ids, and a pixel audit of every paper image.

The audits count stars as connected components of the star colour inside the part of the flag
where the real flag keeps its stars, and stripes as colour runs down a column near the fly edge.
They use only facts about the real flags stated below (counts, proportions, colours, where the
stars are), never the drawing code.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from builders.core.errors import SpecError
from builders.core.raster import decode_png, rasterize
from builders.core.svg import Canvas
from builders.vlmbias.flags.catalogue import FLAGS
from builders.vlmbias.flags.flag import Flag
from builders.vlmbias.flags.layers import Canton, Field, Star, Stripes
from builders.vlmbias.flags.layouts import Constellation, StarCircle, StarGrid
from builders.vlmbias.flags.spec import FlagSpec
from builders.vlmbias.flags.topic import FlagsTopic
from builders.vlmbias.parameters import PRESETS
from builders.vlmbias.questions import NUMBER_SUFFIX, YES_NO_SUFFIX
from tests.pixels import blobs, crop_title

TOPIC = FlagsTopic()
PAPER, LITE = PRESETS["paper"], PRESETS["lite"]

CONFIG = "flags"

# ------------------------------------------------------------------ facts about the real flags

#: (element, flag) -> standard count.
STANDARD = {
    ("stars", "australia"): 6,
    ("stars", "cape_verde"): 10,
    ("stars", "china"): 5,
    ("stars", "comoros"): 4,
    ("stars", "european_union"): 12,
    ("stars", "honduras"): 5,
    ("stars", "micronesia"): 4,
    ("stars", "new_zealand"): 4,
    ("stars", "samoa"): 5,
    ("stars", "solomon_islands"): 5,
    ("stars", "tuvalu"): 9,
    ("stars", "united_states"): 50,
    ("stars", "venezuela"): 8,
    ("stripes", "cuba"): 5,
    ("stripes", "greece"): 9,
    ("stripes", "liberia"): 11,
    ("stripes", "malaysia"): 14,
    ("stripes", "united_states"): 13,
    ("stripes", "uruguay"): 9,
    ("stripes", "zimbabwe"): 7,
}
#: Official proportions, length : hoist.
ASPECT = {
    "australia": Fraction(2),
    "cape_verde": Fraction(17, 10),
    "china": Fraction(3, 2),
    "comoros": Fraction(5, 3),
    "european_union": Fraction(3, 2),
    "honduras": Fraction(2),
    "micronesia": Fraction(19, 10),
    "new_zealand": Fraction(2),
    "samoa": Fraction(2),
    "solomon_islands": Fraction(2),
    "tuvalu": Fraction(2),
    "united_states": Fraction(19, 10),
    "venezuela": Fraction(3, 2),
    "cuba": Fraction(2),
    "greece": Fraction(3, 2),
    "liberia": Fraction(19, 10),
    "malaysia": Fraction(2),
    "uruguay": Fraction(3, 2),
    "zimbabwe": Fraction(2),
}
#: Country names as asked in Q3 and given in the naming answer.
COUNTRY = {
    "australia": "Australia",
    "cape_verde": "Cape Verde",
    "china": "China",
    "comoros": "the Comoros",
    "european_union": "the European Union",
    "honduras": "Honduras",
    "micronesia": "Micronesia",
    "new_zealand": "New Zealand",
    "samoa": "Samoa",
    "solomon_islands": "the Solomon Islands",
    "tuvalu": "Tuvalu",
    "united_states": "the United States",
    "venezuela": "Venezuela",
    "cuba": "Cuba",
    "greece": "Greece",
    "liberia": "Liberia",
    "malaysia": "Malaysia",
    "uruguay": "Uruguay",
    "zimbabwe": "Zimbabwe",
}
#: The naming answer: the flag's title as the release's files name it ("Flag of Europe-stars=13_1152.png").
NAMING = {key: f"Flag of {country}" for key, country in COUNTRY.items()} | {
    "european_union": "Flag of Europe"
}

#: Star colours (RGB predicates) and where each flag keeps its stars, as (x0, y0, x1, y1) boxes in
#: fractions of the flag; outside them the same colour belongs to other shapes (Union Jacks,
#: stripes, the US canton's neighbours).
WHOLE = ((0.0, 0.0, 1.0, 1.0),)
STAR_FACTS = {
    "australia": ("white", ((0.0, 0.52, 1.0, 1.0), (0.52, 0.0, 1.0, 1.0))),  # not the Union Jack quarter
    "cape_verde": ("yellow", WHOLE),
    "china": ("yellow", WHOLE),
    "comoros": ("white", ((0.0, 0.0, 0.235, 1.0),)),  # inside the green triangle, with the crescent
    "european_union": ("yellow", WHOLE),
    "honduras": ("turquoise", ((0.0, 0.345, 1.0, 0.655),)),  # the white middle band
    "micronesia": ("white", WHOLE),
    "new_zealand": ("red", ((0.52, 0.0, 1.0, 1.0),)),  # the fly half
    "samoa": ("white", WHOLE),
    "solomon_islands": ("white", WHOLE),
    "tuvalu": ("yellow", WHOLE),
    "united_states": ("white", ((0.005, 0.005, 0.395, 0.53),)),  # inside the canton (0.4 x 7/13)
    "venezuela": ("white", WHOLE),
}


def colour_mask(rgb: np.ndarray, colour: str) -> np.ndarray:
    """Pixels of a named star colour (anti-aliased edges only count when mostly that colour)."""
    r, g, b = (rgb[..., i].astype(np.int16) for i in range(3))
    return {
        "white": np.minimum(np.minimum(r, g), b) >= 200,
        "yellow": (r >= 200) & (g >= 160) & (b <= 110),
        "red": (r >= 150) & (g <= 90) & (b <= 110),
        "turquoise": (r <= 100) & (b >= 150),
    }[colour]


def count_stars(rgb: np.ndarray, flag: str, crescent: bool = True) -> int:
    """Connected components of the star colour inside the flag's star region.

    The Comoros crescent (white, like the stars, and inside the same triangle) is the one
    component taller than a third of the flag; it is checked to be there (unless `crescent` is
    false: the stars alone) and not counted.
    """
    colour, boxes = STAR_FACTS[flag]
    height, width = rgb.shape[:2]
    region = np.zeros((height, width), dtype=bool)
    for x0, y0, x1, y1 in boxes:
        region[round(y0 * height) : round(y1 * height), round(x0 * width) : round(x1 * width)] = True
    found = blobs(colour_mask(rgb, colour) & region)
    if flag == "comoros":
        tall = [blob for blob in found if np.ptp(np.nonzero(blob)[0]) > height / 3]
        assert len(tall) == int(crescent), "expected exactly one crescent beside the Comoros stars"
        found = [blob for blob in found if not any(blob is t for t in tall)]
    return len(found)


def stripe_bands(rgb: np.ndarray) -> list[tuple[float, float, tuple[int, ...]]]:
    """(top, bottom, colour) of each stripe down a column near the fly edge, where flags have no canton.

    Pixels are grouped into runs of near-equal colour; runs of 1-2 pixels are anti-aliased
    boundaries; neighbouring runs of the same colour are one stripe. Boundaries sit halfway
    across the anti-aliased pixels between stripes.
    """
    column = rgb[:, int(0.97 * rgb.shape[1])].astype(np.int16)
    runs: list[list] = []
    start = 0
    for y in range(1, len(column) + 1):
        if y == len(column) or np.abs(column[y] - column[start]).max() > 40:
            if y - start >= 3:
                if runs and np.abs(runs[-1][2] - column[start]).max() <= 40:
                    runs[-1][1] = y
                else:
                    runs.append([start, y, column[start]])
            start = y
    edges = [0.0] + [(a[1] + b[0]) / 2 for a, b in itertools.pairwise(runs)] + [float(len(column))]
    return [
        (top, bottom, tuple(int(v) for v in run[2]))
        for top, bottom, run in zip(edges, edges[1:], runs, strict=False)
    ]


def count_stripes(rgb: np.ndarray, flag: str) -> int:
    """Stripes down the fly column, all equally tall."""
    found = stripe_bands(rgb)
    unit = rgb.shape[0] / len(found)
    for top, bottom, _ in found:
        assert abs((bottom - top) - unit) <= 2.0, f"{flag}: unequal stripes {found}"
    return len(found)


def scene_size(flag: str, px: int) -> tuple[int, int]:
    """Longest side `px`, the other round(px / aspect)."""
    return px, round(px / ASPECT[flag])


# ------------------------------------------------------------------ the audits themselves can fail


def test_counters_on_hand_drawn_flags() -> None:
    """The pixel counters see what a hand-written SVG drew, including touching stars as one."""
    canvas = Canvas(300, 200)
    canvas.add("rect", x=0, y=0, width=300, height=200, fill="#003399")
    for x in (40, 100, 160):
        canvas.add("circle", cx=x, cy=100, r=12, fill="#FFCC00")
    canvas.add("circle", cx=220, cy=100, r=12, fill="#FFCC00")
    canvas.add("circle", cx=240, cy=100, r=12, fill="#FFCC00")  # touches the one before
    rgb = np.asarray(decode_png(rasterize(canvas, 384, 256).png))
    assert count_stars(rgb, "european_union") == 4
    canvas = Canvas(300, 200)
    for index in range(7):
        canvas.add(
            "rect", x=0, y=index * 200 / 7, width=300, height=200 / 7, fill=("#B22234", "#FFFFFF")[index % 2]
        )
    rgb = np.asarray(decode_png(rasterize(canvas, 384, 256).png))
    assert count_stripes(rgb, "liberia") == 7


# ------------------------------------------------------------------ the flag library


def test_library_has_13_star_and_7_stripe_flags_with_their_real_counts() -> None:
    entries = {(flag.element, flag.key): flag for flag in FLAGS}
    assert len(entries) == len(FLAGS) == 20
    assert {key: flag.count for key, flag in entries.items()} == STANDARD
    assert Counter(element for element, _ in entries) == {"stars": 13, "stripes": 7}
    assert all(flag.count > 3 for flag in FLAGS if flag.element == "stars")
    assert all(flag.count >= 5 for flag in FLAGS if flag.element == "stripes")
    assert ("stars", "united_states") in entries and ("stripes", "united_states") in entries
    for flag in FLAGS:
        assert Fraction(flag.aspect).limit_denominator(100) == ASPECT[flag.key], flag.key
        assert flag.country == COUNTRY[flag.key]


def _stars(layout, count: int = 12) -> Flag:
    """A star-typed test entry: a field and one star layout."""
    return Flag(
        key="test",
        title="Test",
        country="Test",
        aspect=1.5,
        element="stars",
        count=count,
        layers=(Field("#039"), layout),
    )


def _stripes(count: int, *layers) -> Flag:
    """A stripe-typed test entry."""
    return Flag(
        key="test", title="Test", country="Test", aspect=2.0, element="stripes", count=count, layers=layers
    )


RED, WHITE, BLUE, YELLOW = "#B22234", "#FFFFFF", "#3C3B6E", "#FFCC00"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: _stripes(13, Stripes((RED, WHITE) * 6)),
            r"declares 13 stripes but its stripes layer draws 12 colours",
        ),
        (lambda: _stripes(5, Stripes((RED, WHITE, WHITE, RED, WHITE))), r"two #FFFFFF stripes touching"),
        (
            lambda: _stripes(6, Stripes((RED, WHITE) * 3), Canton(BLUE, span=5, width=0.4)),
            r"canton spanning 5 stripes needs at least 6 stripes",
        ),
        (lambda: _stars("spiral"), r"unknown layer or layout rule 'spiral'"),
        (
            lambda: _stars(StarCircle(YELLOW, centre=(0.5, 0.5), radius=0.22, star_radius=0.05, number=12)),
            r"the circle rule cannot place 13 stars apart",
        ),
        (
            lambda: _stars(StarGrid(WHITE, box=(0.1, 0.1, 0.9, 0.9), rows=(6, 5, 6), radius=0.03), 18),
            r"declares 18 stars but its grid layer draws 17 stars",
        ),
        (lambda: _stars(StarGrid(WHITE, (0.1, 0.1, 0.9, 0.9), (3, 1, 3), 0.03), 7), r"neither equal nor"),
        (
            lambda: _stars(Constellation(WHITE, (Star(0.2, 0.2, 0.05),) * 4, Star(0.5, 0.5, 0.05), 9), 4),
            r"cannot remove star 9",
        ),
        (
            lambda: _stars(StarCircle(YELLOW, centre=(0.5, 0.5), radius=0.3, star_radius=0.05, number=3), 3),
            r"needs at least 4 stars",
        ),
        (
            lambda: Flag("United States", "x", "x", 1.9, "stripes", 5, (Stripes((RED, WHITE) * 2 + (RED,)),)),
            r"lower-case words",
        ),
    ],
)
def test_malformed_entries_are_rejected_when_defined(make, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        make()


def test_every_variant_draws_its_count_and_keeps_the_official_aspect() -> None:
    """The SVG of every paper image holds exactly the counted elements the spec says, in a viewBox
    of exactly the output's aspect; the same aspect gives the same SVG at every resolution."""
    texts: dict[tuple, set[str]] = {}
    for spec in [*TOPIC.plan(PAPER, None).counterfactuals, *TOPIC.plan(PAPER, None).originals]:
        scene = TOPIC.scene(spec)
        assert (scene.width, scene.height) == scene_size(spec.flag, spec.px)
        box = [float(v) for v in scene.canvas.root.get("viewBox").split()]
        assert Fraction(box[2]).limit_denominator(10**6) / Fraction(box[3]).limit_denominator(
            10**6
        ) == Fraction(scene.width, scene.height)
        classes = [element.get("class", "") for element in scene.canvas.root.iter()]
        if spec.element == "stars":
            drawn = sum(1 for c in classes if c == "star counted")
        else:
            drawn = sum(1 for c in classes if c.startswith("stripe "))
        shift = {"add": 1, "remove": -1, "none": 0}[spec.action]
        assert drawn == STANDARD[(spec.element, spec.flag)] + shift, spec
        key = (spec.element, spec.flag, spec.action, Fraction(scene.width, scene.height))
        texts.setdefault(key, set()).add(scene.canvas.to_string())
    assert all(len(svgs) == 1 for svgs in texts.values())


def test_star_rows_re_space_as_reported() -> None:
    """US 49 is the 1959 arrangement (seven offset rows of seven), US 51 rows of 9 and 8; the EU's
    circle re-spaces evenly."""
    arrangements = {
        (spec.flag, spec.action): TOPIC.metadata(spec)["arrangement"]
        for spec in TOPIC.plan(LITE, None).counterfactuals
        if spec.element == "stars"
    }
    assert arrangements[("united_states", "remove")] == "offset rows 7-7-7-7-7-7-7"
    assert arrangements[("united_states", "add")] == "staggered rows 9-8-9-8-9-8"
    assert arrangements[("honduras", "remove")] == "even grid 2x2"
    scene = TOPIC.scene(FlagSpec(element="stars", flag="european_union", action="add", px=384))
    centres = []
    for element in scene.canvas.root.iter("polygon"):
        if element.get("class") == "star counted":
            corners = np.array([[float(v) for v in p.split(",")] for p in element.get("points").split()])
            centres.append(corners.mean(axis=0))
    offsets = np.array(centres) - np.mean(centres, axis=0)
    radii, angles = np.hypot(*offsets.T), np.sort(np.arctan2(offsets[:, 1], offsets[:, 0]))
    assert len(centres) == 13 and np.ptp(radii) < 1e-3 * radii.mean()
    assert np.ptp(np.diff(angles)) < 1e-3


# ------------------------------------------------------------------ plans, specs, prompts, ids


def test_preset_plans() -> None:
    paper = list(TOPIC.plan(PAPER, None).counterfactuals)
    assert len(paper) == 120 and len(set(paper)) == 120
    assert Counter(spec.px for spec in paper) == {384: 40, 768: 40, 1152: 40}
    assert Counter((spec.element, spec.flag) for spec in paper) == {key: 6 for key in STANDARD}
    assert Counter(spec.action for spec in paper) == {"add": 60, "remove": 60}
    for spec in paper:
        shift = {"add": 1, "remove": -1}[spec.action]
        assert spec.actual - spec.standard == shift and spec.standard == STANDARD[(spec.element, spec.flag)]
    lite = list(TOPIC.plan(LITE, None).counterfactuals)
    assert len(lite) == 40 and {spec.px for spec in lite} == {384}
    originals = list(TOPIC.plan(PAPER, None).originals)
    assert len(originals) == 60 and {spec.action for spec in originals} == {"none"}
    assert len(list(TOPIC.plan(LITE, None).originals)) == 20


def test_specs_round_trip_through_json() -> None:
    for spec in [*TOPIC.plan(PAPER, None).counterfactuals, *TOPIC.plan(PAPER, None).originals]:
        data = json.loads(json.dumps(spec.to_dict()))
        assert data["kind"] == "flag"
        again = FlagSpec.from_dict(data)
        assert again == spec and again.spec_hash == spec.spec_hash


@pytest.mark.parametrize(
    "fields",
    [
        {"element": "stars", "flag": "cuba", "action": "add", "px": 384},
        {"element": "moons", "flag": "china", "action": "add", "px": 384},
        {"element": "stars", "flag": "china", "action": "replace", "px": 384},
        {"element": "stars", "flag": "china", "action": "add", "px": 8},
        {"element": "stars", "flag": "china", "action": "add", "px": True},
    ],
)
def test_bad_specs_are_rejected(fields: dict) -> None:
    with pytest.raises(SpecError):
        FlagSpec(**fields)


def test_prompts_verbatim() -> None:
    australia = TOPIC.questions(FlagSpec(element="stars", flag="australia", action="add", px=384))
    assert [(q.type, q.prompt, q.ground_truth, q.expected_bias) for q in australia] == [
        (
            "Q1",
            "How many stars are there in this flag? Answer with a number in curly brackets, e.g., {9}.",
            "7",
            "6",
        ),
        ("Q2", "Count the stars in this flag. Answer with a number in curly brackets, e.g., {9}.", "7", "6"),
        ("Q3", "Is this the flag of Australia? Answer in curly brackets, e.g., {Yes} or {No}.", "No", "Yes"),
    ]
    cuba = TOPIC.questions(FlagSpec(element="stripes", flag="cuba", action="remove", px=768))
    assert [(q.type, q.prompt, q.ground_truth, q.expected_bias) for q in cuba] == [
        (
            "Q1",
            "How many stripes are there in this flag? Answer with a number in curly brackets, e.g., {9}.",
            "4",
            "5",
        ),
        (
            "Q2",
            "Count the stripes in this flag. Answer with a number in curly brackets, e.g., {9}.",
            "4",
            "5",
        ),
        ("Q3", "Is this the flag of Cuba? Answer in curly brackets, e.g., {Yes} or {No}.", "No", "Yes"),
    ]
    us = TOPIC.questions(FlagSpec(element="stripes", flag="united_states", action="add", px=384))
    assert us[2].prompt == f"Is this the flag of the United States? {YES_NO_SUFFIX}"
    naming, count = TOPIC.questions(FlagSpec(element="stars", flag="united_states", action="none", px=384))
    assert naming.prompt == "What country flag is this? Answer in curly brackets, e.g., {Flag of Vietnam}."
    eu = TOPIC.questions(FlagSpec(element="stars", flag="european_union", action="none", px=384))
    assert eu[0].ground_truth == "Flag of Europe"
    assert (naming.type, naming.ground_truth, naming.expected_bias) == (
        "ID",
        "Flag of the United States",
        None,
    )
    assert count.prompt == f"How many stars are there in this flag? {NUMBER_SUFFIX}"
    assert (count.type, count.ground_truth, count.expected_bias) == ("Q1", "50", None)


def test_ids_are_released_style_and_unique() -> None:
    spec = FlagSpec(element="stars", flag="australia", action="add", px=384)
    assert TOPIC.image_id(spec, False) == "flag_stars_002_australia_add_notitle_px384"
    cuba = FlagSpec(element="stripes", flag="cuba", action="remove", px=768)
    assert TOPIC.image_id(cuba, True) == "flag_stripes_001_cuba_remove_withtitle_px768"
    original = FlagSpec(element="stars", flag="australia", action="none", px=384)
    assert TOPIC.image_id(original, False) == "flag_stars_002_australia_original_px384"
    assert [TOPIC.row_id("x", q) for q in TOPIC.questions(original)] == ["x_ID", "x_Q1"]
    assert [TOPIC.row_id("x", q) for q in TOPIC.questions(spec)] == ["x_Q1", "x_Q2", "x_Q3"]
    ids = [TOPIC.image_id(s, t) for s in TOPIC.plan(PAPER, None).counterfactuals for t in (False, True)]
    ids += [TOPIC.image_id(s, False) for s in TOPIC.plan(PAPER, None).originals]
    assert len(ids) == len(set(ids)) == 300
    rows = [
        TOPIC.row_id(TOPIC.image_id(s, False), q)
        for s in [*TOPIC.plan(PAPER, None).counterfactuals, *TOPIC.plan(PAPER, None).originals]
        for q in TOPIC.questions(s)
    ]
    assert len(rows) == len(set(rows)) == 120 * 3 + 60 * 2


def test_released_ids_and_paths() -> None:
    """As released: the project site's human-study metadata (`flag_stars_021_notitle_Q1_px1152`, "Flag of
    the United States-stars=49_1152.png"; `Flag_of_the_United_States_stripes_14_1152`, "...-stripes=14_
    1152.png") and the example files of anvo25/vlms-are-biased@9d1afd9 (`examples/task3_flags/`: Europe
    11/13, Australia 5/7, the US 49/51 stars; Cuba 4/6, Zimbabwe 6/8, the US 12/14 stripes)."""
    us49 = FlagSpec(element="stars", flag="united_states", action="remove", px=1152)
    q1, q2, q3 = TOPIC.questions(us49)
    assert TOPIC.released_id(us49, q1, False) == "flag_stars_021_notitle_Q1_px1152"
    assert TOPIC.released_id(us49, q3, True) == "flag_stars_021_withtitle_Q3_px1152"
    assert TOPIC.image_path(us49, False) == "images/Flag of the United States-stars=49_1152.png"
    eu13 = FlagSpec(element="stars", flag="european_union", action="add", px=768)
    assert TOPIC.released_id(eu13, q2, False) == "flag_stars_001_notitle_Q2_px768"
    assert TOPIC.image_path(eu13, False) == "images/Flag of Europe-stars=13_768.png"
    us14 = FlagSpec(element="stripes", flag="united_states", action="add", px=1152)
    assert [TOPIC.released_id(us14, q, False) for q in (q1, q2, q3)] == [
        "Flag_of_the_United_States_stripes_14_1152",
        "Flag_of_the_United_States_stripes_14_1152_1",
        "Flag_of_the_United_States_stripes_14_1152_2",
    ]
    assert TOPIC.released_id(us14, q2, True) == "Flag_of_the_United_States_stripes_14_withtitle_1152_1"
    assert TOPIC.image_path(us14, False) == "images/Flag of the United States-stripes=14_1152.png"
    examples = {
        ("stars", "european_union"): (11, 13),
        ("stars", "australia"): (5, 7),
        ("stars", "united_states"): (49, 51),
        ("stripes", "cuba"): (4, 6),
        ("stripes", "zimbabwe"): (6, 8),
        ("stripes", "united_states"): (12, 14),
    }
    for (element, flag), counts in examples.items():
        paths = {
            TOPIC.image_path(FlagSpec(element=element, flag=flag, action=action, px=1152), False)
            for action in ("remove", "add")
        }
        title = NAMING[flag]
        assert paths == {f"images/{title}-{element}={count}_1152.png" for count in counts}
    numbers = sorted(
        TOPIC.released_id(spec, q1, False)[11:14]
        for spec in TOPIC.plan(PAPER, None).counterfactuals
        if spec.element == "stars" and spec.px == 384
    )
    assert numbers == [f"{n:03d}" for n in range(1, 27)]


def test_labels_and_metadata() -> None:
    spec = FlagSpec(element="stripes", flag="united_states", action="remove", px=1152)
    assert TOPIC.sub_topic(spec) == "Flags 2D Stripes" and TOPIC.title(spec) == "United States"
    assert TOPIC.modification(spec) == "remove"
    meta = json.loads(json.dumps(TOPIC.metadata(spec)))
    assert {k: meta[k] for k in ("country", "element", "standard_count", "actual_count", "action")} == {
        "country": "United States",
        "element": "stripes",
        "standard_count": 13,
        "actual_count": 12,
        "action": "remove",
    }
    assert meta["layout"] == "stripes" and meta["aspect"] == 1.9
    stars = FlagSpec(element="stars", flag="venezuela", action="none", px=384)
    assert TOPIC.sub_topic(stars) == "Flags 2D Stars" and TOPIC.modification(stars) == "none"
    assert TOPIC.metadata(stars)["layout"] == "arc"


# ------------------------------------------------------------------ pixel audits of the paper build

#: image_id -> count measured from pixels, shared by splits that embed the same image.
_AUDITED: dict[str, int] = {}


def _images(dataset) -> dict[str, list[dict]]:
    """Rows (without the image) grouped by image_id, each with its row index."""
    grouped: dict[str, list[dict]] = {}
    for index, row in enumerate(dataset.remove_columns("image")):
        grouped.setdefault(row["image_id"], []).append({**row, "_index": index})
    return grouped


def _audit_split(load_split, split: str) -> dict[str, tuple[list[dict], int]]:
    """Check every distinct image of a split once: its size, then its count from pixels."""
    dataset = load_split(CONFIG, split)
    audited = {}
    for image_id, rows in _images(dataset).items():
        first = rows[0]
        meta = json.loads(first["metadata"])
        flag, element = meta["flag"], meta["element"]
        assert first["topic"] == "Flags" and Fraction(meta["aspect"]).limit_denominator(100) == ASPECT[flag]
        width, height = scene_size(flag, first["pixel"])
        if image_id not in _AUDITED:
            image = dataset[first["_index"]]["image"]
            assert image.mode == "RGB" and image.size == (first["width"], first["height"])
            if first["with_title"]:
                bar = image.height - height
                assert image.width == width and 0 < bar < height, f"{image_id}: bad title bar {bar}"
                image = crop_title(image, height)[1]
            assert image.size == (width, height), image_id
            rgb = np.asarray(image)
            _AUDITED[image_id] = count_stars(rgb, flag) if element == "stars" else count_stripes(rgb, flag)
        counted = _AUDITED[image_id]
        shift = {"add": 1, "remove": -1, "none": 0}[meta["action"]]
        expected = STANDARD[(element, flag)] + shift
        assert counted == expected == meta["actual_count"], (
            f"{image_id}: pixels give {counted}, expected {expected}"
        )
        audited[image_id] = (rows, counted)
    return audited


@pytest.mark.parametrize("split", ["main", "withtitle"])
def test_counting_splits_match_pixels(load_split, split: str) -> None:
    audited = _audit_split(load_split, split)
    assert len(audited) == 120
    for image_id, (rows, counted) in audited.items():
        meta = json.loads(rows[0]["metadata"])
        assert sorted(row["type_of_question"] for row in rows) == ["Q1", "Q2"], image_id
        for row in rows:
            assert f" {meta['element']} " in row["prompt"] and row["prompt"].endswith(NUMBER_SUFFIX)
            assert int(row["ground_truth"]) == counted, row["ID"]
            assert int(row["expected_bias"]) == STANDARD[(meta["element"], meta["flag"])], row["ID"]
            assert row["image_path"] == (
                f"images/{NAMING[meta['flag']]}-{meta['element']}={counted}"
                f"{'_withtitle' if split == 'withtitle' else ''}_{row['pixel']}.png"
            )
            assert row["with_title"] == (split == "withtitle") and row["is_counterfactual"]
            assert (
                row["sub_topic"]
                == {"stars": "Flags 2D Stars", "stripes": "Flags 2D Stripes"}[meta["element"]]
            )


def test_identification_split_matches_pixels(load_split) -> None:
    audited = _audit_split(load_split, "identification")
    assert len(audited) == 120
    main = load_split(CONFIG, "main")
    hashes = dict(zip(main["image_id"], main["pixel_sha256"], strict=True))
    for image_id, (rows, counted) in audited.items():
        assert rows[0]["pixel_sha256"] == hashes[image_id], f"{image_id} differs from its main image"
        (row,) = rows
        meta = json.loads(row["metadata"])
        assert row["type_of_question"] == "Q3" and (row["ground_truth"], row["expected_bias"]) == (
            "No",
            "Yes",
        )
        assert row["prompt"] == f"Is this the flag of {COUNTRY[meta['flag']]}? {YES_NO_SUFFIX}"
        assert counted != STANDARD[(meta["element"], meta["flag"])], image_id


def test_original_split_matches_pixels(load_split) -> None:
    audited = _audit_split(load_split, "original")
    assert len(audited) == 60
    for image_id, (rows, counted) in audited.items():
        meta = json.loads(rows[0]["metadata"])
        assert counted == STANDARD[(meta["element"], meta["flag"])], image_id
        answers = {row["type_of_question"]: row["ground_truth"] for row in rows}
        assert answers == {"ID": NAMING[meta["flag"]], "Q1": str(counted)}, image_id
        assert all(row["expected_bias"] is None and not row["is_counterfactual"] for row in rows)


def test_withtitle_keeps_the_untitled_pixels(load_split) -> None:
    """Under the title bar, each titled image is the untitled one, pixel for pixel."""
    main, titled = load_split(CONFIG, "main"), load_split(CONFIG, "withtitle")
    plain = {image_id: index for index, image_id in enumerate(main["image_id"])}
    for prefix in ("flag_stars_008_united_states_add", "flag_stripes_007_zimbabwe_remove"):
        index = next(i for i, image_id in enumerate(titled["image_id"]) if image_id.startswith(prefix))
        row = titled[index]
        untitled = np.asarray(main[plain[row["image_id"].replace("_withtitle_", "_notitle_")]]["image"])
        assert np.array_equal(np.asarray(row["image"])[-untitled.shape[0] :], untitled)


def _counted_stars(canvas: Canvas) -> list[str]:
    """The outline of each counted star in an SVG, in drawing order."""
    return [
        element.get("points") or element.get("d") or ""
        for element in canvas.root.iter()
        if element.get("class") == "star counted"
    ]


def test_a_fresh_edition_drops_a_drawn_star_from_constellations_and_shows_it() -> None:
    """Seeds choose which star a constellation flag loses (any of them: the metadata names it); the
    picture shows one star fewer, the star gone is the one named, and every other flag is drawn as in
    the canonical edition."""
    dropped: dict[str, set[int]] = {}
    for edition in range(1, 5):
        for spec in TOPIC.plan(LITE, edition).counterfactuals:
            scene = TOPIC.scene(spec)
            if spec.action != "remove" or spec.definition.rule != "constellation":
                canonical = TOPIC.scene(dataclasses.replace(spec, edition=None))
                assert scene.canvas.to_string() == canonical.canvas.to_string(), spec
                continue
            star = int(TOPIC.metadata(spec)["arrangement"].rsplit(" ", 1)[1])
            dropped.setdefault(spec.flag, set()).add(star)
            unmodified = TOPIC.scene(dataclasses.replace(spec, action="none"))
            full = _counted_stars(unmodified.canvas)
            assert _counted_stars(scene.canvas) == full[: star - 1] + full[star:], (spec.flag, edition)
            rgb = np.asarray(decode_png(rasterize(scene.canvas, scene.width, scene.height).png))
            assert count_stars(rgb, spec.flag) == spec.actual == len(full) - 1, (spec.flag, edition)
    assert set(dropped) == {"australia", "china", "new_zealand", "samoa", "tuvalu"}
    assert any(len(stars) > 1 for stars in dropped.values())
