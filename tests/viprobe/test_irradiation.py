"""Irradiation (case 9) pixel audit: square sizes, the black part, guides, control questions.

Every audit runs on the canonical edition and a fresh one (`edition`), where the black part's
extent and the squares' places come from its elements.
"""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import dark_mask
from tests.viprobe.drawing import (
    STRENGTHS,
    box,
    box_size,
    bright_mask,
    case_named,
    elements,
    guide_lines,
    pixels,
)

CASE = "irradiation"
EDGE_STRIP = slice(0, 6)  # left of every left square: it keeps 8 px from the edge


def split(edition: int | None, base_scale: float = 1.0) -> int:
    """The column where the black part ends."""
    return round(elements(CASE, Variant.ORIGINAL, base_scale, edition=edition).split)


def left_square(
    image: np.ndarray, inverted: bool, edition: int | None, base_scale: float = 1.0
) -> np.ndarray:
    """The left target: white on the black part (which may leave white paper above and below it), or
    black on white in controls."""
    figure = elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    if not inverted:
        return dark_mask(image)[:, : round(figure.split)]
    top, bottom = (round(y) for y in figure.ground)
    mask = bright_mask(image)
    mask[:top], mask[bottom:] = False, False
    return mask[:, : round(figure.split)]


def right_square(image: np.ndarray, edition: int | None, base_scale: float = 1.0) -> np.ndarray:
    return dark_mask(image)[:, split(edition, base_scale) :]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_squares_are_equal_and_scale_with_base(base_scale: float, edition) -> None:
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    for image, inverted in ((illusion, True), (control, False)):
        width, height = box_size(left_square(image, inverted, edition, base_scale))
        assert (width, height) == box_size(right_square(image, edition, base_scale))
        assert abs(width - 100 * base_scale) <= 1 and abs(height - 100 * base_scale) <= 1
    # The illusion's white square is exactly the control's black one.
    assert box(left_square(illusion, True, edition, base_scale)) == box(
        left_square(control, False, edition, base_scale)
    )
    assert box(right_square(illusion, edition, base_scale)) == box(right_square(control, edition, base_scale))


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_square_grows_with_strength_and_right_stays(variant: Variant, edition) -> None:
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    sides = [box_size(left_square(image, not variant.control, edition))[0] for image in images]
    assert sides == sorted(sides) and len(set(sides)) == len(sides)
    for strength, image in zip(STRENGTHS, images, strict=True):
        width, height = box_size(left_square(image, not variant.control, edition))
        assert abs(width - 100 * strength) <= 1 and abs(height - 100 * strength) <= 1
        assert box_size(right_square(image, edition)) == (100, 100)
        control = pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength, edition)
        assert box(left_square(image, not variant.control, edition)) == box(
            left_square(control, False, edition)
        )


def test_controls_have_no_black_part_and_illusions_do(edition) -> None:
    top, bottom = (round(y) for y in elements(CASE, Variant.ORIGINAL, edition=edition).ground)
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3)):
        dark = dark_mask(pixels(CASE, variant, 1.0, strength, edition))[:, EDGE_STRIP]
        assert dark[top:bottom].all() and not dark[:top].any() and not dark[bottom:].any(), variant
    for variant, strength in ((Variant.ORIGINAL_CONTROL, 1.0), (Variant.PERTURBED_CONTROL, 1.3)):
        image = pixels(CASE, variant, 1.0, strength, edition)
        assert not dark_mask(image)[:, EDGE_STRIP].any(), variant
        # Only the two squares are dark: each fills its bounding box.
        for mask in (left_square(image, False, edition), right_square(image, edition)):
            top, bottom, left, right = box(mask)
            assert mask.sum() == (bottom - top) * (right - left)


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_red_guides_only_in_guide_variants_at_left_square_edges(strength: float, edition) -> None:
    guides = guide_lines(CASE, strength, edition=edition)
    top, bottom, _, _ = box(left_square(guides.plain, True, edition))
    assert not guides.stray
    rows = guides.rows
    assert len(rows) == 2 and abs(rows[0] - top) <= 1 and abs(rows[1] - bottom) <= 1
    assert guides.mask[:, :10].any() and guides.mask[:, -10:].any()  # across the full width


def test_controls_ask_about_two_black_squares() -> None:
    case = case_named(CASE)
    for variant in Variant:
        forward, reverse = case.forward_question(variant), case.reversed_question_for(variant)
        colour = "black" if variant.control else "white"
        assert forward == f"Are the left {colour} square and the right black square equal in size?"
        assert reverse == f"Are the left {colour} square and the right black square different in size?"
