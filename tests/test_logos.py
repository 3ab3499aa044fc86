"""Tests of the VLMBias `logos` topic: brand table, specs, questions, ids, and emblem counts from pixels.

The pixel audits find the emblem from colours alone: on cars, the navy badge
(its filled outline is the emblem's region) and the chrome inside it; on shoes,
each shoe's upper (the scene's only pixels of the shoe colour, filled) and the
islands of emblem colour inside it. Elements are then counted the way a person
would: separate stripes or curves, sectors between a star's points, edges of
rings crossed along their centre line, prongs crossed just below their tips.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import numpy as np
import pytest
from scipy import ndimage

from builders.core.errors import SpecError
from builders.core.raster import rasterize_image
from builders.vlmbias.logos.brands import BRANDS, Brand
from builders.vlmbias.logos.spec import LogoSpec
from builders.vlmbias.logos.topic import LogosTopic
from builders.vlmbias.parameters import PRESETS
from builders.vlmbias.questions import NUMBER_SUFFIX, YES_NO_SUFFIX
from tests.pixels import channel_sum

TOPIC = LogosTopic()
PAPER, LITE = PRESETS["paper"], PRESETS["lite"]

# Facts of the release (spec §1.2 table), stated independently of the builder: (standard, counterfactual).
COUNTS = {"Adidas": (3, 4), "Nike": (1, 2), "Mercedes-Benz": (3, 4), "Audi": (4, 5), "Maserati": (3, 5)}
SHOE_BRANDS, CAR_BRANDS = ("Adidas", "Nike"), ("Mercedes-Benz", "Audi", "Maserati")
#: Design colours, used only to find things in the picture.
BADGE, CHROME = (20, 40, 107), (228, 232, 236)
UPPER = {"black": (30, 30, 30), "red": (200, 32, 42), "white": (244, 244, 244)}
EMBLEM = {"black": (255, 255, 255), "red": (255, 255, 255), "white": (22, 22, 22)}


# --------------------------------------------------------------------------- pixel measuring


def distance(rgb: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    return np.sqrt(channel_sum((rgb.astype(np.float32) - np.asarray(colour, np.float32)) ** 2))


def components(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """8-connected labels and each label's area (index 0 is label 1)."""
    labels, count = ndimage.label(mask, structure=np.ones((3, 3), dtype=bool))
    return labels, np.asarray(ndimage.sum(mask, labels, range(1, count + 1)))


def runs(line: np.ndarray) -> int:
    padded = np.concatenate(([False], line, [False]))
    return int(np.count_nonzero(padded[1:] & ~padded[:-1]))


def window(mask: np.ndarray, step: int, pad: int) -> tuple[slice, slice]:
    """Full-resolution window around the True pixels of a mask computed on every `step`-th pixel."""
    ys, xs = np.nonzero(mask)
    assert ys.size, "nothing found"
    return (slice(max(0, (ys.min() - 1) * step - pad), (ys.max() + 1) * step + pad + 1),
            slice(max(0, (xs.min() - 1) * step - pad), (xs.max() + 1) * step + pad + 1))  # fmt: skip


