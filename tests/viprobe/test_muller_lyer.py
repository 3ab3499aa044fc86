"""Müller-Lyer and Circle Müller-Lyer (cases 1, 2) pixel audit: line lengths, fins or end circles, guides.

Every audit runs on the canonical edition and a fresh one (`edition`), where the lines' rows and
column come from the edition's elements.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, elements, layout, pixels, red_mask

#: case -> fewest dark pixels its inducers (fins, or hollow circles) draw off the line rows.
INDUCER_PIXELS = {"muller_lyer": 100, "circle_muller_lyer": 400}
CASES = tuple(INDUCER_PIXELS)


def rows(case: str, edition: int | None, base_scale: float = 1.0) -> tuple[int, int]:
    """The pixel rows of the tailed (top) line and of the arrowhead (bottom) line, in the figure's frame:
    a 2 px line about y covers row floor(y) whole."""
    top, bottom = elements(case, Variant.ORIGINAL, base_scale, edition=edition).rows
    return math.floor(top), math.floor(bottom)


def line_length(image: np.ndarray, row: int) -> int:
    """Longest dark run along the line's own row (fins meet it only at the ends, circles at points)."""
    return max(b - a for a, b in bands(dark_mask(image)[row]))


def inducer_pixels(image: np.ndarray, lines: tuple[int, int]) -> int:
    """Dark pixels off the two line rows: fins or circles, nothing else draws black there."""
    mask = dark_mask(image)
    for row in lines:
        mask[row - 2 : row + 3] = False
    return int(mask.sum())


def circle_columns(image: np.ndarray, row: int) -> tuple[int, int]:
    """Leftmost and rightmost dark column in a band just above a line: only its circles reach there."""
    columns = np.flatnonzero(dark_mask(image)[row - 12 : row - 4].any(axis=0))
    return int(columns.min()), int(columns.max())


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_lines_are_equal_and_scale_with_base(case: str, base_scale: float, edition) -> None:
    top_row, bottom_row = rows(case, edition, base_scale)
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    top, bottom = line_length(control, top_row), line_length(control, bottom_row)
    assert abs(top - bottom) <= 1
    assert abs(top - 200 * base_scale) <= 2
    # The illusion draws the very same lines, plus its inducers.
    illusion = dark_mask(pixels(case, Variant.ORIGINAL, base_scale, edition=edition))
    assert not (dark_mask(control) & ~illusion).any()


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_end_circles_keep_their_size_at_every_base_scale(base_scale: float, edition) -> None:
    case = "circle_muller_lyer"
    radius = elements(case, Variant.ORIGINAL, base_scale, edition=edition).inducer
    assert radius == layout(case, base_scale, edition).fin  # the layout's, whatever the base scale
    illusion = pixels(case, Variant.ORIGINAL, base_scale, edition=edition)
    found = np.flatnonzero(dark_mask(illusion).any(axis=1))  # circle tops to circle bottoms
    top, bottom = rows(case, edition, base_scale)
    assert abs(found.max() - found.min() - (bottom - top + 2 * radius)) <= 3


@pytest.mark.parametrize("base_scale", [0.5, 1.0])
def test_top_circles_sit_inside_the_line_and_bottom_circles_on_its_ends(base_scale: float, edition) -> None:
    case = "circle_muller_lyer"
    geometry = elements(case, Variant.ORIGINAL, base_scale, edition=edition)
    image = pixels(case, Variant.ORIGINAL, base_scale, edition=edition)
    left, right = geometry.centre - 100 * base_scale, geometry.centre + 100 * base_scale
    top_row, bottom_row = rows(case, edition, base_scale)
    top = circle_columns(image, top_row)
    assert abs(top[0] - left) <= 2 and abs(top[1] - right) <= 2
    bottom = circle_columns(image, bottom_row)
    radius = geometry.inducer
    assert abs(bottom[0] - (left - radius)) <= 2 and abs(bottom[1] - (right + radius)) <= 2


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_bottom_line_grows_with_strength_and_top_stays(case: str, variant: Variant, edition) -> None:
    top_row, bottom_row = rows(case, edition)
    images = [pixels(case, variant, 1.0, s, edition) for s in STRENGTHS]
    controls = [pixels(case, Variant.PERTURBED_CONTROL, 1.0, s, edition) for s in STRENGTHS]
    for measured in (images, controls):
        bottoms = [line_length(image, bottom_row) for image in measured]
        assert bottoms == sorted(bottoms) and len(set(bottoms)) == len(bottoms)
        for strength, length in zip(STRENGTHS, bottoms, strict=True):
            assert abs(length - 200 * strength) <= 2
    tops = {line_length(image, top_row) for image in images}
    assert max(tops) - min(tops) <= 1
    for image, control in zip(images, controls, strict=True):
        assert not (dark_mask(control) & ~dark_mask(image)).any()


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_inducers_and_illusions_do(case: str, edition) -> None:
    lines = rows(case, edition)
    assert inducer_pixels(pixels(case, Variant.ORIGINAL, edition=edition), lines) > INDUCER_PIXELS[case]
    assert inducer_pixels(pixels(case, Variant.PERTURBED, 1.0, 1.3, edition), lines) > INDUCER_PIXELS[case]
    assert inducer_pixels(pixels(case, Variant.ORIGINAL_CONTROL, edition=edition), lines) == 0
    assert inducer_pixels(pixels(case, Variant.PERTURBED_CONTROL, 1.0, 1.3, edition), lines) == 0


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_at_top_line_ends(case: str, edition) -> None:
    centre = elements(case, Variant.ORIGINAL, edition=edition).centre
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        guides = red_mask(pixels(case, variant, 1.0, strength, edition))
        if not variant.guide:
            assert not guides.any(), variant
            continue
        columns = [(a + b) / 2 for a, b in bands(guides.any(axis=0))]
        assert len(columns) == 2
        assert abs(columns[0] - (centre - 100)) <= 1.5 and abs(columns[1] - (centre + 100)) <= 1.5
        assert guides.any(axis=1).sum() > 100  # dashed, yet spanning the height
