"""Irradiation (case 9) pixel audit: square sizes, the black half, guides, control questions."""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import dark_mask
from tests.viprobe.drawing import STRENGTHS, box, box_size, bright_mask, case_named, guide_lines, pixels

CASE = "irradiation"
LEFT, RIGHT = slice(0, 256), slice(256, 512)
EDGE_STRIP = slice(0, 20)  # left of every left square


def left_square(image: np.ndarray, inverted: bool) -> np.ndarray:
    """The left target: white on the black half, or black on white in controls."""
    return (bright_mask(image) if inverted else dark_mask(image))[:, LEFT]


def right_square(image: np.ndarray) -> np.ndarray:
    return dark_mask(image)[:, RIGHT]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_squares_are_equal_and_scale_with_base(base_scale: float) -> None:
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)
    for image, inverted in ((illusion, True), (control, False)):
        width, height = box_size(left_square(image, inverted))
        assert (width, height) == box_size(right_square(image))
        assert abs(width - 100 * base_scale) <= 1 and abs(height - 100 * base_scale) <= 1
    # The illusion's white square is exactly the control's black one.
    assert box(left_square(illusion, True)) == box(left_square(control, False))
    assert box(right_square(illusion)) == box(right_square(control))


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_square_grows_with_strength_and_right_stays(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    sides = [box_size(left_square(image, not variant.control))[0] for image in images]
    assert sides == sorted(sides) and len(set(sides)) == len(sides)
    for strength, image in zip(STRENGTHS, images, strict=True):
        width, height = box_size(left_square(image, not variant.control))
        assert abs(width - 100 * strength) <= 1 and abs(height - 100 * strength) <= 1
        assert box_size(right_square(image)) == (100, 100)
        control = pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength)
        assert box(left_square(image, not variant.control)) == box(left_square(control, False))


def test_controls_have_no_black_half_and_illusions_do() -> None:
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3)):
        assert dark_mask(pixels(CASE, variant, 1.0, strength))[:, EDGE_STRIP].all(), variant
    for variant, strength in ((Variant.ORIGINAL_CONTROL, 1.0), (Variant.PERTURBED_CONTROL, 1.3)):
        image = pixels(CASE, variant, 1.0, strength)
        assert not dark_mask(image)[:, EDGE_STRIP].any(), variant
        # Only the two squares are dark: each fills its bounding box.
        for mask in (left_square(image, False), right_square(image)):
            top, bottom, left, right = box(mask)
            assert mask.sum() == (bottom - top) * (right - left)


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_red_guides_only_in_guide_variants_at_left_square_edges(strength: float) -> None:
    guides = guide_lines(CASE, strength)
    top, bottom, _, _ = box(left_square(guides.plain, True))
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
