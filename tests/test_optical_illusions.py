"""Tests of the VLMBias `optical_illusions` topic: plan, ids, prompts, agreement with pyllusion, pixel audits.

The facts (parameter grid, released ids, prompts) are restated here from the
spec and the paper, not imported from the builder. The pixel measurements look
only at pixels: they find the red targets and measure areas, lengths, angles
and offsets, and they are checked on pyllusion's own images too.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math

import numpy as np
import PIL.Image
import pytest
from scipy import ndimage

from builders.core.errors import SpecError
from builders.core.raster import rasterize_image
from builders.vlmbias.optical_illusions.illusions import ILLUSIONS
from builders.vlmbias.optical_illusions.spec import (
    IllusionSpec,
    counterfactual_specs,
    original_specs,
    release_number,
)
from builders.vlmbias.optical_illusions.topic import OpticalIllusionsTopic
from builders.vlmbias.parameters import PRESETS, VlmBiasParameters
from builders.vlmbias.questions import YES_NO_SUFFIX
from tests.pixels import crop_title

TOPIC = OpticalIllusionsTopic()
PAPER, LITE = PRESETS["paper"], PRESETS["lite"]


def main_specs(params: VlmBiasParameters) -> list[IllusionSpec]:
    """The main-split images a preset plans (canonical edition)."""
    return list(counterfactual_specs(params.optical_illusions, params.resolutions))


def sanity_specs(params: VlmBiasParameters) -> list[IllusionSpec]:
    """The `original` split's images a preset plans (canonical edition)."""
    return list(original_specs(params.optical_illusions, params.resolutions))


CONFIG = "optical_illusions"

# --------------------------------------------------------------------------- facts (spec §1.6, §5.4)

#: name -> (difference-0 values, modified strengths, modified differences, mirrored): spec §5.4.
GRID = {
    "Ebbinghaus": ((3, 4, 5, 6, 7, 8), (3, 5), (0.5, 0.6, 0.7), True),
    "MullerLyer": ((30, 35, 40, 45, 50, 55), (30, 50), (0.3, 0.4, 0.5), True),
    "Ponzo": ((15, 17, 19, 21, 23, 25), (15, 18), (0.15, 0.20, 0.25), True),
    "VerticalHorizontal": ((0.5, 0.6, 0.7, 0.8, 0.9, 1.0), (0.5, 1.0), (0.3, 0.4, 0.5), False),
    "Zollner": ((50, 55, 60, 65, 70, 75), (60, 75), (2, 2.5, 3), True),
    "Poggendorff": ((30, 35, 40, 45, 50, 55), (40, 45, 50), (0.1, 0.2), True),
}
SUB_TOPICS = {
    "Ebbinghaus": "Ebbinghaus illusion",
    "MullerLyer": "Müller-Lyer illusion",
    "Ponzo": "Ponzo illusion",
    "VerticalHorizontal": "Vertical-Horizontal illusion",
    "Zollner": "Zöllner illusion",
    "Poggendorff": "Poggendorff illusion",
}
_B = " Answer in curly brackets, e.g., {Yes} or {No}."
#: The paper's prompt table (Appendix H), verbatim, including its stray "Answer with Yes/No.".
PROMPTS = {
    "Ebbinghaus": (
        "Are the two inner circles equal in size?" + _B,
        "Do the two inner circles have the same size?" + _B,
        "Is this an example of the Ebbinghaus illusion?" + _B,
    ),
    "MullerLyer": (
        "Are the two horizontal lines equal in length?" + _B,
        "Do the two horizontal lines have the same length?" + _B,
        "Is this an example of the Müller-Lyer illusion? Answer with Yes/No." + _B,
    ),
    "Ponzo": (
        "Are the two horizontal lines equal in length?" + _B,
        "Do the two horizontal lines have the same length?" + _B,
        "Is this an example of the Ponzo illusion?" + _B,
    ),
    "VerticalHorizontal": (
        "Are the horizontal and vertical lines equal in length?" + _B,
        "Do the horizontal and vertical lines have the same length?" + _B,
        "Is this an example of the Vertical–Horizontal illusion?" + _B,
    ),
    "Zollner": (
        "Are the two horizontal lines parallel?" + _B,
        "Do the two horizontal lines run parallel?" + _B,
        "Is this an example of the Zöllner illusion?" + _B,
    ),
    "Poggendorff": (
        "Are the two diagonal line segments aligned?" + _B,
        "Do the two diagonal lines form a straight line?" + _B,
        "Is this an example of the Poggendorff illusion?" + _B,
    ),
}


