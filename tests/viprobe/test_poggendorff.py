"""Poggendorff and Poggendorff Horizontal (cases 25, 26) pixel audit: segment offsets, occluder, dashed guide.

Horizontal images are transposed first, so both cases are measured with an
upright occluder (60 x 300 at the centre), a diagonal rising to the right
(rows fitted against columns) and offsets along the occluder as rows. In the
transposed horizontal image the red segment lies right of the occluder and the
black one left of it.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import blobs, dark_mask
from tests.viprobe.drawing import STRENGTHS, changed, pixels, red_mask

BAR_LEFT, BAR_RIGHT, BAR_TOP, BAR_BOTTOM = 226, 286, 106, 406  # the (transposed) occluder, 60 x 300
SLOPE_45, SLOPE_30 = -1.0, -math.sqrt(3)  # rows per column of a 45° and a 30° diagonal (transposed)


class Twin(NamedTuple):
    black_columns: slice  # where the black segment alone lies: past the occluder from the red one
    perturbed_slope: float  # of the diagonal in perturbed images (originals: 45°)
    red_segment: float  # longest the red segment (no guide) can measure
    dashes: int  # guide dashes at least beyond the red segment's outer end


TWINS = {
    "poggendorff": Twin(slice(BAR_RIGHT + 4, None), SLOPE_45, 260, 5),
    # As in the release, perturbed images use a 30° diagonal (originals: 45°).
    "poggendorff_horizontal": Twin(slice(None, BAR_LEFT - 4), SLOPE_30, 200, 4),
}
CASES = tuple(TWINS)


def image_of(case: str, variant: Variant, base_scale: float = 1.0, strength: float = 1.0) -> np.ndarray:
    image = pixels(case, variant, base_scale, strength)
    return image.transpose(1, 0, 2) if case.endswith("horizontal") else image


def red_line(image: np.ndarray) -> tuple[float, float]:
    """Least-squares y = slope·x + intercept through the red pixels."""
    ys, xs = np.nonzero(red_mask(image))
    slope, intercept = np.polyfit(xs, ys, 1)
    return float(slope), float(intercept)


def black_segment(case: str, image: np.ndarray) -> np.ndarray:
    """Dark pixels past the occluder from the red segment: the black segment alone."""
    mask, columns = dark_mask(image), TWINS[case].black_columns
    black = np.zeros_like(mask)
    black[:, columns] = mask[:, columns]
    return black


def offset(case: str, image: np.ndarray) -> float:
    """Mean vertical distance of the black segment below the red segment's extension."""
    slope, intercept = red_line(image)
    ys, xs = np.nonzero(black_segment(case, image))
    return float(np.mean(ys - (slope * xs + intercept)))


def black_slope(case: str, image: np.ndarray) -> float:
    ys, xs = np.nonzero(black_segment(case, image))
    return float(np.polyfit(xs, ys, 1)[0])


def occluder_pixels(image: np.ndarray) -> int:
    """Dark pixels inside the occluder's rectangle (2 px in from its edges)."""
    return int(dark_mask(image)[BAR_TOP + 2 : BAR_BOTTOM - 2, BAR_LEFT + 2 : BAR_RIGHT - 2].sum())


def red_length(image: np.ndarray) -> float:
    """Length of the red drawing along its (single, straight) direction: its bounding box's diagonal."""
    ys, xs = np.nonzero(red_mask(image))
    return math.hypot(np.ptp(xs), np.ptp(ys))


def outside_bar(mask: np.ndarray) -> np.ndarray:
    cut = mask.copy()
    cut[:, BAR_LEFT - 2 : BAR_RIGHT + 2] = False
    return cut


