"""Simultaneous Contrast (case 13) pixel audit: square colours, the fields, the guide bar, base-scale hue."""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.pixels import bands
from tests.viprobe.drawing import STRENGTHS, pixels

CASE = "simultaneous_contrast"
LEFT, RIGHT, ROW, SIDE = 128, 384, 128, 85


def square(image: np.ndarray, x: int) -> np.ndarray:
    """The flat colour inside a square, away from the guide's rows."""
    patch = image[ROW - 40 : ROW - 8, x - 40 : x + 41].reshape(-1, 3)
    assert np.ptp(patch, axis=0).max() == 0, "square interior is not flat"
    return patch[0]


def squares_mask(image: np.ndarray) -> np.ndarray:
    mask = np.zeros(image.shape[:2], dtype=bool)
    for x in (LEFT, RIGHT):
        mask[ROW - SIDE // 2 - 1 : ROW + SIDE // 2 + 2, x - SIDE // 2 - 1 : x + SIDE // 2 + 2] = True
    return mask


def brightness(rgb: np.ndarray) -> float:
    return float(rgb.max())


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_squares_are_equal_and_the_illusion_draws_the_control_squares(base_scale: float) -> None:
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale)
    for image in (control, illusion):
        assert np.array_equal(square(image, LEFT), square(image, RIGHT))
        assert abs(brightness(square(image, LEFT)) - 127.5) <= 1
    # Each square is an 85 px block, the same in both images.
    for x in (LEFT, RIGHT):
        assert [b - a for a, b in bands(control[:, x].any(axis=1))] == [SIDE]
        assert [b - a for a, b in bands(control[ROW - 20].any(axis=1))] == [SIDE, SIDE]
    inside = squares_mask(control) & control.any(axis=2)
    assert np.array_equal(control[inside], illusion[inside])


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_square_brightness_follows_strength_and_right_square_stays(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    lefts = [brightness(square(image, LEFT)) for image in images]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts)
    for strength, value in zip(STRENGTHS, lefts, strict=True):
        assert abs(value - 127.5 * strength) <= 1
    assert all(np.ptp(square(image, LEFT)) == 0 for image in images)  # stays grey
    assert {tuple(square(image, RIGHT)) for image in images} == {(128, 128, 128)}


def test_controls_have_no_fields_and_illusions_do() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        outside = ~squares_mask(image)
        outside[118:138] = False  # the guide's rows
        if variant.control:
            assert not image[outside].any(), variant
            continue
        halves = (slice(0, 256), slice(256, 512))
        fields = [np.unique(image[:, half][outside[:, half]], axis=0) for half in halves]
        assert [len(colours) for colours in fields] == [1, 1], variant
        (dark,), (light,) = fields
        assert brightness(dark) < 80 and brightness(light) > 240 and np.ptp(dark) > 20, variant


def test_guides_only_in_guide_variants_as_a_bar_in_the_left_square_colour() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        left = square(image, LEFT)
        between = np.all(image[:, 180:330] == left, axis=2)
        if not variant.guide:
            assert not between.any(), variant
            continue
        rows = np.flatnonzero(between.all(axis=1))
        assert rows.tolist() == list(range(123, 133)), variant


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_field_hue_only(base_scale: float) -> None:
    image = pixels(CASE, Variant.ORIGINAL, base_scale)
    for x in (10, 500):
        distance = abs(hue(image[10, x]) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.02, x
    assert tuple(square(image, LEFT)) == (128, 128, 128)