def expected_cells(name: str) -> list[tuple[int, float, float]]:
    """(sample, strength or size_min, difference) in release order, from the spec's table and rule."""
    equal, strengths, differences, mirrored = GRID[name]
    signs = (1, -1) if mirrored else (1,)
    cells = [(s * v, 0.0) for v in equal for s in signs]
    cells += [(s * v, s * d) for v in strengths for d in differences for s in signs]
    return [(number, value, diff) for number, (value, diff) in enumerate(cells, start=1)]


def knob(spec: IllusionSpec) -> float:
    return spec.size_min if spec.illusion == "VerticalHorizontal" else spec.illusion_strength


# --------------------------------------------------------------------------- plan, ids, questions


def test_paper_preset_counts() -> None:
    specs = list(main_specs(PAPER))
    assert len(specs) == 396
    for px in (384, 768, 1152):
        assert sum(spec.px == px for spec in specs) == 132 == 24 * 5 + 12
    for name in GRID:
        mine = [spec for spec in specs if spec.illusion == name]
        per_px = 12 if name == "VerticalHorizontal" else 24
        assert len(mine) == 3 * per_px
        assert sum(spec.difference == 0 for spec in mine) == len(mine) // 2
    originals = list(sanity_specs(PAPER))
    assert len(originals) == 18 and all(spec.difference == 0 and spec.sample == 0 for spec in originals)
    assert len(list(main_specs(LITE))) == 24 and len(list(sanity_specs(LITE))) == 6
    assert all(spec.px == 384 for spec in main_specs(LITE))


@pytest.mark.parametrize("name", sorted(GRID))
def test_sample_numbering_follows_the_release(name: str) -> None:
    specs = [spec for spec in main_specs(PAPER) if spec.illusion == name and spec.px == 384]
    got = [(spec.sample, knob(spec), spec.difference) for spec in specs]
    assert got == [(n, pytest.approx(v), pytest.approx(d)) for n, v, d in expected_cells(name)]


def test_ids_match_the_released_examples() -> None:
    specs = {(spec.illusion, spec.sample, spec.px): spec for spec in main_specs(PAPER)}
    ids = {key: TOPIC.image_id(spec, False) for key, spec in specs.items()}
    assert ids["Ebbinghaus", 17, 1152] == "Ebbinghaus_017_str3_diff0p7_notitle_px1152"
    assert ids["Poggendorff", 20, 384] == "Poggendorff_020_strneg45_diffneg0p2_notitle_px384"
    assert ids["Zollner", 20, 768] == "Zollner_020_strneg75_diffneg2_notitle_px768"
    assert ids["Zollner", 16, 768] == "Zollner_016_strneg60_diffneg2p5_notitle_px768"
    assert ids["Ponzo", 16, 384] == "Ponzo_016_strneg15_diffneg0p2_notitle_px384"
    assert ids["VerticalHorizontal", 12, 1152] == "VerticalHorizontal_012_min1p0_diff0p5_notitle_px1152"
    assert ids["MullerLyer", 2, 384] == "MullerLyer_002_strneg30_diff0_notitle_px384"
    zollner = specs["Zollner", 8, 1152]
    titled = TOPIC.image_id(zollner, True)
    assert titled == "Zollner_008_strneg65_diff0_withtitle_px1152"
    rows = [TOPIC.row_id(TOPIC.image_id(zollner, False), q) for q in TOPIC.questions(zollner)]
    assert rows == [f"Zollner_008_Q{k}_notitle_px1152" for k in (1, 2, 3)]
    assert TOPIC.row_id(titled, TOPIC.questions(zollner)[0]) == "Zollner_008_Q1_withtitle_px1152"
    poggendorff = specs["Poggendorff", 16, 1152]
    assert TOPIC.row_id(TOPIC.image_id(poggendorff, False), TOPIC.questions(poggendorff)[0]) == (
        "Poggendorff_016_Q1_notitle_px1152"
    )
    sanity = next(spec for spec in sanity_specs(PAPER) if spec.illusion == "Ebbinghaus")
    assert TOPIC.image_id(sanity, False) == "Ebbinghaus_original_px384"
    assert [TOPIC.row_id("Ebbinghaus_original_px384", q) for q in TOPIC.questions(sanity)] == [
        "Ebbinghaus_original_ID_px384",
    ]
    with pytest.raises(SpecError):
        TOPIC.image_id(sanity, True)
    every = [TOPIC.image_id(s, t) for s in main_specs(PAPER) for t in (False, True)]
    every += [TOPIC.image_id(s, False) for s in sanity_specs(PAPER)]
    assert len(every) == len(set(every)) == 396 * 2 + 18
    row_ids = [TOPIC.row_id(TOPIC.image_id(s, False), q) for s in specs.values() for q in TOPIC.questions(s)]
    assert len(row_ids) == len(set(row_ids)) == 396 * 3


