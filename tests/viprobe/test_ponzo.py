"""Ponzo (case 3) and Ponzo Trapezoid (case 4) pixel audit: line lengths, perspective context, guides.

Every audit runs on the canonical edition and a fresh one (`edition`), where the lines' rows, the
figure's column, the converging lines' spans and the trapezoid's colour come from its elements.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, elements, pixels, red_mask

CASES = ("ponzo", "ponzo_trapezoid")
MARGIN = 10  # the converging lines run from 10 px below the top to 10 px above the bottom


def rows(case: str, edition: int | None) -> tuple[int, int]:
    """Pixel rows of the top (perturbed) and bottom lines: a 2 px line about y covers row floor(y)."""
    top, bottom = elements(case, Variant.ORIGINAL, edition=edition).rows
    return math.floor(top), math.floor(bottom)


def line_length(image: np.ndarray, row: int) -> int:
    """Longest dark run along the line's row (converging lines cross it in short runs)."""
    return max(b - a for a, b in bands(dark_mask(image)[row]))


def fill_mask(image: np.ndarray, fill: str) -> np.ndarray:
    """Pixels of the trapezoid's fill colour (`#rrggbb`)."""
    rgb = np.array([int(fill[i : i + 2], 16) for i in (1, 3, 5)])
    return (np.abs(image - rgb) <= 6).all(axis=2)


def context_mask(case: str, image: np.ndarray, edition: int | None, inducer: str | None = None) -> np.ndarray:
    """Inducer pixels off `case`'s target rows: dark converging lines (`inducer` "ponzo"), or pixels of
    the trapezoid's colour ("ponzo_trapezoid"); `inducer` defaults to the case's own."""
    fill = elements(case, Variant.ORIGINAL, edition=edition).fill
    mask = dark_mask(image) if (inducer or case) == "ponzo" else fill_mask(image, fill)
    for row in rows(case, edition):
        mask[row - 2 : row + 3] = False
    return mask


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_lines_are_equal_and_scale_with_base(case: str, base_scale: float, edition) -> None:
    top_row, bottom_row = (
        math.floor(y) for y in elements(case, Variant.ORIGINAL, base_scale, edition=edition).rows
    )
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    top, bottom = line_length(control, top_row), line_length(control, bottom_row)
    assert abs(top - bottom) <= 1
    assert abs(top - 80 * base_scale) <= 2
    # The illusion draws the very same lines over a context that does not scale.
    illusion = pixels(case, Variant.ORIGINAL, base_scale, edition=edition)
    assert not (dark_mask(control) & ~dark_mask(illusion)).any()
    if edition is None:  # a fresh edition draws each base scale's context afresh
        reference = context_mask(case, pixels(case, Variant.ORIGINAL), None)
        assert (context_mask(case, illusion, None) ^ reference).sum() <= 0.02 * reference.sum()


@pytest.mark.parametrize("case", CASES)
def test_context_narrows_towards_the_top(case: str, edition) -> None:
    geometry = elements(case, Variant.ORIGINAL, edition=edition)
    mask = context_mask(case, pixels(case, Variant.ORIGINAL, edition=edition), edition)
    for row in (15, 240):
        columns = np.flatnonzero(mask[row])
        # The outline widens linearly from the top span to the bottom span between the margins; the
        # converging lines add their 2 px width.
        along = (row + 0.5 - MARGIN) / (256 - 2 * MARGIN)
        stroke = 2 if case == "ponzo" else 0
        expected = geometry.top_span + (geometry.bottom_span - geometry.top_span) * along + stroke
        assert abs(columns.max() - columns.min() - expected) <= 4, row
        assert abs((columns.max() + columns.min()) / 2 - geometry.middle) <= 2, row


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_top_line_grows_with_strength_and_bottom_stays(case: str, variant: Variant, edition) -> None:
    top_row, bottom_row = rows(case, edition)
    images = [pixels(case, variant, 1.0, s, edition) for s in STRENGTHS]
    tops = [line_length(image, top_row) for image in images]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)
    for strength, length in zip(STRENGTHS, tops, strict=True):
        assert abs(length - 80 * strength) <= 3
    bottoms = {line_length(image, bottom_row) for image in images}
    assert max(bottoms) - min(bottoms) <= 1 and abs(min(bottoms) - 80) <= 2
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = pixels(case, Variant.PERTURBED_CONTROL, 1.0, strength, edition)
        assert not (dark_mask(control) & ~dark_mask(image)).any()


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_context_and_illusions_do(case: str, edition) -> None:
    least = 300 if case == "ponzo" else 12000
    assert context_mask(case, pixels(case, Variant.ORIGINAL, edition=edition), edition).sum() > least
    assert context_mask(case, pixels(case, Variant.PERTURBED, 1.0, 1.3, edition), edition).sum() > least
    for variant, strength in ((Variant.ORIGINAL_CONTROL, 1.0), (Variant.PERTURBED_CONTROL, 1.3)):
        image = pixels(case, variant, 1.0, strength, edition)
        assert not context_mask(case, image, edition, "ponzo").any()
        assert not context_mask(case, image, edition, "ponzo_trapezoid").any()


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_at_top_line_ends(case: str, edition) -> None:
    middle = elements(case, Variant.ORIGINAL, edition=edition).middle
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        guides = red_mask(pixels(case, variant, 1.0, strength, edition))
        if not variant.guide:
            assert not guides.any(), variant
            continue
        half = 40 * strength  # the guides follow the (perturbed) top line
        columns = [(a + b) / 2 for a, b in bands(guides.any(axis=0))]
        assert len(columns) == 2
        assert abs(columns[0] - (middle - half)) <= 1.5 and abs(columns[1] - (middle + half)) <= 1.5
        assert guides.any(axis=1).sum() > 100
