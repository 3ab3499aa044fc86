"""Cornsweet (case 12) pixel audit: disc greys, the background ramp, the guide bar, base-scale hue."""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.viprobe.drawing import STRENGTHS, pixels

CASE = "cornsweet"
ROW, LEFT, RIGHT, RADIUS = 128, 128, 384, 17


def disc(image: np.ndarray, x: int) -> np.ndarray:
    """Mean RGB of a disc's inner square (well inside its antialiased rim)."""
    patch = image[ROW - 9 : ROW + 10, x - 9 : x + 10].reshape(-1, 3)
    assert np.ptp(patch, axis=0).max() <= 1, "disc interior is not flat"
    return patch.mean(axis=0)


def within(image: np.ndarray, radius: float) -> np.ndarray:
    """Pixels within `radius` of either disc centre."""
    ys, xs = np.mgrid[: image.shape[0], : image.shape[1]]
    return np.any([(xs - x) ** 2 + (ys - ROW) ** 2 <= radius**2 for x in (LEFT, RIGHT)], axis=0)


def off_disc(image: np.ndarray) -> np.ndarray:
    """Pixels clear of both discs and their antialiased rims (background and guide only)."""
    return ~within(image, RADIUS + 2)


def grey(image: np.ndarray) -> np.ndarray:
    """Lit pixels with equal channels: the discs and the guide (the ramp is saturated, the control black)."""
    return (np.ptp(image, axis=2) <= 2) & (image.min(axis=2) > 20)


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_discs_are_equal_grey_and_the_illusion_draws_the_control_discs(base_scale: float) -> None:
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale)
    for image in (control, illusion):
        left, right = disc(image, LEFT), disc(image, RIGHT)
        assert np.abs(left - right).max() <= 1
        assert np.abs(left - 127.5).max() <= 1
    inside = within(control, RADIUS - 2)
    assert np.array_equal(control[inside], illusion[inside])


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_disc_grey_follows_strength_and_right_disc_stays(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    lefts = [disc(image, LEFT)[0] for image in images]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts)
    for strength, value in zip(STRENGTHS, lefts, strict=True):
        assert abs(value - 127.5 * strength) <= 1
    rights = [disc(image, RIGHT) for image in images]
    assert all(np.abs(right - 127.5).max() <= 1 for right in rights)


def test_controls_have_no_ramp_and_illusions_do() -> None:
    for variant, strength in ((Variant.ORIGINAL_CONTROL, 1.0), (Variant.PERTURBED_CONTROL, 1.3)):
        image = pixels(CASE, variant, 1.0, strength)
        assert not image[off_disc(image)].any(), variant
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3)):
        row = pixels(CASE, variant, 1.0, strength)[20].sum(axis=1)
        assert np.all(np.diff(row) >= 0) and row[-1] - row[0] > 300, variant


def test_guides_only_in_guide_variants_as_a_bar_in_the_left_disc_grey() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        bar = grey(image) & off_disc(image)
        if not variant.guide:
            assert not bar.any(), variant
            continue
        rows = np.flatnonzero(bar[:, 256])
        assert 10 <= len(rows) <= 12 and abs(rows.mean() - 127.5) <= 1, variant
        columns = np.flatnonzero(bar[ROW])
        assert columns.min() <= LEFT + RADIUS + 3 and columns.max() >= RIGHT - RADIUS - 3
        assert np.abs(image[ROW, 200:320] - disc(image, LEFT)).max() <= 1


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_ramp_hue_only(base_scale: float) -> None:
    image = pixels(CASE, Variant.ORIGINAL, base_scale)
    for x in (40, 256, 500):
        distance = abs(hue(image[20, x]) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.02, x
    assert np.abs(disc(image, LEFT) - 127.5).max() <= 1