def test_release_number_formatting() -> None:
    assert [release_number(v) for v in (3, -45, 0.7, -0.2, 0.15, 2.5, -2, 0, -0.0)] == [
        "3",
        "neg45",
        "0p7",
        "neg0p2",
        "0p15",
        "2p5",
        "neg2",
        "0",
        "0",
    ]
    assert [release_number(v, keep_point=True) for v in (0.5, 1.0)] == ["0p5", "1p0"]


@pytest.mark.parametrize("name", sorted(GRID))
def test_prompts_are_verbatim_and_truth_follows_the_difference(name: str) -> None:
    for spec in main_specs(PAPER):
        if spec.illusion != name:
            continue
        questions = TOPIC.questions(spec)
        assert [q.prompt for q in questions] == list(PROMPTS[name])
        assert [q.type for q in questions] == ["Q1", "Q2", "Q3"]
        truth, bias = ("Yes", "No") if spec.difference == 0 else ("No", "Yes")
        for question in questions:
            assert (question.ground_truth, question.expected_bias, question.answer_type) == (
                truth,
                bias,
                "yes_no",
            )
            assert question.prompt.endswith(YES_NO_SUFFIX)
        assert TOPIC.modification(spec) == ("none" if spec.difference == 0 else "modified")
        assert TOPIC.sub_topic(spec) == TOPIC.title(spec) == SUB_TOPICS[name]


def test_sanity_questions() -> None:
    """The paper's naming question only: its second sanity question has a free-text answer no exact-match
    scorer can grade."""
    for spec in sanity_specs(PAPER):
        (naming,) = TOPIC.questions(spec)
        label = SUB_TOPICS[spec.illusion]
        assert (
            naming.prompt
            == "What optical illusion is this? Answer in curly brackets, e.g., {Delboeuf illusion}."
        )
        assert (naming.type, naming.ground_truth, naming.expected_bias) == ("ID", label, None)
        assert naming.answer_type == "text"
        assert TOPIC.modification(spec) == "none"
        # The sanity image is the released sample 005 (Vertical-Horizontal 003) scene.
        twin = next(
            s
            for s in main_specs(PAPER)
            if s.illusion == spec.illusion
            and s.px == spec.px
            and s.sample == (3 if spec.illusion == "VerticalHorizontal" else 5)
        )
        assert TOPIC.scene(spec).canvas.to_string() == TOPIC.scene(twin).canvas.to_string()


def test_metadata() -> None:
    """The keys the release's first commit writes (anvo25/vlms-are-biased@b6508ee,
    source/optical_illusion_generator.py: illusion_type, is_diff_zero, prompt_type, pixel and the
    strength or size_min and diff of its parameter lists, integers where they list integers)."""
    spec = next(s for s in main_specs(PAPER) if s.illusion == "Ebbinghaus" and s.sample == 17)
    q1, q2, q3 = TOPIC.questions(spec)
    assert TOPIC.row_metadata(spec, q3) == {
        "illusion_type": "Ebbinghaus",
        "is_diff_zero": False,
        "prompt_type": "Q3",
        "pixel": 384,
        "strength": 3,
        "diff": 0.7,
    }
    assert TOPIC.metadata_json(spec, q1) == (
        '{"diff":0.7,"illusion_type":"Ebbinghaus","is_diff_zero":false,"pixel":384,"prompt_type":"Q1",'
        '"strength":3}'
    )
    vh = next(s for s in main_specs(PAPER) if s.illusion == "VerticalHorizontal")
    assert TOPIC.row_metadata(vh, q2) == {
        "illusion_type": "VerticalHorizontal",
        "is_diff_zero": True,
        "prompt_type": "Q2",
        "pixel": 384,
        "size_min": 0.5,
        "diff": 0,
    }
    for s in [*main_specs(PAPER), *sanity_specs(PAPER)]:
        json.dumps(TOPIC.metadata(s), allow_nan=False)


def test_specs_round_trip_through_json() -> None:
    for spec in [*main_specs(PAPER), *sanity_specs(PAPER)]:
        data = json.loads(json.dumps(spec.to_dict()))
        assert data["kind"] == "optical_illusion"
        again = IllusionSpec.from_dict(data)
        assert again == spec and again.spec_hash == spec.spec_hash
    # Integers are stored as floats, so equal specs hash equally however they were written.
    a = IllusionSpec(illusion="Ponzo", sample=1, illusion_strength=15, difference=0, size_min=0.5, px=384)
    b = IllusionSpec(illusion="Ponzo", sample=1, illusion_strength=15.0, difference=0.0, size_min=0.5, px=384)
    assert a.spec_hash == b.spec_hash


GOOD = {
    "illusion": "Ponzo",
    "sample": 1,
    "illusion_strength": 15,
    "difference": 0,
    "size_min": 0.5,
    "px": 384,
}