def beyond_red_start(case: str, guided: np.ndarray, plain: np.ndarray) -> np.ndarray:
    """Red pixels of a guide image beyond the outer end of the (unguided) red segment."""
    mask = red_mask(guided)
    if case == "poggendorff":
        mask[:, 110:] = False  # the red segment starts at column 113
    else:
        mask[:, : np.nonzero(red_mask(plain))[1].max() + 3] = False
    return mask


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(("base_scale", "shift"), [(0.5, -50), (0.7, -29), (1.0, 0), (1.5, 50)])
def test_originals_collinear_and_base_scale_moves_diagonal(case: str, base_scale: float, shift: int) -> None:
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = image_of(case, variant, base_scale)
        slope, intercept = red_line(image)
        assert abs(slope - SLOPE_45) < 0.03, variant  # 45°, rising to the right
        assert abs(slope * 256 + intercept - (256 + shift)) <= 1.5, variant
        assert abs(offset(case, image)) <= 1.0, variant
        assert abs(black_slope(case, image) - slope) < 0.03, variant
    # The illusion draws the very same segments as its control, the occluder hiding their middle.
    illusion, control = (
        image_of(case, Variant.ORIGINAL, base_scale),
        image_of(case, Variant.ORIGINAL_CONTROL, base_scale),
    )
    assert (outside_bar(red_mask(illusion)) == outside_bar(red_mask(control))).all()
    assert (black_segment(case, illusion) == black_segment(case, control)).all()
    if case == "poggendorff_horizontal":
        # As in the release, the segments stop at the occluder's edges: the control shows a gap there.
        assert (
            not red_mask(control)[:, BAR_LEFT : BAR_RIGHT - 2].any()
            and not dark_mask(control)[:, BAR_LEFT + 2 : BAR_RIGHT].any()
        )


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_black_segment_shifts_with_strength_and_red_stays(case: str, variant: Variant) -> None:
    images = [image_of(case, variant, 1.0, s) for s in STRENGTHS]
    offsets = [offset(case, image) for image in images]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)
    for strength, measured in zip(STRENGTHS, offsets, strict=True):
        assert abs(measured - 80 * (strength - 1)) <= 1.5, strength  # down (positive) for s > 1
    lines = np.array([red_line(image) for image in images])
    assert np.ptp(lines, axis=0).max() <= 0.5
    slope = TWINS[case].perturbed_slope
    assert abs(lines[0][0] - slope) < 0.05
    assert all(abs(black_slope(case, image) - slope) < 0.05 for image in images)  # both segments parallel
    if slope == SLOPE_45:  # the diagonal keeps its angle: the red segment is the original's
        reference = np.array(red_line(image_of(case, Variant.ORIGINAL_CONTROL)))
        assert np.abs(lines - reference).max() <= 0.5
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = image_of(case, Variant.PERTURBED_CONTROL, 1.0, strength)
        assert (black_segment(case, image) == black_segment(case, control)).all()


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_occluder_and_illusions_do(case: str) -> None:
    area = (BAR_BOTTOM - BAR_TOP - 4) * (BAR_RIGHT - BAR_LEFT - 4)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        count = occluder_pixels(image_of(case, variant, 1.0, strength))
        # The guide's red dashes over the occluder are its only non-dark pixels there.
        assert count == 0 if variant.control else count > 0.97 * area, variant


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_along_the_true_diagonal(case: str) -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = image_of(case, variant, 1.0, strength)
        if not variant.guide:
            assert red_length(image) < TWINS[case].red_segment, variant  # the red segment only
            continue
        assert red_length(image) > 550, variant  # the diagonal extended 100 px past both ends
        plain = image_of(case, Variant.PERTURBED if variant.perturbed else Variant.ORIGINAL, 1.0, strength)
        slope, intercept = red_line(plain)
        ys, xs = np.nonzero(changed(image, plain))
        distance = np.abs(slope * xs + intercept - ys) / math.hypot(slope, 1)
        assert distance.max() <= 2.0, variant
        assert len(blobs(beyond_red_start(case, image, plain))) >= TWINS[case].dashes, variant  # dashed
