"""Poggendorff and Poggendorff Horizontal (cases 25, 26) pixel audit: segment offsets, occluder, dashed guide.

Horizontal images are transposed first, so both cases are measured with an
upright occluder (60 x 300 at the centre), a diagonal rising to the right
(rows fitted against columns) and offsets along the occluder as rows. In the
transposed horizontal image the red segment lies right of the occluder and the
black one left of it. Every audit runs on the canonical edition and a fresh one
(`edition`), where the occluder's place and size and the diagonal's angle and
length come from its elements (a mirrored or flipped edition is turned back).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import blobs, dark_mask
from tests.viprobe.drawing import STRENGTHS, changed, elements, pixels, red_mask

CASES = ("poggendorff", "poggendorff_horizontal")
#: Guide dashes at least beyond the red segment's outer end.
DASHES = {"poggendorff": 5, "poggendorff_horizontal": 4}


class Figure:
    """An edition's occluder and diagonal in the upright (transposed for case 26) frame."""

    def __init__(self, case: str, edition: int | None, base_scale: float = 1.0) -> None:
        geometry = elements(case, Variant.ORIGINAL, base_scale, edition=edition)
        self.case = case
        upright = case == "poggendorff"
        x, y = geometry.centre if upright else geometry.centre[::-1]
        length, thickness = geometry.size
        self.bar = (
            round(x - thickness / 2),
            round(x + thickness / 2),
            round(y - length / 2),
            round(y + length / 2),
        )
        self.centre, self.half, self.thickness = (x, y), geometry.half, thickness
        self.angle = geometry.angle  # of originals, degrees above the horizontal (case 26: of its own frame)
        self.perturbed_angle = 30.0 if case == "poggendorff_horizontal" else geometry.angle

    def slope(self, angle: float) -> float:
        """Rows per column of a diagonal at `angle` rising to the right, in the upright frame."""
        radians = math.radians(angle)
        return -math.tan(radians) if self.case == "poggendorff" else -1 / math.tan(radians)

    @property
    def black_columns(self) -> slice:
        """Where the black segment alone lies: past the occluder from the red one."""
        left, right, _, _ = self.bar
        return slice(right + 4, None) if self.case == "poggendorff" else slice(None, left - 4)

    @property
    def red_segment(self) -> float:
        """Longest the red segment (no guide) can measure: to the occluder's far edge and a little more."""
        radians = math.radians(self.angle)
        return self.half + self.thickness / (2 * min(math.cos(radians), math.sin(radians))) + 5


def image_of(
    case: str, variant: Variant, base_scale: float = 1.0, strength: float = 1.0, edition: int | None = None
) -> np.ndarray:
    image = pixels(case, variant, base_scale, strength, edition)
    return image.transpose(1, 0, 2) if case.endswith("horizontal") else image


def red_line(image: np.ndarray) -> tuple[float, float]:
    """Least-squares y = slope·x + intercept through the red pixels."""
    ys, xs = np.nonzero(red_mask(image))
    slope, intercept = np.polyfit(xs, ys, 1)
    return float(slope), float(intercept)


def black_segment(figure: Figure, image: np.ndarray) -> np.ndarray:
    """Dark pixels past the occluder from the red segment: the black segment alone."""
    mask, columns = dark_mask(image), figure.black_columns
    black = np.zeros_like(mask)
    black[:, columns] = mask[:, columns]
    return black


def offset(figure: Figure, image: np.ndarray) -> float:
    """Mean vertical distance of the black segment below the red segment's extension."""
    slope, intercept = red_line(image)
    ys, xs = np.nonzero(black_segment(figure, image))
    return float(np.mean(ys - (slope * xs + intercept)))


def black_slope(figure: Figure, image: np.ndarray) -> float:
    ys, xs = np.nonzero(black_segment(figure, image))
    return float(np.polyfit(xs, ys, 1)[0])


def occluder_pixels(figure: Figure, image: np.ndarray) -> int:
    """Dark pixels inside the occluder's rectangle (2 px in from its edges)."""
    left, right, top, bottom = figure.bar
    return int(dark_mask(image)[top + 2 : bottom - 2, left + 2 : right - 2].sum())


def red_length(image: np.ndarray) -> float:
    """Length of the red drawing along its (single, straight) direction: its bounding box's diagonal."""
    ys, xs = np.nonzero(red_mask(image))
    return math.hypot(np.ptp(xs), np.ptp(ys))


def outside_bar(figure: Figure, mask: np.ndarray) -> np.ndarray:
    left, right, _, _ = figure.bar
    cut = mask.copy()
    cut[:, left - 2 : right + 2] = False
    return cut