@pytest.mark.parametrize(
    "change",
    [
        {"illusion": "Delboeuf"},
        {"sample": -1},
        {"sample": True},
        {"px": 8},
        {"illusion_strength": float("nan")},
        {"difference": "0.2"},
        {"size_min": -0.5},
        {"size_min": None},
        {"illusion": "Zollner"},  # Zöllner has no size_min
        {"sample": 0, "difference": 0.2},  # the sanity image is unmodified
        {"illusion": "VerticalHorizontal", "illusion_strength": 90},  # the T is fixed
    ],
)
def test_bad_specs_are_rejected(change: dict) -> None:
    with pytest.raises(SpecError):
        IllusionSpec(**{**GOOD, **change})


def test_scene_is_square_and_has_no_text() -> None:
    for spec in sanity_specs(PAPER):
        scene = TOPIC.scene(spec)
        assert (scene.width, scene.height) == (spec.px, spec.px)
        assert scene.canvas.root.get("viewBox") == "0 0 1000 1000"
        assert not [element for element in scene.canvas.root.iter() if element.tag == "text"]


# --------------------------------------------------------------------------- pixel measurements

#: Which quantity each illusion's `difference` sets, and the tolerance of its measurement.
RATIO_ILLUSIONS = ("Ebbinghaus", "MullerLyer", "Ponzo", "VerticalHorizontal")


def red_mask(rgb: np.ndarray) -> np.ndarray:
    """Pixels at least half covered by pure red, over any background (R exceeds G and B by >= 128)."""
    red = rgb[..., 0]
    other = np.maximum(rgb[..., 1], rgb[..., 2])
    return (red >= 128) & (other <= red - np.uint8(128))  # uint8 throughout; the first test guards the wrap


Shape = tuple[np.ndarray, int, int]  # (mask cropped to the shape's box, top row, left column)


def shapes_of(mask: np.ndarray) -> list[Shape]:
    """8-connected components of a mask, each cropped to its bounding box."""
    rows, columns = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return []
    top, left = rows[0], columns[0]
    labels, _ = ndimage.label(
        mask[top : rows[-1] + 1, left : columns[-1] + 1], structure=np.ones((3, 3), bool)
    )
    return [
        (labels[box] == index, box[0].start + top, box[1].start + left)
        for index, box in enumerate(ndimage.find_objects(labels), start=1)
    ]


def _pixels(shape: Shape) -> tuple[np.ndarray, np.ndarray]:
    """(rows, columns) of a shape's pixels in image coordinates."""
    crop, top, left = shape
    ys, xs = np.nonzero(crop)
    return ys + top, xs + left


def _centre_line(shape: Shape, keep: float) -> tuple[np.ndarray, np.ndarray]:
    """(x, mean y) of the shape's columns, dropping `(1 - keep) / 2` of its width at each end."""
    crop, top, left = shape
    width = crop.shape[1]
    margin = (1 - keep) / 2 * (width - 1)
    columns = np.arange(math.ceil(margin), math.floor(width - 1 - margin) + 1)
    rows = np.arange(crop.shape[0], dtype=float)[:, None]
    counts = crop[:, columns].sum(axis=0)
    centres = (crop[:, columns] * rows).sum(axis=0) / counts
    return (columns + left).astype(float), centres + top


def measure(name: str, rgb: np.ndarray) -> tuple[int, float]:
    """(number of red shapes, the measured quantity `difference` controls), from pixels only.

    Ebbinghaus: left/right inner-circle area; Müller-Lyer, Ponzo: upper/lower line length;
    Vertical-Horizontal: width/height of the T; Zöllner: upper minus lower line angle (degrees,
    counter-clockwise); Poggendorff: height of the right segment above the left one's line, in
    units of half the image height.
    """
    shapes = shapes_of(red_mask(rgb))
    half = rgb.shape[0] / 2
    if name == "VerticalHorizontal":
        if len(shapes) != 1:
            return len(shapes), math.nan
        height, width = shapes[0][0].shape
        return 1, width / height
    if len(shapes) != 2:
        return len(shapes), math.nan
    axis = 1 if name in ("Ebbinghaus", "Poggendorff") else 0  # left/right or top/bottom
    first, second = sorted(shapes, key=lambda shape: _pixels(shape)[axis].mean())
    if name == "Ebbinghaus":
        return 2, float(first[0].sum()) / float(second[0].sum())
    if name in ("MullerLyer", "Ponzo"):
        return 2, first[0].shape[1] / second[0].shape[1]
    if name == "Zollner":
        angles = []
        for shape in (first, second):
            x, y = _centre_line(shape, keep=0.9)
            angles.append(-math.degrees(math.atan(np.polyfit(x, y, 1)[0])))
        return 2, angles[0] - angles[1]
    # Poggendorff: fit both visible segments with one slope (they are parallel by construction).
    (xl, yl), (xr, yr) = (_centre_line(shape, keep=0.6) for shape in (first, second))
    design = np.zeros((len(xl) + len(xr), 3))
    design[:, 0] = np.concatenate([xl, xr])
    design[: len(xl), 1] = 1
    design[len(xl) :, 2] = 1
    (_, left, right), *_ = np.linalg.lstsq(design, np.concatenate([yl, yr]), rcond=None)
    return 2, -(right - left) / half


