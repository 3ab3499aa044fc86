"""Ehrenstein (case 27) pixel audit: edge bends, radial fan, veil guide."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import ndimage

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, changed, pixels

CASE = "ehrenstein"
CENTERS = ((176, 256), (336, 256))  # the squares, 80 px wide, 80 px left and right of the centre
REACH = 60  # half-size of a box holding a square at any bend
VEILS = (76, 436, 156, 356)  # the guide's veil: 200 px boxes around both squares (left, right, top, bottom)


def middle_span(image: np.ndarray, center: tuple[int, int], vertical: bool) -> float:
    """Distance between opposite edges through the square's middle (column if vertical, else row)."""
    cx, cy = center
    mask = dark_mask(image)
    profile = mask[cy - 70 : cy + 71, cx] if vertical else mask[cy, cx - 70 : cx + 71]
    runs = bands(profile)
    assert len(runs) == 2, runs
    (a0, a1), (b0, b1) = runs
    return (b0 + b1) / 2 - (a0 + a1) / 2


def spans(image: np.ndarray) -> list[float]:
    """Middle height and width of the left square, then of the right one."""
    return [middle_span(image, center, vertical) for center in CENTERS for vertical in (True, False)]


def top_edge_rows(image: np.ndarray, center: tuple[int, int]) -> list[float]:
    """Row of the top edge's centre line in each column across its middle 60 px."""
    cx, cy = center
    mask = dark_mask(image)
    rows = []
    for x in range(cx - 30, cx + 31):
        (a, b), *_ = bands(mask[cy - 70 : cy + 71, x])
        rows.append((a + b) / 2)
    return rows


def off_squares() -> np.ndarray:
    """Everything but the two boxes that can hold a square."""
    mask = np.ones((512, 512), dtype=bool)
    for cx, cy in CENTERS:
        mask[cy - REACH : cy + REACH, cx - REACH : cx + REACH] = False
    return mask


def fan_pixels(image: np.ndarray) -> int:
    """Non-white pixels away from the squares: the radial lines, nothing else draws there."""
    return int(((image < 230).any(axis=2) & off_squares()).sum())


def fan_lines(image: np.ndarray) -> int:
    """Radial lines crossing a circle of radius 160 around the centre (clear of both squares)."""
    angles = np.linspace(0, 2 * math.pi, 4000, endpoint=False)
    xs = np.rint(256 + 160 * np.cos(angles)).astype(int)
    ys = np.rint(256 + 160 * np.sin(angles)).astype(int)
    ink = (image[ys, xs] < 200).any(axis=1)
    runs = bands(ink)
    if len(runs) > 1 and ink[0] and ink[-1]:
        return len(runs) - 1  # a line straddling angle 0 is one line
    return len(runs)


def same_squares(a: np.ndarray, b: np.ndarray) -> bool:
    """The squares' ink matches up to antialiasing: each dark mask lies within a pixel of the other."""
    dark_a, dark_b = dark_mask(a), dark_mask(b)
    return (
        not (dark_a & ~ndimage.binary_dilation(dark_b)).any()
        and not (dark_b & ~ndimage.binary_dilation(dark_a)).any()
    )


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_squares_are_straight_and_equal(base_scale: float) -> None:
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = pixels(CASE, variant, base_scale)
        assert all(abs(span - 80) <= 1 for span in spans(image)), variant
        for center in CENTERS:
            # A crossing gray line can darken one antialiased pixel next to the edge.
            assert np.ptp(top_edge_rows(image, center)) <= 1.0, variant
    assert same_squares(
        pixels(CASE, Variant.ORIGINAL, base_scale), pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)
    )


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_edges_bend_with_strength_and_corners_and_fan_stay(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    measured = np.array([spans(image) for image in images])
    # Every edge of both squares bends alike: 2·(s−1)·30 px narrower through the middle (inwards for s > 1).
    for strength, row in zip(STRENGTHS, measured, strict=True):
        assert np.abs(row - (80 - 60 * (strength - 1))).max() <= 1.5, strength
    assert (np.diff(measured, axis=0) < 0).all()
    for image in images:
        mask = dark_mask(image)
        assert all(mask[cy + dy, cx + dx] for cx, cy in CENTERS for dx in (-40, 40) for dy in (-40, 40))
        assert not changed(image, images[0])[off_squares()].any()  # the fan does not move
    for strength, image in zip(STRENGTHS, images, strict=True):
        assert same_squares(image, pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength))


@pytest.mark.parametrize(("base_scale", "count"), [(0.5, 10), (0.7, 14), (1.0, 20), (1.3, 26), (1.5, 30)])
def test_fan_density_follows_base_scale(base_scale: float, count: int) -> None:
    assert fan_lines(pixels(CASE, Variant.ORIGINAL, base_scale)) == count
    assert fan_lines(pixels(CASE, Variant.PERTURBED, base_scale, 0.7)) == count


def test_controls_have_no_fan_and_illusions_do() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        if variant.control:
            assert fan_pixels(image) == 0 and fan_lines(image) == 0, variant
        else:
            assert fan_pixels(image) > 1000, variant
            assert variant.guide or fan_lines(image) == 20, variant  # the guide fades part of the circle


@pytest.mark.parametrize("strength", [1.0, 1.3])
def test_guide_veils_the_fan_around_the_squares_only(strength: float) -> None:
    perturbed = strength != 1.0
    plain = pixels(CASE, Variant.PERTURBED if perturbed else Variant.ORIGINAL, 1.0, strength)
    guided = pixels(
        CASE, Variant.PERTURBED_WITH_GUIDE if perturbed else Variant.ORIGINAL_WITH_GUIDE, 1.0, strength
    )
    left, right, top, bottom = VEILS
    veiled = np.zeros((512, 512), dtype=bool)
    veiled[top:bottom, left:right] = True
    # The guide changes the fan inside the veil, nothing outside it.
    ys, xs = np.nonzero(changed(guided, plain))
    assert abs(xs.min() - left) <= 2 and abs(xs.max() - (right - 1)) <= 2
    assert abs(ys.min() - top) <= 2 and abs(ys.max() - (bottom - 1)) <= 2
    # Inside the veil the gray lines fade to a faint trace (90 % white), away from the squares.
    near_fan = veiled & off_squares()
    assert (plain[near_fan] < 170).all(axis=1).sum() > 300
    assert not (guided[near_fan] < 235).any()
    assert (guided[near_fan] < 252).all(axis=1).sum() > 300
    # The squares are redrawn on top, unchanged; the fan beyond the veil is untouched.
    assert same_squares(guided, plain)
    assert spans(guided) == spans(plain)
    assert not changed(guided, plain)[~veiled].any()
