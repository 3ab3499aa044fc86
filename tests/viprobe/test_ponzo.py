"""Ponzo (case 3) and Ponzo Trapezoid (case 4) pixel audit: line lengths, perspective context, guides."""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, pixels, red_mask

CASES = ("ponzo", "ponzo_trapezoid")
TOP, BOTTOM = 64, 192  # line rows at 1/4 and 3/4 of 256


def line_length(image: np.ndarray, row: int) -> int:
    """Longest dark run along the line's row (converging lines cross it in short runs)."""
    return max(b - a for a, b in bands(dark_mask(image)[row]))


def grey_mask(image: np.ndarray) -> np.ndarray:
    """Mid-grey pixels (the trapezoid's fill): neutral and neither ink nor paper."""
    spread = image.max(axis=2) - image.min(axis=2)
    return (spread < 8) & (image[..., 0] > 150) & (image[..., 0] < 210)


def context_mask(case: str, image: np.ndarray) -> np.ndarray:
    """Inducer pixels off the target rows: dark converging lines, or the grey trapezoid."""
    mask = dark_mask(image) if case == "ponzo" else grey_mask(image)
    mask[TOP - 2 : TOP + 3] = False
    mask[BOTTOM - 2 : BOTTOM + 3] = False
    return mask


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_lines_are_equal_and_scale_with_base(case: str, base_scale: float) -> None:
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale)
    top, bottom = line_length(control, TOP), line_length(control, BOTTOM)
    assert abs(top - bottom) <= 1
    assert abs(top - 80 * base_scale) <= 2
    # The illusion draws the very same lines over a context that does not scale.
    illusion = pixels(case, Variant.ORIGINAL, base_scale)
    assert not (dark_mask(control) & ~dark_mask(illusion)).any()
    reference = context_mask(case, pixels(case, Variant.ORIGINAL, 1.0))
    assert (context_mask(case, illusion) ^ reference).sum() <= 0.02 * reference.sum()


@pytest.mark.parametrize("case", CASES)
def test_context_narrows_towards_the_top(case: str) -> None:
    mask = context_mask(case, pixels(case, Variant.ORIGINAL))
    spans = {}
    for row in (15, 240):
        columns = np.flatnonzero(mask[row])
        spans[row] = columns.max() - columns.min()
    assert abs(spans[15] - 42) <= 4 and abs(spans[240] - 148) <= 4


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_top_line_grows_with_strength_and_bottom_stays(case: str, variant: Variant) -> None:
    images = [pixels(case, variant, 1.0, s) for s in STRENGTHS]
    tops = [line_length(image, TOP) for image in images]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)
    for strength, length in zip(STRENGTHS, tops, strict=True):
        assert abs(length - 80 * strength) <= 3
    bottoms = {line_length(image, BOTTOM) for image in images}
    assert max(bottoms) - min(bottoms) <= 1 and abs(min(bottoms) - 80) <= 2
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = pixels(case, Variant.PERTURBED_CONTROL, 1.0, strength)
        assert not (dark_mask(control) & ~dark_mask(image)).any()


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_context_and_illusions_do(case: str) -> None:
    least = 300 if case == "ponzo" else 15000
    assert context_mask(case, pixels(case, Variant.ORIGINAL)).sum() > least
    assert context_mask(case, pixels(case, Variant.PERTURBED, 1.0, 1.3)).sum() > least
    for variant, strength in ((Variant.ORIGINAL_CONTROL, 1.0), (Variant.PERTURBED_CONTROL, 1.3)):
        image = pixels(case, variant, 1.0, strength)
        assert not context_mask("ponzo", image).any() and not grey_mask(image).any()


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_at_top_line_ends(case: str) -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        guides = red_mask(pixels(case, variant, 1.0, strength))
        if not variant.guide:
            assert not guides.any(), variant
            continue
        half = 40 * strength  # the guides follow the (perturbed) top line
        columns = [(a + b) / 2 for a, b in bands(guides.any(axis=0))]
        assert len(columns) == 2
        assert abs(columns[0] - (256 - half)) <= 1.5 and abs(columns[1] - (256 + half)) <= 1.5
        assert guides.any(axis=1).sum() > 100