def predicted(name: str, difference: float) -> float:
    """The quantity `measure` should find for a difference, by pyllusion's definitions (spec §5.4)."""
    if name in RATIO_ILLUSIONS:
        return 1 + difference if difference >= 0 else 1 / (1 - difference)
    if name == "Zollner":
        return 2 * difference  # each line tilts by |d| towards the other
    return difference


def agrees(name: str, value: float, difference: float, px: int) -> bool:
    """The measurement matches the difference, within what a few pixels can blur."""
    if name in RATIO_ILLUSIONS:
        return abs(math.log(value) - math.log(predicted(name, difference))) <= 0.03
    if name == "Zollner":
        return abs(value - predicted(name, difference)) <= 0.3
    return abs(value - difference) <= 4 / px


def looks_equal(name: str, value: float) -> bool:
    """Equal sizes, parallel lines, aligned segments: what a Yes to Q1/Q2 claims."""
    if name in RATIO_ILLUSIONS:
        return abs(math.log(value)) <= 0.05
    if name == "Zollner":
        return abs(value) <= 1.0
    return abs(value) <= 0.03


def draw(spec: IllusionSpec) -> np.ndarray:
    scene = TOPIC.scene(spec)
    return np.asarray(rasterize_image(scene.canvas, scene.width, scene.height))


@pytest.mark.parametrize("name", sorted(GRID))
def test_our_pixels_measure_the_difference(name: str) -> None:
    """Every paper cell at 384 px: the targets' measured sizes/angles/offsets match `difference`."""
    for spec in main_specs(PAPER):
        if spec.illusion != name or spec.px != 384:
            continue
        count, value = measure(name, draw(spec))
        assert count == ILLUSIONS[name].targets, (spec, count)
        assert agrees(name, value, spec.difference, spec.px), (spec, value, predicted(name, spec.difference))
        assert looks_equal(name, value) == (spec.difference == 0), (spec, value)


