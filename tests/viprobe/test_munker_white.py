"""Munker-White (case 14) pixel audit: bar colours, which stripes show them, the guide bar, base-scale hue."""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.pixels import bands
from tests.viprobe.drawing import STRENGTHS, pixels

CASE = "munker_white"
LEFT_BAR, RIGHT_BAR = slice(64, 192), slice(320, 448)
GAPS = np.r_[0:64, 192:320, 448:512]  # columns no bar covers
DARK_ROWS = np.concatenate([np.arange(y, y + 32) for y in range(0, 256, 64)])
LIGHT_ROWS = DARK_ROWS + 32
GUIDE_ROWS = slice(104, 152)
OLIVE = np.array([0.65, 0.65, 0.35]) * 255


def colours(region: np.ndarray) -> np.ndarray:
    return np.unique(region.reshape(-1, 3), axis=0)


def bar(image: np.ndarray, columns: slice, rows: np.ndarray) -> np.ndarray:
    """The single flat colour of a bar over `rows` (the guide's rows left out)."""
    rows = rows[(rows < GUIDE_ROWS.start) | (rows >= GUIDE_ROWS.stop)]
    found = colours(image[rows, columns])
    assert len(found) == 1, found
    return found[0]


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_bars_are_equal_and_the_illusion_shows_the_control_bars(base_scale: float) -> None:
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)
    everywhere = np.arange(256)
    assert np.array_equal(bar(control, LEFT_BAR, everywhere), bar(control, RIGHT_BAR, everywhere))
    assert np.abs(bar(control, LEFT_BAR, everywhere) - OLIVE).max() <= 1
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale)
    # The left bar shows in the dark stripes, the right bar in the light ones, both as in the control.
    assert np.array_equal(bar(illusion, LEFT_BAR, DARK_ROWS), bar(control, LEFT_BAR, everywhere))
    assert np.array_equal(bar(illusion, RIGHT_BAR, LIGHT_ROWS), bar(control, RIGHT_BAR, everywhere))
    olive = bar(control, LEFT_BAR, everywhere)
    assert not np.all(illusion[LIGHT_ROWS, LEFT_BAR] == olive, axis=-1).any()
    assert not np.all(illusion[DARK_ROWS, RIGHT_BAR] == olive, axis=-1).any()


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_bar_brightness_follows_strength_and_right_bar_stays(variant: Variant) -> None:
    left_rows = DARK_ROWS if not variant.control else np.arange(256)
    right_rows = LIGHT_ROWS if not variant.control else np.arange(256)
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    lefts = [bar(image, LEFT_BAR, left_rows) for image in images]
    values = [int(left.max()) for left in lefts]
    assert values == sorted(values) and len(set(values)) == len(values)
    for strength, left in zip(STRENGTHS, lefts, strict=True):
        assert np.abs(left - OLIVE * strength).max() <= 1
    rights = {tuple(bar(image, RIGHT_BAR, right_rows)) for image in images}
    assert len(rights) == 1 and np.abs(np.array(rights.pop()) - OLIVE).max() <= 1


def test_controls_have_no_stripes_and_illusions_do() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        gaps = image[:, GAPS]
        gaps = np.delete(gaps, np.arange(GUIDE_ROWS.start, GUIDE_ROWS.stop), axis=0)
        if variant.control:
            assert not gaps.any(), variant
            continue
        # Outside the bars, rows alternate every 32 px between one dark and one light colour.
        dark, light = colours(image[DARK_ROWS[:32]][:, GAPS]), colours(image[LIGHT_ROWS[:32]][:, GAPS])
        assert len(dark) == 1 and len(light) == 1 and dark[0].max() < 80 and light[0].max() > 240, variant
        profile = np.all(image[:, 5] == dark[0], axis=-1)
        assert [b - a for a, b in bands(profile)] == [32] * 4, variant


def test_guides_only_in_guide_variants_as_a_bar_in_the_left_bar_colour() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        left = bar(image, LEFT_BAR, DARK_ROWS if not variant.control else np.arange(256))
        between = np.all(image[:, 200:310] == left, axis=2)
        if not variant.guide:
            assert not between.any(), variant
            continue
        assert np.flatnonzero(between.all(axis=1)).tolist() == list(range(108, 148)), variant


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_stripe_hue_only(base_scale: float) -> None:
    image = pixels(CASE, Variant.ORIGINAL, base_scale)
    for y in (10, 40):
        distance = abs(hue(image[y, 10]) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.02, y
    assert np.abs(bar(image, LEFT_BAR, DARK_ROWS) - OLIVE).max() <= 1