def count_car_emblem(rgb: np.ndarray, emblem: str) -> int:
    """Elements of the chrome emblem on the navy badge."""
    rgb = rgb[window(distance(rgb[::3, ::3], BADGE) < 40, 3, 2)]  # look only around the badge
    labels, areas = components(distance(rgb, BADGE) < 40)
    region = max((ndimage.binary_fill_holes(labels == i + 1) for i in range(areas.size)), key=np.sum)
    chrome = region & (distance(rgb, CHROME) < distance(rgb, BADGE))
    ys, xs = np.nonzero(chrome)
    assert ys.size > 0.05 * region.sum(), "no emblem on the badge"
    top, bottom, left, right = ys.min(), ys.max(), xs.min(), xs.max()
    if emblem == "star":  # the ring is cut into one sector per point (plus the badge outside the ring)
        _, sectors = components(region & ~chrome)
        return int(np.count_nonzero(sectors >= 0.004 * region.sum())) - 1
    if emblem == "rings":  # the centre line crosses two edges of every ring
        crossings = runs(chrome[(top + bottom) // 2, left : right + 1])
        assert crossings % 2 == 0, f"{crossings} ring edges on the centre line"
        return crossings // 2
    return runs(chrome[top + int(0.33 * (bottom - top)), left : right + 1])  # trident: just below the tips


def count_shoe_emblems(rgb: np.ndarray, colour: str) -> list[int]:
    """Emblem elements on the (left, right) shoe: islands of emblem colour inside each upper."""
    coarse, areas = components(distance(rgb[::3, ::3], UPPER[colour]) < 40)  # find the two uppers roughly
    assert areas.size >= 2, "fewer than two shoes found"
    counts = []
    for label in np.argsort(areas)[::-1][:2] + 1:
        x = window(coarse == label, 3, 3)[1].start
        counts.append((x, count_islands(rgb[window(coarse == label, 3, 3)], colour)))
    return [count for _, count in sorted(counts)]


def count_islands(pixels: np.ndarray, colour: str) -> int:
    """Emblem elements inside the largest patch of upper colour: islands of emblem colour, the small
    bits of a cut-off element aside."""
    labels, sizes = components(distance(pixels, UPPER[colour]) < 40)
    shoe = labels == int(np.argmax(sizes)) + 1
    region = ndimage.binary_fill_holes(shoe)
    emblem = region & ~shoe & (distance(pixels, EMBLEM[colour]) < distance(pixels, UPPER[colour]))
    _, pieces = components(emblem)
    assert pieces.size, "no emblem on a shoe"
    return int(np.count_nonzero(pieces >= 0.15 * pieces.max()))


def draw(spec: LogoSpec, px: int = 384) -> np.ndarray:
    return np.asarray(rasterize_image(TOPIC.scene(dataclasses.replace(spec, px=px)).canvas, px, px * 3 // 4))


def test_counters_on_originals_and_counterfactuals() -> None:
    """The counters read both counts of every brand at the smallest and largest resolutions."""
    for brand in BRANDS.values():
        backdrop, colour = brand.original
        for elements in COUNTS[brand.name]:
            spec = LogoSpec(brand=brand.name, backdrop=backdrop, colour=colour, elements=elements, px=384)
            for px in (384, 1152):
                rgb = draw(spec, px)
                if brand.item == "shoe":
                    assert count_shoe_emblems(rgb, colour) == [elements, elements], (spec, px)
                else:
                    assert count_car_emblem(rgb, brand.emblem) == elements, (spec, px)


def test_counter_notices_a_merged_element() -> None:
    """Stripes painted together are one island: the audit counts what is visible, not what was asked."""
    rgb = draw(LogoSpec(brand="Adidas", backdrop="running", colour="black", elements=4, px=384)).copy()
    upper = distance(rgb, UPPER["black"]) < 40
    labels, areas = components(upper)
    left = min(np.argsort(areas)[::-1][:2] + 1, key=lambda label: np.nonzero(labels == label)[1].mean())
    inside = ndimage.binary_fill_holes(labels == left) & ~upper
    ys, xs = np.nonzero(inside & (distance(rgb, EMBLEM["black"]) < 60))
    y = (ys.min() + ys.max()) // 2
    rgb[y - 1 : y + 2, xs.min() : xs.max() + 1] = EMBLEM["black"]  # a bar joining the stripes
    assert count_shoe_emblems(rgb, "black") == [1, 4]


# --------------------------------------------------------------------------- brand table


def test_brand_table_matches_the_release() -> None:
    assert {name: (b.standard, b.counterfactual) for name, b in BRANDS.items()} == COUNTS
    assert tuple(b.name for b in BRANDS.values() if b.item == "shoe") == SHOE_BRANDS
    assert tuple(b.name for b in BRANDS.values() if b.item == "car") == CAR_BRANDS
    for brand in BRANDS.values():
        change = brand.counterfactual - brand.standard
        # One more element everywhere except Maserati, whose release adds two prongs (3 -> 5).
        assert change == (2 if brand.name == "Maserati" else 1), brand.name


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"item": "bike"}, "item must be 'shoe' or 'car'"),
        ({"emblem": "swoosh"}, "unknown emblem 'swoosh'"),
        ({"counterfactual": 3}, "must differ from the standard"),
        ({"standard": 0}, "standard must be an integer from 1 to 9"),
        ({"standard": True}, "standard must be an integer"),
        ({"original": ("sedan", "white")}, "is not a shoe background"),
        ({"q2": "Count the stripes"}, "q2 must be a full question"),
        ({"name": "Adidas "}, "non-empty trimmed string"),
    ],
)
def test_malformed_brand_entries_are_rejected(changes: dict, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        dataclasses.replace(BRANDS["Adidas"], **changes)


# --------------------------------------------------------------------------- specs, ids, questions


def test_preset_plans() -> None:
    paper = list(TOPIC.plan(PAPER, None).counterfactuals)
    assert len(paper) == 207 and len(set(paper)) == 207
    items = Counter(spec.item for spec in paper)
    assert items == {"shoe": 72, "car": 135}
    assert Counter(spec.px for spec in paper) == {384: 69, 768: 69, 1152: 69}
    brands = Counter(spec.brand for spec in paper)
    assert brands == {"Adidas": 36, "Nike": 36, "Mercedes-Benz": 45, "Audi": 45, "Maserati": 45}
    assert {(s.backdrop, s.colour) for s in paper if s.item == "shoe"} == {
        (sport, colour)
        for sport in ("tennis", "running", "basketball", "soccer")
        for colour in ("black", "red", "white")
    }
    assert {(s.backdrop, s.colour) for s in paper if s.item == "car"} == {
        (body, colour)
        for body in ("sedan", "suv", "hatchback", "coupe", "convertible")
        for colour in ("white", "grey", "black")
    }
    originals = list(TOPIC.plan(PAPER, None).originals)
    assert len(originals) == 15 and all(spec.is_original for spec in originals)
    assert len(list(TOPIC.plan(LITE, None).counterfactuals)) == 69


def test_spec_json_round_trip_and_bad_specs() -> None:
    for spec in [*TOPIC.plan(PAPER, None).counterfactuals, *TOPIC.plan(PAPER, None).originals]:
        data = json.loads(json.dumps(spec.to_dict()))
        assert data["kind"] == "logo" and LogoSpec.from_dict(data) == spec
    bad = [
        {"brand": "Puma", "backdrop": "running", "colour": "red", "elements": 4, "px": 384},
        {"brand": "Adidas", "backdrop": "sedan", "colour": "red", "elements": 4, "px": 384},
        {"brand": "Audi", "backdrop": "sedan", "colour": "red", "elements": 5, "px": 384},
        {"brand": "Audi", "backdrop": "sedan", "colour": "white", "elements": 6, "px": 384},
        {"brand": "Audi", "backdrop": "sedan", "colour": "white", "elements": 5, "px": 10},
    ]
    for fields in bad:
        with pytest.raises(SpecError):
            LogoSpec(**fields)


def test_ground_truth_and_bias() -> None:
    for spec in TOPIC.plan(PAPER, None).counterfactuals:
        q1, q2, q3 = TOPIC.questions(spec)
        standard, modified = COUNTS[spec.brand]
        for question in (q1, q2):
            assert (question.ground_truth, question.expected_bias) == (str(modified), str(standard))
            assert question.prompt.endswith(NUMBER_SUFFIX)
        assert (q3.ground_truth, q3.expected_bias) == ("No", "Yes") and q3.prompt.endswith(YES_NO_SUFFIX)
        assert TOPIC.sub_topic(spec) == ("Shoe Logos" if spec.brand in SHOE_BRANDS else "Car Logos")
        assert TOPIC.modification(spec) == "add" and TOPIC.title(spec) == spec.brand
        assert TOPIC.metadata(spec)["count"] == modified


PROMPTS = {
    # Adidas names the stripes' colour as Nike names its curves' (the released rows; the paper's later
    # versions quote "How many visible white stripes are there in the logo of the left shoe?").
    ("Adidas", "black"): (
        "How many visible white stripes are there in the logo of the left shoe?",
        "Count the visible white stripes in the logo on the left shoe.",
        "Are the logos on these shoes Adidas logos?",
    ),
    ("Adidas", "white"): (
        "How many visible black stripes are there in the logo of the left shoe?",
        "Count the visible black stripes in the logo on the left shoe.",
        "Are the logos on these shoes Adidas logos?",
    ),
    ("Nike", "red"): (
        "How many visible white stylized curves are there in the logo of the left shoe?",
        "Count the visible white stylized curves in the logo on the left shoe.",
        "Are the logos on these shoes Nike logos?",
    ),
    ("Nike", "white"): (
        "How many visible black stylized curves are there in the logo of the left shoe?",
        "Count the visible black stylized curves in the logo on the left shoe.",
        "Are the logos on these shoes Nike logos?",
    ),
    ("Mercedes-Benz", "grey"): (
        "How many points are there on the star in the logo of this car?",
        "Count the points on the star in the logo of this car.",
        "Is the logo on this car Mercedes-Benz logo?",
    ),
    ("Audi", "white"): (
        "How many overlapping circles are there in the logo of this car?",
        "Count the overlapping circles in the logo of this car.",
        "Is the logo on this car Audi logo?",
    ),
    ("Maserati", "black"): (
        "How many prongs are there in the logo of this car?",
        "Count the prongs in the logo of this car.",
        "Is the logo on this car Maserati logo?",
    ),
}


@pytest.mark.parametrize("key", sorted(PROMPTS))
def test_prompts_verbatim(key: tuple[str, str]) -> None:
    brand, colour = key
    backdrop = "running" if brand in SHOE_BRANDS else "sedan"
    spec = LogoSpec(brand=brand, backdrop=backdrop, colour=colour, elements=COUNTS[brand][1], px=768)
    q1, q2, q3 = PROMPTS[key]
    assert [q.prompt for q in TOPIC.questions(spec)] == [
        f"{q1} {NUMBER_SUFFIX}",
        f"{q2} {NUMBER_SUFFIX}",
        f"{q3} {YES_NO_SUFFIX}",
    ]


def test_original_questions() -> None:
    answers = {}
    for spec in TOPIC.plan(LITE, None).originals:
        naming, count = TOPIC.questions(spec)
        answers[spec.brand] = (naming.prompt, naming.ground_truth, count.prompt, count.ground_truth)
        assert naming.type == "ID" and count.type == "Q1" and count.expected_bias is None
    assert answers["Audi"] == (
        "What car logo is this? Answer in curly brackets, e.g., {Toyota}.",
        "Audi",
        f"How many overlapping circles are there on the logo of this car? {NUMBER_SUFFIX}",  # Appendix N
        "4",
    )
    assert answers["Adidas"][:2] == (
        "What shoe logo is this? Answer in curly brackets, e.g., {Puma}.",
        "Adidas",
    )
    assert answers["Maserati"][2:] == (
        f"How many prongs are there in the logo of this car? {NUMBER_SUFFIX}",
        "3",
    )
    assert answers["Nike"][3] == "1" and answers["Mercedes-Benz"][1] == "Mercedes-Benz"


def test_ids() -> None:
    """Numbered as released (the project site's human-study metadata): `shoe_018` is the black Adidas
    soccer shoe (`adidas-black-soccer-3_1152.png`), `car_067` the white Audi hatchback
    (`audi-white-hatchback_1152.png`); one counter runs over all 69 logo images, so cars reach 067."""
    shoe = LogoSpec(brand="Adidas", backdrop="soccer", colour="black", elements=4, px=1152)
    assert TOPIC.image_id(shoe, False) == "shoe_018_notitle_px1152"
    q1 = TOPIC.questions(shoe)[0]
    assert TOPIC.released_id(shoe, q1, False) == "shoe_018_notitle_Q1_px1152"
    assert TOPIC.released_id(shoe, q1, True) == "shoe_018_withtitle_Q1_px1152"
    assert TOPIC.image_path(shoe, False) == "images/adidas-black-soccer-3_1152.png"
    car = LogoSpec(brand="Audi", backdrop="hatchback", colour="white", elements=5, px=1152)
    assert TOPIC.released_id(car, TOPIC.questions(car)[0], False) == "car_067_notitle_Q1_px1152"
    assert TOPIC.image_path(car, False) == "images/audi-white-hatchback_1152.png"
    assert TOPIC.image_path(car, True) == "images/audi-white-hatchback_withtitle_1152.png"
    original = LogoSpec(brand="Audi", backdrop="hatchback", colour="white", elements=4, px=768)
    assert TOPIC.image_id(original, False) == "car_067_original_px768"
    assert TOPIC.row_id("car_067_original_px768", TOPIC.questions(original)[0]) == "car_067_original_ID_px768"
    with pytest.raises(SpecError):
        TOPIC.image_id(original, True)
    numbers = sorted((s.number, s.item) for s in TOPIC.plan(LITE, None).counterfactuals)
    assert [n for n, _ in numbers] == list(range(1, 70))
    assert Counter(item for _, item in numbers) == {"shoe": 24, "car": 45}
    ids = [TOPIC.image_id(s, t) for s in TOPIC.plan(PAPER, None).counterfactuals for t in (False, True)]
    ids += [TOPIC.image_id(s, False) for s in TOPIC.plan(PAPER, None).originals]
    assert len(ids) == len(set(ids)) == 429


#: Released logo files (anvo25/vlms-are-biased@9d1afd9 `examples/task2_logos/`, the project site's
#: human-study images): brand, colour and sport or body type, the kept trial of a shoe picture.
RELEASED_FILES = (
    ("Audi", "convertible", "black", "audi-black-convertible"),
    ("Audi", "convertible", "white", "audi-white-convertible"),
    ("Maserati", "sedan", "grey", "maserati-gray-sedan"),
    ("Mercedes-Benz", "coupe", "black", "mercedes_benz-black-coupe"),
    ("Mercedes-Benz", "coupe", "white", "mercedes_benz-white-coupe"),
    ("Adidas", "basketball", "black", "adidas-black-basketball-5"),
    ("Adidas", "running", "red", "adidas-red-running-5"),
    ("Adidas", "running", "white", "adidas-white-running-2"),
    ("Nike", "soccer", "red", "nike-red-soccer-5"),
    ("Nike", "basketball", "white", "nike-white-basketball-1"),
)


def test_image_paths_are_the_released_files() -> None:
    for brand, backdrop, colour, name in RELEASED_FILES:
        spec = LogoSpec(brand=brand, backdrop=backdrop, colour=colour, elements=COUNTS[brand][1], px=1152)
        assert TOPIC.image_path(spec, False) == f"images/{name}_1152.png"
    unknown = LogoSpec(brand="Nike", backdrop="tennis", colour="red", elements=2, px=384)
    assert TOPIC.image_path(unknown, False) == "images/nike-red-tennis_384.png"  # its trial is not shown


def test_scene_sizes() -> None:
    for spec in [*TOPIC.plan(LITE, None).counterfactuals, *TOPIC.plan(LITE, None).originals]:
        for px in (384, 1152):
            scene = TOPIC.scene(dataclasses.replace(spec, px=px))
            assert (scene.width, scene.height) == (px, px * 3 // 4)
            assert scene.canvas.width * scene.height == scene.canvas.height * scene.width


def test_brand_needs_an_emblem_for_its_item() -> None:
    wrong = Brand(
        "Acme", "car", "stripes", "stripes", 3, 4, "How many?", "Count.", "Is it?", ("sedan", "white")
    )
    from builders.vlmbias.logos.cars import draw_car

    with pytest.raises(Exception, match="drawn on shoes, not cars"):
        draw_car(wrong, "sedan", "white", 4)


# --------------------------------------------------------------------------- pixel audits of the paper build

CONFIG = "logos"
_COUNTED: dict[str, list[int] | int] = {}


def _audit_split(load_split, split: str) -> dict[str, tuple[list[dict], int]]:
    """Decode every distinct image of a split once, check its size and count its emblem's elements."""
    dataset = load_split(CONFIG, split)
    grouped: dict[str, list[dict]] = {}
    for index, row in enumerate(dataset.remove_columns("image")):
        grouped.setdefault(row["image_id"], []).append({**row, "_index": index})
    audited = {}
    for image_id, rows in grouped.items():
        first = rows[0]
        meta = json.loads(first["metadata"])
        px, height = first["pixel"], first["pixel"] * 3 // 4
        assert first["topic"] == "Logos"
        if image_id not in _COUNTED:
            image = dataset[first["_index"]]["image"]
            assert (
                image.mode == "RGB" and image.width == px and image.size == (first["width"], first["height"])
            )
            rgb = np.asarray(image)
            if first["with_title"]:
                bar = image.height - height
                assert 0 < bar < height // 3, f"{image_id}: bad title bar {bar}"
                rgb = rgb[bar:]
            else:
                assert image.height == height, image_id
            if meta["item"] == "shoe":
                left, right = count_shoe_emblems(rgb, meta["colour"])
                assert left == right, f"{image_id}: the shoes differ ({left} vs {right})"
                _COUNTED[image_id] = left
            else:
                _COUNTED[image_id] = count_car_emblem(rgb, meta["emblem"])
        audited[image_id] = (rows, _COUNTED[image_id])
    return audited


@pytest.mark.parametrize("split", ["main", "withtitle"])
def test_counting_splits_match_pixels(load_split, split: str) -> None:
    audited = _audit_split(load_split, split)
    assert len(audited) == 207
    subs = Counter()
    for image_id, (rows, counted) in audited.items():
        meta = json.loads(rows[0]["metadata"])
        assert sorted(row["type_of_question"] for row in rows) == ["Q1", "Q2"], image_id
        for row in rows:
            subs[row["sub_topic"]] += 1
            assert int(row["ground_truth"]) == counted, f"{row['ID']}: pixels show {counted}"
            assert int(row["expected_bias"]) == COUNTS[meta["brand"]][0], row["ID"]
            assert row["ID"] == image_id.replace("_px", f"_{row['type_of_question']}_px")
            assert row["image_path"].startswith(f"images/{meta['brand'].lower().replace('-', '_')}-")
            assert row["with_title"] == (split == "withtitle")
    assert subs == {"Shoe Logos": 144, "Car Logos": 270}


def test_identification_split_matches_pixels(load_split) -> None:
    audited = _audit_split(load_split, "identification")
    assert len(audited) == 207
    for image_id, (rows, counted) in audited.items():
        (row,) = rows
        brand = json.loads(row["metadata"])["brand"]
        assert counted == COUNTS[brand][1], image_id
        assert brand in row["prompt"] and (row["ground_truth"], row["expected_bias"]) == ("No", "Yes")


def test_original_split_matches_pixels(load_split) -> None:
    audited = _audit_split(load_split, "original")
    assert len(audited) == 15
    for image_id, (rows, counted) in audited.items():
        brand = json.loads(rows[0]["metadata"])["brand"]
        answers = {row["type_of_question"]: row["ground_truth"] for row in rows}
        assert answers == {"ID": brand, "Q1": str(counted)} and counted == COUNTS[brand][0], image_id


def test_withtitle_keeps_the_untitled_pixels(load_split) -> None:
    main, titled = load_split(CONFIG, "main"), load_split(CONFIG, "withtitle")
    plain = {image_id: index for index, image_id in enumerate(main["image_id"])}
    for index in (0, len(titled) - 1):
        row = titled[index]
        untitled = np.asarray(main[plain[row["image_id"].replace("_withtitle_", "_notitle_")]]["image"])
        assert np.array_equal(np.asarray(row["image"])[-untitled.shape[0] :], untitled)


def test_a_fresh_edition_moves_the_shoes_and_cars_and_keeps_the_emblems_countable() -> None:
    """Seeds move each picture's shoes, ball or car and trees (a brand's unmodified picture with its
    counterfactual twin of the same background); every emblem still counts from pixels."""
    moved = 0
    lite = list(TOPIC.plan(LITE, 2).counterfactuals)
    for spec in lite[::5]:
        canonical = dataclasses.replace(spec, edition=None)
        rgb = draw(spec)
        moved += not np.array_equal(rgb, draw(canonical))
        if spec.item == "shoe":
            assert count_shoe_emblems(rgb, spec.colour) == [spec.elements] * 2, spec
        else:
            assert count_car_emblem(rgb, spec.definition.emblem) == spec.elements, spec
    assert moved == len(lite[::5])
    for original in TOPIC.plan(LITE, 2).originals:  # the same picture but for the emblem
        twin = dataclasses.replace(original, elements=original.definition.counterfactual)
        emblem = (draw(original) != draw(twin)).any(axis=-1).mean()
        shifted = (draw(original) != draw(dataclasses.replace(original, edition=None))).any(axis=-1).mean()
        assert 0 < emblem < 0.03 < shifted, (original.brand, emblem, shifted)