def test_measurements_reject_wrong_pictures() -> None:
    """The audit's measurements are not vacuous: a modified picture does not pass as equal, and a
    scene with a target missing is counted as such."""
    equal = next(s for s in main_specs(PAPER) if s.illusion == "Ebbinghaus" and s.sample == 1)
    larger = next(s for s in main_specs(PAPER) if s.illusion == "Ebbinghaus" and s.sample == 13)
    _, value = measure("Ebbinghaus", draw(larger))
    assert not looks_equal("Ebbinghaus", value) and not agrees("Ebbinghaus", value, 0.0, 384)
    rgb = draw(equal).copy()
    rgb[:, : rgb.shape[1] // 2] = 255  # wipe the left half
    assert measure("Ebbinghaus", rgb)[0] == 1


def shift_between(before: np.ndarray, after: np.ndarray) -> tuple[int, int]:
    """The whole-pixel (dx, dy) that moves `before`'s ink onto `after`'s, if one does exactly; else a
    failed assertion."""
    ink_before, ink_after = before.min(axis=-1) < 250, after.min(axis=-1) < 250
    (y0, x0), (y1, x1) = (np.argwhere(ink).min(axis=0) for ink in (ink_before, ink_after))
    dx, dy = int(x1 - x0), int(y1 - y0)
    moved = np.full_like(before, 255)
    height, width = before.shape[:2]
    moved[max(dy, 0) : height + min(dy, 0), max(dx, 0) : width + min(dx, 0)] = before[
        max(-dy, 0) : height + min(-dy, 0), max(-dx, 0) : width + min(-dx, 0)
    ]
    assert np.array_equal(moved, after), f"not a whole-pixel move of the canonical picture ({dx}, {dy})"
    return dx, dy


def test_a_fresh_edition_moves_each_figure_by_whole_pixels_and_keeps_its_measure() -> None:
    """Seeds place every cell's figure elsewhere in its picture (by whole pixels, so pyllusion's pixel
    grid and every measurement stay), the same relative place at every resolution and for the sanity
    image of the cell it shows. Zöllner's lines run off the picture, so they only move up or down."""
    params = dataclasses.replace(LITE, resolutions=(384,))
    moves = {}
    for spec in main_specs(params):
        seeded = dataclasses.replace(spec, edition=4)
        rgb = draw(seeded)
        if spec.illusion == "Zollner":
            canonical = draw(spec)
            dy = int(np.argwhere(red_mask(rgb))[:, 0].min() - np.argwhere(red_mask(canonical))[:, 0].min())
            moves[spec.illusion, spec.sample] = (0, dy)
        else:
            moves[spec.illusion, spec.sample] = shift_between(draw(spec), rgb)
        count, value = measure(spec.illusion, rgb)
        assert count == ILLUSIONS[spec.illusion].targets
        assert agrees(spec.illusion, value, spec.difference, 384)
    assert sum(move != (0, 0) for move in moves.values()) >= 0.9 * len(moves), moves
    paper = {(s.illusion, s.sample, s.px): s for s in main_specs(PAPER)}
    larger = paper["Ebbinghaus", 13, 768]
    dx, dy = shift_between(draw(larger), draw(dataclasses.replace(larger, edition=4)))
    assert abs(dx - 2 * moves["Ebbinghaus", 13][0]) <= 1 and abs(dy - 2 * moves["Ebbinghaus", 13][1]) <= 1
    sanity = next(s for s in sanity_specs(params) if s.illusion == "Ebbinghaus")
    fifth = paper["Ebbinghaus", 5, 384]
    assert np.array_equal(*(draw(dataclasses.replace(spec, edition=4)) for spec in (sanity, fifth)))


# --------------------------------------------------------------------------- agreement with pyllusion


@pytest.fixture(scope="module")
def pyllusion():
    try:
        import pyllusion
    except ImportError:  # pragma: no cover - depends on the environment
        pytest.fail("pyllusion==1.4 is a test dependency: pip install -e '.[test]'")
    return pyllusion


def reference(pyllusion, spec: IllusionSpec, *, targets_only: bool) -> np.ndarray:
    """pyllusion's own image of a cell, at the spec's size."""
    illusion = getattr(pyllusion, spec.illusion)(
        illusion_strength=spec.illusion_strength, difference=spec.difference
    )
    options = {"target_only": True} if targets_only and spec.illusion != "Poggendorff" else {}
    return np.asarray(illusion.to_image(width=spec.px, height=spec.px, **options).convert("RGB"))


def iou(a: np.ndarray, b: np.ndarray) -> float:
    return float((a & b).sum()) / float((a | b).sum())


#: Cells compared with pyllusion: difference 0 with both signs, and modified cells with both signs.
COMPARED = {
    "Ebbinghaus": (12, 14, 17),
    "MullerLyer": (2, 13, 24),
    "Ponzo": (1, 16, 23),
    "Zollner": (8, 13, 24),
    "Poggendorff": (1, 15, 20),
}


@pytest.mark.parametrize("name", sorted(COMPARED))
def test_targets_match_pyllusion(pyllusion, name: str) -> None:
    """Our red targets cover the pixels pyllusion's do (IoU >= 0.98), and pyllusion's own pixels
    measure the same difference (which also checks the measurements against an independent renderer)."""
    for sample in COMPARED[name]:
        spec = next(s for s in main_specs(PAPER) if s.illusion == name and s.sample == sample)
        ours, theirs = draw(spec), reference(pyllusion, spec, targets_only=True)
        overlap = iou(red_mask(ours), red_mask(theirs))
        assert overlap >= 0.98, (spec, overlap)
        count, value = measure(name, theirs)
        assert count == 2 and agrees(name, value, spec.difference, spec.px), (spec, value)


@pytest.mark.parametrize("name", sorted(COMPARED))
def test_whole_scene_matches_pyllusion(pyllusion, name: str) -> None:
    """Inducers too: the full pictures differ by less than one grey level on average."""
    paper = next(s for s in main_specs(PAPER) if s.illusion == name and s.sample == 20)
    spec = dataclasses.replace(paper, px=256)
    ours, theirs = draw(spec).astype(int), reference(pyllusion, spec, targets_only=False).astype(int)
    assert np.abs(ours - theirs).mean() < 1.0, np.abs(ours - theirs).mean()
    dark_ours, dark_theirs = ours.max(axis=2) < 160, theirs.max(axis=2) < 160
    assert iou(dark_ours, dark_theirs) >= 0.95


def test_parameters_match_pyllusion(pyllusion) -> None:
    """Our re-implemented parameter functions give pyllusion's geometry for every paper cell."""
    close = pytest.approx
    for spec in main_specs(PAPER):
        if spec.px != 384:
            continue
        ours = spec.geometry
        s, d = spec.illusion_strength, spec.difference
        if spec.illusion == "VerticalHorizontal":
            theirs = pyllusion.VerticalHorizontal(difference=d, size_min=spec.size_min).to_dict()
            assert (ours["bar_length"], ours["stem_length"]) == close(
                (theirs["Size_Left"], theirs["Size_Right"])
            )
            continue
        theirs = getattr(pyllusion, spec.illusion)(illusion_strength=s, difference=d).to_dict()
        assert ours["congruency"] == theirs["Illusion_Type"], spec
        if spec.illusion == "Ebbinghaus":
            for side in ("Left", "Right"):
                key = side.lower()
                assert ours[f"inner_{key}"] == close(theirs[f"Size_Inner_{side}"])
                assert ours[f"outer_{key}"] == close(theirs[f"Size_Outer_{side}"])
                ring = np.array(ours[f"ring_{key}"])
                assert ring[:, 0] == close(theirs[f"Position_Outer_x_{side}"])
                assert ring[:, 1] == close(theirs[f"Position_Outer_y_{side}"], abs=1e-12)
        elif spec.illusion in ("MullerLyer", "Ponzo"):
            for which in ("Top", "Bottom"):
                (x1, y1), (x2, y2) = ours[which.lower()]
                assert (x1, y1, x2, y2) == close(
                    tuple(theirs[f"{which}_{k}"] for k in ("x1", "y1", "x2", "y2"))
                )
            if spec.illusion == "Ponzo":
                for side in ("Left", "Right"):
                    (x1, y1), (x2, y2) = ours[f"{side.lower()}_rail"]
                    keys = ("x1", "y1", "x2", "y2")
                    assert (x1, y1, x2, y2) == close(tuple(theirs[f"{side}_{k}"] for k in keys))
            else:
                for which in ("Top", "Bottom"):
                    for side in ("Left", "Right"):
                        fins = ours["fins"][f"{which.lower()}_{side.lower()}"]
                        for number, (start, tip) in zip("12", fins, strict=True):
                            key = f"Distractor_{which}{side}{number}"
                            assert (*start, *tip) == close(
                                tuple(theirs[f"{key}_{k}"] for k in ("x1", "y1", "x2", "y2"))
                            )
        elif spec.illusion == "Zollner":
            for which in ("Top", "Bottom"):
                (x1, y1), (x2, y2) = ours[which.lower()]
                assert (x1, y1, x2, y2) == close(
                    tuple(theirs[f"{which}_{k}"] for k in ("x1", "y1", "x2", "y2"))
                )
                hatches = np.array(ours["hatches"][0 if which == "Top" else 1 :: 2]).reshape(-1, 4)
                for column, k in enumerate(("x1", "y1", "x2", "y2")):
                    assert hatches[:, column] == close(theirs[f"Distractors_{which}_{k}"])
        else:  # Poggendorff
            for side in ("Left", "Right"):
                (x1, y1), (x2, y2) = ours[side.lower()]
                assert (x1, y1, x2, y2) == close(
                    tuple(theirs[f"{side}_{k}"] for k in ("x1", "y1", "x2", "y2"))
                )
            assert ours["bar"][1:] == (theirs["Rectangle_Width"], theirs["Rectangle_Height"])


def test_vertical_horizontal_is_the_t_drawn_with_pyllusions_lines(pyllusion) -> None:
    """pyllusion's Vertical-Horizontal at strength 0 is two collinear segments (why we draw the T
    ourselves); our T covers the pixels pyllusion's own line primitive gives for the same strokes,
    and its width/height is pyllusion's left/right length ratio."""
    collinear = red_mask(
        np.asarray(
            pyllusion.VerticalHorizontal(difference=0.3).to_image(width=384, height=384).convert("RGB")
        )
    )
    ys, _ = np.nonzero(collinear)
    assert np.ptp(ys) < 10  # no vertical stroke at all
    for spec in main_specs(PAPER):
        if spec.illusion != "VerticalHorizontal" or spec.px != 384 or spec.sample not in (1, 6, 7, 12):
            continue
        p = spec.geometry
        image = PIL.Image.new("RGB", (spec.px, spec.px), "white")
        raise_bar = 20 / (1.5 * spec.px) / 2  # half of pyllusion's 20/3-pixel line, in grid units
        (x1, y1), (x2, y2) = p["bar"]
        image = pyllusion.image_line(
            image=image, x1=x1, y1=y1 + raise_bar, x2=x2, y2=y2 + raise_bar, color="red", size=20
        )
        (x1, y1), (x2, y2) = p["stem"]
        image = pyllusion.image_line(image=image, x1=x1, y1=y1, x2=x2, y2=y2, color="red", size=20)
        theirs = red_mask(np.asarray(image.convert("RGB")))
        ours = draw(spec)
        assert iou(red_mask(ours), theirs) >= 0.98
        _, ratio = measure("VerticalHorizontal", ours)
        sizes = pyllusion.VerticalHorizontal(difference=spec.difference, size_min=spec.size_min).to_dict()
        assert ratio == pytest.approx(sizes["Size_Left"] / sizes["Size_Right"], rel=0.03)


# --------------------------------------------------------------------------- audits of the paper build

#: image_id -> (pixel hash of the scene, number of red shapes, measured quantity), filled by the audits.
_MEASURED: dict[str, tuple[str, int, float]] = {}


def _audit(load_split, split: str) -> dict[str, list[dict]]:
    """Decode each distinct image of a split once and check its size; rows grouped by image.

    Untitled scenes are measured. A titled image must hold its untitled twin's exact pixels
    under the title bar (so the twin's measurement holds for it), and some dark text in the bar.
    """
    if split == "withtitle":
        _audit(load_split, "main")
    dataset = load_split(CONFIG, split)
    grouped: dict[str, list[dict]] = {}
    for index, row in enumerate(dataset.remove_columns("image")):
        grouped.setdefault(row["image_id"], []).append({**row, "_index": index})
    for image_id, rows in grouped.items():
        first = rows[0]
        if image_id in _MEASURED:
            continue
        px = first["pixel"]
        image = dataset[first["_index"]]["image"]
        assert image.mode == "RGB" and image.size == (first["width"], first["height"]), image_id
        if first["with_title"]:
            assert image.width == px and 0 < image.height - px < px // 4, image_id
            bar, image = crop_title(image, px)
            assert (np.asarray(bar).max(axis=2) < 100).any(), f"{image_id}: title bar has no text"
            scene = hashlib.sha256(np.asarray(image).tobytes()).hexdigest()
            twin = _MEASURED[image_id.replace("_withtitle_", "_notitle_")]
            assert scene == twin[0], f"{image_id}: the scene under the title is not the untitled image"
            _MEASURED[image_id] = twin
            continue
        assert image.size == (px, px), image_id
        rgb = np.asarray(image)
        name = json.loads(first["metadata"])["illusion_type"]
        _MEASURED[image_id] = (hashlib.sha256(rgb.tobytes()).hexdigest(), *measure(name, rgb))
    return grouped


@pytest.mark.parametrize("split", ["main", "withtitle"])
def test_paper_images_show_what_their_rows_claim(load_split, split: str) -> None:
    """Every paper image: two red targets (one T), sizes/angles/offsets as its difference says, and
    ground truth Yes exactly when the targets measure equal. Titled images: the same scene below a bar."""
    grouped = _audit(load_split, split)
    assert len(grouped) == 396
    for image_id, rows in grouped.items():
        meta = json.loads(rows[0]["metadata"])
        name, sample = meta["illusion_type"], image_id.split("_")[1]
        _, count, value = _MEASURED[image_id]
        assert count == (1 if name == "VerticalHorizontal" else 2), image_id
        assert agrees(name, value, meta["diff"], rows[0]["pixel"]), (image_id, value)
        assert sorted(row["type_of_question"] for row in rows) == ["Q1", "Q2"]
        for row in rows:
            assert (row["ground_truth"] == "Yes") == looks_equal(name, value), (row["ID"], value)
            assert row["expected_bias"] == ("No" if row["ground_truth"] == "Yes" else "Yes")
            assert row["topic"] == "Optical Illusion" and row["sub_topic"] == SUB_TOPICS[name]
            assert row["with_title"] == (split == "withtitle")
            assert row["is_counterfactual"] == (meta["diff"] != 0)  # difference-0 images are not
            tag = "withtitle" if split == "withtitle" else "notitle"
            assert row["ID"] == f"{name}_{sample}_{row['type_of_question']}_{tag}_px{row['pixel']}"
            assert (
                row["image_path"] == f"images/{image_id}.png"
            )  # `Ebbinghaus_017_str3_diff0p7_notitle_px1152`
            assert json.loads(row["metadata"])["prompt_type"] == row["type_of_question"]
            assert row["prompt"] == PROMPTS[name][int(row["type_of_question"][1]) - 1]


def test_identification_rows(load_split) -> None:
    _audit(load_split, "main")
    grouped = _audit(load_split, "identification")
    assert len(grouped) == 396
    for image_id, (row,) in grouped.items():
        name = json.loads(row["metadata"])["illusion_type"]
        assert row["type_of_question"] == "Q3" and row["prompt"] == PROMPTS[name][2]
        assert (row["ground_truth"] == "Yes") == looks_equal(name, _MEASURED[image_id][2]), row["ID"]


def test_original_split(load_split) -> None:
    grouped = _audit(load_split, "original")
    assert len(grouped) == 18
    for image_id, rows in grouped.items():
        name = json.loads(rows[0]["metadata"])["illusion_type"]
        assert image_id == f"{name}_original_px{rows[0]['pixel']}"
        assert _MEASURED[image_id][1] == ILLUSIONS[name].targets
        assert looks_equal(name, _MEASURED[image_id][2]), image_id
        answers = {row["type_of_question"]: row["ground_truth"] for row in rows}
        assert answers == {"ID": SUB_TOPICS[name]}
        assert all(row["expected_bias"] is None and not row["is_counterfactual"] for row in rows)
