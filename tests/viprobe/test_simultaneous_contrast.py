"""Simultaneous Contrast (case 13) pixel audit: square colours, the fields, the guide bar, base-scale hue.

Every audit runs on the canonical edition and a fresh one (`edition`), where the fields' split and
the squares' places and size come from its elements.
"""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.pixels import bands, colours
from tests.viprobe.drawing import STRENGTHS, elements, pixels

CASE = "simultaneous_contrast"


def figure(edition: int | None, base_scale: float = 1.0):  # type: ignore[no-untyped-def]
    return elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)


def square(image: np.ndarray, x: float, edition: int | None, base_scale: float = 1.0) -> np.ndarray:
    """The flat colour inside a square, away from the guide's rows."""
    geometry = figure(edition, base_scale)
    row, reach = int(geometry.row), int(geometry.size * 0.45)
    patch = image[row - reach : row - 8, int(x) - reach : int(x) + reach + 1].reshape(-1, 3)
    assert np.ptp(patch, axis=0).max() == 0, "square interior is not flat"
    return patch[0]


def squares_mask(image: np.ndarray, edition: int | None) -> np.ndarray:
    geometry = figure(edition)
    mask = np.zeros(image.shape[:2], dtype=bool)
    row, half = int(geometry.row), int(geometry.size) // 2
    for x in geometry.centres:
        mask[row - half - 1 : row + half + 2, int(x) - half - 1 : int(x) + half + 2] = True
    return mask


def brightness(rgb: np.ndarray) -> float:
    return float(rgb.max())


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_squares_are_equal_and_the_illusion_draws_the_control_squares(
    base_scale: float, edition
) -> None:
    geometry = figure(edition, base_scale)
    (left, right), side, row = geometry.centres, int(geometry.size), int(geometry.row)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    for image in (control, illusion):
        assert np.array_equal(
            square(image, left, edition, base_scale), square(image, right, edition, base_scale)
        )
        assert abs(brightness(square(image, left, edition, base_scale)) - 127.5) <= 1
    # Each square is a block of its side, the same in both images.
    for x in (left, right):
        assert [b - a for a, b in bands(control[:, int(x)].any(axis=1))] == [side]
    assert [b - a for a, b in bands(control[row - 20].any(axis=1))] == [side, side]
    inside = np.zeros(control.shape[:2], dtype=bool)
    for x in (left, right):
        inside[row - side // 2 : row + side // 2, int(x) - side // 2 : int(x) + side // 2] = True
    assert np.array_equal(control[inside], illusion[inside])


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_square_brightness_follows_strength_and_right_square_stays(variant: Variant, edition) -> None:
    left_x, right_x = figure(edition).centres
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    lefts = [brightness(square(image, left_x, edition)) for image in images]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts)
    for strength, value in zip(STRENGTHS, lefts, strict=True):
        assert abs(value - 127.5 * strength) <= 1
    assert all(np.ptp(square(image, left_x, edition)) == 0 for image in images)  # stays grey
    assert {tuple(square(image, right_x, edition)) for image in images} == {(128, 128, 128)}


def test_controls_have_no_fields_and_illusions_do(edition) -> None:
    geometry = figure(edition)
    split, row = round(geometry.split), int(geometry.row)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        outside = ~squares_mask(image, edition)
        outside[row - 10 : row + 10] = False  # the guide's rows
        if variant.control:
            assert not image[outside].any(), variant
            continue
        parts = (slice(0, split), slice(split, 512))
        fields = [colours(image[:, part][outside[:, part]]) for part in parts]
        assert [len(found) for found in fields] == [1, 1], variant
        (dark,), (light,) = fields
        assert brightness(dark) < 80 and brightness(light) > 240 and np.ptp(dark) > 20, variant


def test_guides_only_in_guide_variants_as_a_bar_in_the_left_square_colour(edition) -> None:
    geometry = figure(edition)
    (left_x, right_x), half, row = geometry.centres, int(geometry.size) // 2, int(geometry.row)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        left = square(image, left_x, edition)
        between = np.all(image[:, int(left_x) + half + 2 : int(right_x) - half - 2] == left, axis=2)
        if not variant.guide:
            assert not between.any(), variant
            continue
        rows = np.flatnonzero(between.all(axis=1))
        assert rows.tolist() == list(range(row - 5, row + 5)), variant


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_field_hue_only(base_scale: float, edition) -> None:
    image = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    for x in (3, 508):
        distance = abs(hue(image[3, x]) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.02, x
    assert tuple(square(image, figure(edition, base_scale).centres[0], edition, base_scale)) == (
        128,
        128,
        128,
    )
