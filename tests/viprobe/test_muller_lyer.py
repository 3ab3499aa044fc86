"""Müller-Lyer (case 1) pixel audit: line lengths, fins, guides."""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, pixels, red_mask

CASE = "muller_lyer"
TOP, BOTTOM = 64, 192  # line rows at 1/4 and 3/4 of 256


def line_length(image: np.ndarray, row: int) -> int:
    """Dark run length along the line's own row (fins meet it only at the ends)."""
    runs = bands(dark_mask(image)[row])
    return max(b - a for a, b in runs)


def fin_pixels(image: np.ndarray) -> int:
    """Dark pixels off the two line rows: fins, nothing else draws black there."""
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
    # The illusion draws the very same lines, plus fins.
    illusion = dark_mask(pixels(CASE, Variant.ORIGINAL, base_scale))
    assert not (dark_mask(control) & ~illusion).any()


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_bottom_line_grows_with_strength_and_top_stays(variant: Variant) -> None:
    control = [pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, s) for s in STRENGTHS]
    bottoms = [line_length(image, BOTTOM) for image in control]
    assert bottoms == sorted(bottoms) and len(set(bottoms)) == len(bottoms)
    for strength, length in zip(STRENGTHS, bottoms, strict=True):
        assert abs(length - 200 * strength) <= 2
    tops = {line_length(pixels(CASE, variant, 1.0, s), TOP) for s in STRENGTHS}
    assert max(tops) - min(tops) <= 1
    for strength, image in zip(STRENGTHS, control, strict=True):
        assert not (dark_mask(image) & ~dark_mask(pixels(CASE, variant, 1.0, strength))).any()


def test_controls_have_no_fins_and_illusions_do() -> None:
    assert fin_pixels(pixels(CASE, Variant.ORIGINAL)) > 100
    assert fin_pixels(pixels(CASE, Variant.PERTURBED, 1.0, 1.3)) > 100
    assert fin_pixels(pixels(CASE, Variant.ORIGINAL_CONTROL)) == 0
    assert fin_pixels(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 1.3)) == 0


def test_guides_only_in_guide_variants_at_top_line_ends() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        guides = red_mask(pixels(CASE, variant, 1.0, strength))
        if not variant.guide:
            assert not guides.any(), variant
            continue
        columns = [(a + b) / 2 for a, b in bands(guides.any(axis=0))]
        assert len(columns) == 2 and abs(columns[0] - 156) <= 1.5 and abs(columns[1] - 356) <= 1.5
