"""Munker-White (case 14) pixel audit: bar colours, which stripes show them, the guide bar, base-scale hue.

Every audit runs on the canonical edition and a fresh one (`edition`), where the stripes' height
and the bars' places and extent come from its elements.
"""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.pixels import bands, colours
from tests.viprobe.drawing import STRENGTHS, elements, pixels

CASE = "munker_white"
OLIVE = np.array([0.65, 0.65, 0.35]) * 255


class Figure:
    """Where an edition's bars and stripes are, in pixel rows and columns."""

    def __init__(self, edition: int | None, base_scale: float = 1.0) -> None:
        geometry = elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)
        half, stripe = geometry.size // 2, int(geometry.stripe)
        (left, right), (top, bottom) = (int(x) for x in geometry.centres), (int(y) for y in geometry.span)
        self.left_bar, self.right_bar = slice(left - half, left + half), slice(right - half, right + half)
        self.gaps = np.r_[0 : left - half, left + half : right - half, right + half : 512]
        rows = np.arange(256)
        dark = (rows // stripe) % 2 == 0
        self.guide = slice(int(geometry.row) - 24, int(geometry.row) + 24)
        self.guide_rows = list(range(int(geometry.row) - 20, int(geometry.row) + 20))
        bars = (rows >= top) & (rows < bottom)
        self.bar_rows, self.dark_rows, self.light_rows = rows[bars], rows[bars & dark], rows[bars & ~dark]
        self.stripe, self.between = stripe, slice(left + half + 2, right - half - 2)
        self.dark_profile = dark


def bar(image: np.ndarray, columns: slice, rows: np.ndarray, figure: Figure) -> np.ndarray:
    """The single flat colour of a bar over `rows` (the guide's rows left out)."""
    rows = rows[(rows < figure.guide.start) | (rows >= figure.guide.stop)]
    found = colours(image[rows, columns])
    assert len(found) == 1, found
    return found[0]


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_bars_are_equal_and_the_illusion_shows_the_control_bars(base_scale: float, edition) -> None:
    figure = Figure(edition, base_scale)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    every = figure.bar_rows
    left_bar = bar(control, figure.left_bar, every, figure)
    assert np.array_equal(left_bar, bar(control, figure.right_bar, every, figure))
    assert np.abs(left_bar - OLIVE).max() <= 1
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    # The left bar shows in the dark stripes, the right bar in the light ones, both as in the control.
    assert np.array_equal(bar(illusion, figure.left_bar, figure.dark_rows, figure), left_bar)
    assert np.array_equal(bar(illusion, figure.right_bar, figure.light_rows, figure), left_bar)
    assert not np.all(illusion[figure.light_rows, figure.left_bar] == left_bar, axis=-1).any()
    assert not np.all(illusion[figure.dark_rows, figure.right_bar] == left_bar, axis=-1).any()


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_bar_brightness_follows_strength_and_right_bar_stays(variant: Variant, edition) -> None:
    figure = Figure(edition)
    left_rows = figure.dark_rows if not variant.control else figure.bar_rows
    right_rows = figure.light_rows if not variant.control else figure.bar_rows
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    lefts = [bar(image, figure.left_bar, left_rows, figure) for image in images]
    values = [int(left.max()) for left in lefts]
    assert values == sorted(values) and len(set(values)) == len(values)
    for strength, left in zip(STRENGTHS, lefts, strict=True):
        assert np.abs(left - OLIVE * strength).max() <= 1
    rights = {tuple(bar(image, figure.right_bar, right_rows, figure)) for image in images}
    assert len(rights) == 1 and np.abs(np.array(rights.pop()) - OLIVE).max() <= 1


def test_controls_have_no_stripes_and_illusions_do(edition) -> None:
    figure = Figure(edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        gaps = np.delete(image[:, figure.gaps], np.arange(figure.guide.start, figure.guide.stop), axis=0)
        if variant.control:
            assert not gaps.any(), variant
            continue
        # Outside the bars, rows alternate every stripe between one dark and one light colour.
        stripe = figure.stripe
        dark, light = (
            colours(image[:stripe][:, figure.gaps]),
            colours(image[stripe : 2 * stripe][:, figure.gaps]),
        )
        assert len(dark) == 1 and len(light) == 1 and dark[0].max() < 80 and light[0].max() > 240, variant
        profile = np.all(image[:, figure.gaps[0]] == dark[0], axis=-1)
        assert bands(profile) == bands(figure.dark_profile), variant


def test_guides_only_in_guide_variants_as_a_bar_in_the_left_bar_colour(edition) -> None:
    figure = Figure(edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        left = bar(
            image, figure.left_bar, figure.dark_rows if not variant.control else figure.bar_rows, figure
        )
        between = np.all(image[:, figure.between] == left, axis=2)
        if not variant.guide:
            assert not between.any(), variant
            continue
        assert np.flatnonzero(between.all(axis=1)).tolist() == figure.guide_rows, variant


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_stripe_hue_only(base_scale: float, edition) -> None:
    figure = Figure(edition, base_scale)
    image = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    for y in (figure.stripe // 2, figure.stripe + figure.stripe // 2):
        distance = abs(hue(image[y, figure.gaps[0]]) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.02, y
    assert np.abs(bar(image, figure.left_bar, figure.dark_rows, figure) - OLIVE).max() <= 1
