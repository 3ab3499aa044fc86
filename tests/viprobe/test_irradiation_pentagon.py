"""Irradiation Pentagon (case 10) pixel audit: pentagon sizes and orientation, grounds, guides."""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import blobs, dark_mask
from tests.viprobe.drawing import (
    STRENGTHS,
    box,
    box_size,
    bright_mask,
    case_named,
    guide_lines,
    ink,
    pixels,
)

CASE = "irradiation_pentagon"
MID, LEFT_X, RIGHT_X = 128, 128, 384
#: Bounding box of a regular pentagon per unit circumradius (apex to flat edge, and across).
HEIGHT_RATIO, WIDTH_RATIO = 1 + math.cos(math.radians(36)), 2 * math.cos(math.radians(18))


def blob_at(mask: np.ndarray, x: int) -> np.ndarray:
    """The connected region of `mask` covering (x, MID)."""
    for blob in blobs(mask):
        if blob[MID, x]:
            return blob
    raise AssertionError(f"nothing at column {x}")


def left_target(image: np.ndarray, inverted: bool) -> np.ndarray:
    """The left small pentagon: white inside the black ground, or black in controls."""
    return blob_at(bright_mask(image) if inverted else dark_mask(image), LEFT_X)


def right_target(image: np.ndarray) -> np.ndarray:
    return blob_at(dark_mask(image), RIGHT_X)


def assert_pentagon(blob: np.ndarray, radius: float) -> None:
    """Size of a circumradius-`radius` pentagon, flat edge on top and apex at the bottom."""
    width, height = box_size(blob)
    assert abs(width - WIDTH_RATIO * radius) <= 2 and abs(height - HEIGHT_RATIO * radius) <= 2
    top, bottom, _, _ = box(blob)
    inset = height // 10
    assert blob[top + inset].sum() > 2 * blob[bottom - 1 - inset].sum()


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_pentagons_are_equal_and_scale_with_base(base_scale: float) -> None:
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)
    for image, inverted in ((illusion, True), (control, False)):
        left, right = left_target(image, inverted), right_target(image)
        assert_pentagon(left, 40 * base_scale)
        assert_pentagon(right, 40 * base_scale)
        assert np.array_equal(np.roll(left, RIGHT_X - LEFT_X, axis=1), right)
    # The illusion's white pentagon is the control's black one; the grounds keep radius 100 at any scale.
    assert box(left_target(illusion, True)) == box(left_target(control, False))
    top, bottom, _, _ = box(dark_mask(illusion)[:, :256])
    assert abs(bottom - top - HEIGHT_RATIO * 100) <= 2


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_pentagon_grows_with_strength_and_right_stays(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    heights = [box_size(left_target(image, not variant.control))[1] for image in images]
    assert heights == sorted(heights) and len(set(heights)) == len(heights)
    for strength, image in zip(STRENGTHS, images, strict=True):
        assert_pentagon(left_target(image, not variant.control), 40 * strength)
        assert_pentagon(right_target(image), 40)
        assert box_size(right_target(image)) == box_size(right_target(pixels(CASE, Variant.ORIGINAL_CONTROL)))
        control = pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength)
        assert box(left_target(image, not variant.control)) == box(left_target(control, False))


def ground_pixels(image: np.ndarray, inverted: bool) -> int:
    """Non-white pixels outside both small pentagons' boxes (grown by 2 px)."""
    ground = ink(image)
    for blob in (left_target(image, inverted), right_target(image)):
        top, bottom, left, right = box(blob)
        ground[max(top - 2, 0) : bottom + 2, max(left - 2, 0) : right + 2] = False
    return int(ground.sum())


def test_controls_have_no_grounds_and_illusions_do() -> None:
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3)):
        image = pixels(CASE, variant, 1.0, strength)
        assert dark_mask(image)[MID + 90, LEFT_X]  # black ground below the white pentagon
        assert (image[MID + 90, RIGHT_X] > 230).all()  # white ground below the black one ...
        assert (image[MID + 60 :, RIGHT_X] < 200).any()  # ... ending in a thin outline at its apex
        assert ground_pixels(image, inverted=True) > 5000
    assert ground_pixels(pixels(CASE, Variant.ORIGINAL_CONTROL), inverted=False) == 0
    assert ground_pixels(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 1.3), inverted=False) == 0


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_red_guides_only_in_guide_variants_at_left_pentagon_extent(strength: float) -> None:
    guides = guide_lines(CASE, strength)
    top, bottom, _, _ = box(left_target(guides.plain, True))
    assert not guides.stray
    rows = guides.rows
    assert len(rows) == 2 and abs(rows[0] - top) <= 1 and abs(rows[1] - bottom) <= 1
    assert guides.mask[:, :10].any() and guides.mask[:, -10:].any()


def test_controls_ask_about_two_black_pentagons() -> None:
    case = case_named(CASE)
    for variant in Variant:
        colour = "black" if variant.control else "white"
        stem = f"Are the left {colour} pentagon and the right black pentagon"
        assert case.forward_question(variant) == f"{stem} equal in size?"
        assert case.reversed_question_for(variant) == f"{stem} different in size?"
