"""Müller-Lyer and Circle Müller-Lyer (cases 1, 2) pixel audit: line lengths, fins or end circles, guides."""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, pixels, red_mask

#: case -> fewest dark pixels its inducers (fins, or hollow circles) draw off the line rows.
INDUCER_PIXELS = {"muller_lyer": 100, "circle_muller_lyer": 400}
CASES = tuple(INDUCER_PIXELS)
TOP, BOTTOM = 64, 192  # line rows at 1/4 and 3/4 of 256


def line_length(image: np.ndarray, row: int) -> int:
    """Longest dark run along the line's own row (fins meet it only at the ends, circles at points)."""
    return max(b - a for a, b in bands(dark_mask(image)[row]))


def inducer_pixels(image: np.ndarray) -> int:
    """Dark pixels off the two line rows: fins or circles, nothing else draws black there."""
    mask = dark_mask(image)
    mask[TOP - 2 : TOP + 3] = False
    mask[BOTTOM - 2 : BOTTOM + 3] = False
    return int(mask.sum())


def circle_columns(image: np.ndarray, row: int) -> tuple[int, int]:
    """Leftmost and rightmost dark column in a band just above a line: only its circles reach there."""
    columns = np.flatnonzero(dark_mask(image)[row - 15 : row - 4].any(axis=0))
    return int(columns.min()), int(columns.max())


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_lines_are_equal_and_scale_with_base(case: str, base_scale: float) -> None:
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale)
    top, bottom = line_length(control, TOP), line_length(control, BOTTOM)
    assert abs(top - bottom) <= 1
    assert abs(top - 200 * base_scale) <= 2
    # The illusion draws the very same lines, plus its inducers.
    illusion = dark_mask(pixels(case, Variant.ORIGINAL, base_scale))
    assert not (dark_mask(control) & ~illusion).any()


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_end_circles_keep_a_fixed_size(base_scale: float) -> None:
    illusion = pixels("circle_muller_lyer", Variant.ORIGINAL, base_scale)
    rows = np.flatnonzero(dark_mask(illusion).any(axis=1))  # circle tops to circle bottoms
    assert abs(rows.max() - rows.min() - (BOTTOM + 20 - (TOP - 20))) <= 3


@pytest.mark.parametrize("base_scale", [0.5, 1.0])
def test_top_circles_sit_inside_the_line_and_bottom_circles_on_its_ends(base_scale: float) -> None:
    image = pixels("circle_muller_lyer", Variant.ORIGINAL, base_scale)
    left, right = (512 - 200 * base_scale) / 2, (512 + 200 * base_scale) / 2
    top = circle_columns(image, TOP)
    assert abs(top[0] - left) <= 2 and abs(top[1] - right) <= 2
    bottom = circle_columns(image, BOTTOM)
    assert abs(bottom[0] - (left - 20)) <= 2 and abs(bottom[1] - (right + 20)) <= 2


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_bottom_line_grows_with_strength_and_top_stays(case: str, variant: Variant) -> None:
    images = [pixels(case, variant, 1.0, s) for s in STRENGTHS]
    controls = [pixels(case, Variant.PERTURBED_CONTROL, 1.0, s) for s in STRENGTHS]
    for measured in (images, controls):
        bottoms = [line_length(image, BOTTOM) for image in measured]
        assert bottoms == sorted(bottoms) and len(set(bottoms)) == len(bottoms)
        for strength, length in zip(STRENGTHS, bottoms, strict=True):
            assert abs(length - 200 * strength) <= 2
    tops = {line_length(image, TOP) for image in images}
    assert max(tops) - min(tops) <= 1
    for image, control in zip(images, controls, strict=True):
        assert not (dark_mask(control) & ~dark_mask(image)).any()


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_inducers_and_illusions_do(case: str) -> None:
    assert inducer_pixels(pixels(case, Variant.ORIGINAL)) > INDUCER_PIXELS[case]
    assert inducer_pixels(pixels(case, Variant.PERTURBED, 1.0, 1.3)) > INDUCER_PIXELS[case]
    assert inducer_pixels(pixels(case, Variant.ORIGINAL_CONTROL)) == 0
    assert inducer_pixels(pixels(case, Variant.PERTURBED_CONTROL, 1.0, 1.3)) == 0


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_at_top_line_ends(case: str) -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        guides = red_mask(pixels(case, variant, 1.0, strength))
        if not variant.guide:
            assert not guides.any(), variant
            continue
        columns = [(a + b) / 2 for a, b in bands(guides.any(axis=0))]
        assert len(columns) == 2 and abs(columns[0] - 156) <= 1.5 and abs(columns[1] - 356) <= 1.5
        assert guides.any(axis=1).sum() > 100  # dashed, yet spanning the height
