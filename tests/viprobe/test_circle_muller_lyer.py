"""Circle Müller-Lyer (case 2) pixel audit: line lengths, end circles, guides."""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, pixels, red_mask

CASE = "circle_muller_lyer"
TOP, BOTTOM = 64, 192  # line rows at 1/4 and 3/4 of 256


def line_length(image: np.ndarray, row: int) -> int:
    """Longest dark run along the line's row (circles cross it only at points on or past the line)."""
    return max(b - a for a, b in bands(dark_mask(image)[row]))


def circle_columns(image: np.ndarray, row: int) -> tuple[int, int]:
    """Leftmost and rightmost dark column in a band just above a line: only its circles reach there."""
    columns = np.flatnonzero(dark_mask(image)[row - 15 : row - 4].any(axis=0))
    return int(columns.min()), int(columns.max())


def circle_pixels(image: np.ndarray) -> int:
    """Dark pixels off the two line rows: circles, nothing else draws black there."""
    mask = dark_mask(image)
    mask[TOP - 2 : TOP + 3] = False
    mask[BOTTOM - 2 : BOTTOM + 3] = False
    return int(mask.sum())


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_lines_are_equal_and_scale_with_base(base_scale: float) -> None:
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)
    top, bottom = line_length(control, TOP), line_length(control, BOTTOM)
    assert abs(top - bottom) <= 1
    assert abs(top - 200 * base_scale) <= 2
    # The illusion draws the very same lines, plus circles of a fixed size.
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale)
    assert not (dark_mask(control) & ~dark_mask(illusion)).any()
    rows = np.flatnonzero(dark_mask(illusion).any(axis=1))  # circle tops to circle bottoms
    assert abs(rows.max() - rows.min() - (BOTTOM + 20 - (TOP - 20))) <= 3


@pytest.mark.parametrize("base_scale", [0.5, 1.0])
def test_top_circles_sit_inside_the_line_and_bottom_circles_on_its_ends(base_scale: float) -> None:
    image = pixels(CASE, Variant.ORIGINAL, base_scale)
    left, right = (512 - 200 * base_scale) / 2, (512 + 200 * base_scale) / 2
    top = circle_columns(image, TOP)
    assert abs(top[0] - left) <= 2 and abs(top[1] - right) <= 2
    bottom = circle_columns(image, BOTTOM)
    assert abs(bottom[0] - (left - 20)) <= 2 and abs(bottom[1] - (right + 20)) <= 2


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_bottom_line_grows_with_strength_and_top_stays(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    bottoms = [line_length(image, BOTTOM) for image in images]
    assert bottoms == sorted(bottoms) and len(set(bottoms)) == len(bottoms)
    for strength, length in zip(STRENGTHS, bottoms, strict=True):
        assert abs(length - 200 * strength) <= 2
    tops = {line_length(image, TOP) for image in images}
    assert max(tops) - min(tops) <= 1
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength)
        assert not (dark_mask(control) & ~dark_mask(image)).any()


def test_controls_have_no_circles_and_illusions_do() -> None:
    assert circle_pixels(pixels(CASE, Variant.ORIGINAL)) > 400
    assert circle_pixels(pixels(CASE, Variant.PERTURBED, 1.0, 1.3)) > 400
    assert circle_pixels(pixels(CASE, Variant.ORIGINAL_CONTROL)) == 0
    assert circle_pixels(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 1.3)) == 0


def test_guides_only_in_guide_variants_at_top_line_ends() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        guides = red_mask(pixels(CASE, variant, 1.0, strength))
        if not variant.guide:
            assert not guides.any(), variant
            continue
        columns = [(a + b) / 2 for a, b in bands(guides.any(axis=0))]
        assert len(columns) == 2 and abs(columns[0] - 156) <= 1.5 and abs(columns[1] - 356) <= 1.5
        assert guides.any(axis=1).sum() > 100  # dashed, yet spanning the height