def beyond_red_start(figure: Figure, guided: np.ndarray, plain: np.ndarray) -> np.ndarray:
    """Red pixels of a guide image beyond the outer end of the (unguided) red segment."""
    mask = red_mask(guided)
    if figure.case == "poggendorff":
        mask[:, np.nonzero(red_mask(plain))[1].min() - 3 :] = False
    else:
        mask[:, : np.nonzero(red_mask(plain))[1].max() + 3] = False
    return mask


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(("base_scale", "shift"), [(0.5, -50), (0.7, -29), (1.0, 0), (1.5, 50)])
def test_originals_collinear_and_base_scale_moves_diagonal(
    case: str, base_scale: float, shift: int, edition
) -> None:
    figure = Figure(case, edition, base_scale)
    (x, y), expected = figure.centre, figure.slope(figure.angle)
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = image_of(case, variant, base_scale, edition=edition)
        slope, intercept = red_line(image)
        assert abs(slope - expected) < 0.03, (
            variant
        )  # the layout's angle (45° canonical), rising to the right
        assert abs(slope * x + intercept - (y + shift)) <= 1.5, variant
        assert abs(offset(figure, image)) <= 1.0, variant
        assert abs(black_slope(figure, image) - slope) < 0.03, variant
    # The illusion draws the very same segments as its control, the occluder hiding their middle.
    illusion, control = (
        image_of(case, Variant.ORIGINAL, base_scale, edition=edition),
        image_of(case, Variant.ORIGINAL_CONTROL, base_scale, edition=edition),
    )
    assert (outside_bar(figure, red_mask(illusion)) == outside_bar(figure, red_mask(control))).all()
    assert (black_segment(figure, illusion) == black_segment(figure, control)).all()
    if case == "poggendorff_horizontal":
        # As in the release, the segments stop at the occluder's edges: the control shows a gap there.
        left, right, _, _ = figure.bar
        assert (
            not red_mask(control)[:, left : right - 2].any()
            and not dark_mask(control)[:, left + 2 : right].any()
        )


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_black_segment_shifts_with_strength_and_red_stays(case: str, variant: Variant, edition) -> None:
    figure = Figure(case, edition)
    images = [image_of(case, variant, 1.0, s, edition) for s in STRENGTHS]
    offsets = [offset(figure, image) for image in images]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)
    for strength, measured in zip(STRENGTHS, offsets, strict=True):
        assert abs(measured - 80 * (strength - 1)) <= 1.5, strength  # down (positive) for s > 1
    lines = np.array([red_line(image) for image in images])
    assert np.ptp(lines, axis=0).max() <= 0.5
    slope = figure.slope(figure.perturbed_angle)
    assert abs(lines[0][0] - slope) < 0.05
    assert all(abs(black_slope(figure, image) - slope) < 0.05 for image in images)  # both segments parallel
    if (
        figure.perturbed_angle == figure.angle
    ):  # the diagonal keeps its angle: the red segment is the original's
        reference = np.array(red_line(image_of(case, Variant.ORIGINAL_CONTROL, edition=edition)))
        assert np.abs(lines - reference).max() <= 0.5
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = image_of(case, Variant.PERTURBED_CONTROL, 1.0, strength, edition)
        assert (black_segment(figure, image) == black_segment(figure, control)).all()


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_occluder_and_illusions_do(case: str, edition) -> None:
    figure = Figure(case, edition)
    left, right, top, bottom = figure.bar
    area = (bottom - top - 4) * (right - left - 4)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        count = occluder_pixels(figure, image_of(case, variant, 1.0, strength, edition))
        # The guide's red dashes over the occluder are its only non-dark pixels there.
        assert count == 0 if variant.control else count > 0.97 * area, variant


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_along_the_true_diagonal(case: str, edition) -> None:
    figure = Figure(case, edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = image_of(case, variant, 1.0, strength, edition)
        if not variant.guide:
            assert red_length(image) < figure.red_segment, variant  # the red segment only
            continue
        # The diagonal extended 100 px past both ends (the canvas may cut it).
        assert red_length(image) > figure.red_segment + 150, variant
        plain = image_of(
            case, Variant.PERTURBED if variant.perturbed else Variant.ORIGINAL, 1.0, strength, edition
        )
        slope, intercept = red_line(plain)
        ys, xs = np.nonzero(changed(image, plain))
        distance = np.abs(slope * xs + intercept - ys) / math.hypot(slope, 1)
        assert distance.max() <= 2.0, variant
        assert len(blobs(beyond_red_start(figure, image, plain))) >= DASHES[case], variant  # dashed
