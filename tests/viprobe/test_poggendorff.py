"""Poggendorff (case 25) pixel audit: segment offsets, occluder, dashed guide."""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import blobs, dark_mask
from tests.viprobe.drawing import STRENGTHS, changed, pixels, red_mask

CASE = "poggendorff"
BAR_LEFT, BAR_RIGHT, BAR_TOP, BAR_BOTTOM = 226, 286, 106, 406  # the occluder, 60 x 300 at the centre


def red_line(image: np.ndarray) -> tuple[float, float]:
    """Least-squares y = slope·x + intercept through the red pixels."""
    ys, xs = np.nonzero(red_mask(image))
    slope, intercept = np.polyfit(xs, ys, 1)
    return float(slope), float(intercept)


def black_segment(image: np.ndarray) -> np.ndarray:
    """Dark pixels right of the occluder: the black segment alone."""
    mask = dark_mask(image)
    mask[:, : BAR_RIGHT + 4] = False
    return mask


def offset(image: np.ndarray) -> float:
    """Mean vertical distance of the black segment below the red segment's extension."""
    slope, intercept = red_line(image)
    ys, xs = np.nonzero(black_segment(image))
    return float(np.mean(ys - (slope * xs + intercept)))


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


@pytest.mark.parametrize(("base_scale", "shift"), [(0.5, -50), (0.7, -29), (1.0, 0), (1.5, 50)])
def test_originals_collinear_and_base_scale_moves_diagonal(base_scale: float, shift: int) -> None:
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = pixels(CASE, variant, base_scale)
        slope, intercept = red_line(image)
        assert abs(slope + 1) < 0.03, variant  # 45°, rising to the right
        assert abs(slope * 256 + intercept - (256 + shift)) <= 1.5, variant
        assert abs(offset(image)) <= 1.0, variant
    # The illusion draws the very same segments as its control, the occluder hiding their middle.
    illusion, control = (
        pixels(CASE, Variant.ORIGINAL, base_scale),
        pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale),
    )
    assert (outside_bar(red_mask(illusion)) == outside_bar(red_mask(control))).all()
    assert (black_segment(illusion) == black_segment(control)).all()


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_black_segment_shifts_with_strength_and_red_stays(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    offsets = [offset(image) for image in images]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)
    for strength, measured in zip(STRENGTHS, offsets, strict=True):
        assert abs(measured - 80 * (strength - 1)) <= 1.5, strength  # down (positive) for s > 1
    reference = np.array(red_line(pixels(CASE, Variant.ORIGINAL_CONTROL)))
    for image in images:
        assert np.abs(np.array(red_line(image)) - reference).max() <= 0.5
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength)
        assert (black_segment(image) == black_segment(control)).all()


def test_controls_have_no_occluder_and_illusions_do() -> None:
    area = (BAR_BOTTOM - BAR_TOP - 4) * (BAR_RIGHT - BAR_LEFT - 4)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        count = occluder_pixels(pixels(CASE, variant, 1.0, strength))
        # The guide's red dashes over the occluder are its only non-dark pixels there.
        assert count == 0 if variant.control else count > 0.97 * area, variant


def test_guides_only_in_guide_variants_along_the_true_diagonal() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        if not variant.guide:
            assert red_length(image) < 260, variant  # the red segment only
            continue
        assert red_length(image) > 550, variant  # the diagonal extended 100 px past both ends
        plain = pixels(CASE, Variant.PERTURBED if variant.perturbed else Variant.ORIGINAL, 1.0, strength)
        slope, intercept = red_line(plain)
        ys, xs = np.nonzero(changed(image, plain))
        distance = np.abs(slope * xs + intercept - ys) / math.hypot(slope, 1)
        assert distance.max() <= 2.0, variant
        beyond_start = red_mask(image)
        beyond_start[:, 110:] = False
        assert len(blobs(beyond_start)) >= 5, variant  # dashed
