"""Ehrenstein (case 27) pixel audit: edge bends, radial fan, veil guide.

Every audit runs on the canonical edition and a fresh one (`edition`), where the fan's centre and
length and the squares' places and size come from its elements.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import ndimage

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, changed, elements, pixels

CASE = "ehrenstein"


class Figure:
    """Where an edition's fan and squares are (the canonical: squares of 80 px, 80 px either side)."""

    def __init__(self, edition: int | None, base_scale: float = 1.0) -> None:
        geometry = elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)
        self.centres = tuple((round(x), round(y)) for x, y in geometry.squares)
        self.side, self.fan = geometry.side, tuple(round(c) for c in geometry.centre)
        self.reach = round(geometry.side / 2 + 20)  # half a box holding a square at any bend
        self.veil = round(geometry.side / 2 + 60)  # half the guide's veil around a square
        (left, y), (right, _) = self.centres
        self.veils = (left - self.veil, right + self.veil, y - self.veil, y + self.veil)
        # A circle about the fan's centre between the squares' boxes and the rays' ends.
        self.circle = (geometry.offset + geometry.side / 2 + 15 + geometry.reach) / 2


def middle_span(image: np.ndarray, center: tuple[int, int], vertical: bool, figure: Figure) -> float:
    """Distance between opposite edges through the square's middle (column if vertical, else row)."""
    cx, cy = center
    mask, reach = dark_mask(image), figure.reach + 10
    profile = mask[cy - reach : cy + reach + 1, cx] if vertical else mask[cy, cx - reach : cx + reach + 1]
    runs = bands(profile)
    assert len(runs) == 2, runs
    (a0, a1), (b0, b1) = runs
    return (b0 + b1) / 2 - (a0 + a1) / 2


def spans(image: np.ndarray, figure: Figure) -> list[float]:
    """Middle height and width of the left square, then of the right one."""
    return [
        middle_span(image, center, vertical, figure)
        for center in figure.centres
        for vertical in (True, False)
    ]


def top_edge_rows(image: np.ndarray, center: tuple[int, int], figure: Figure) -> list[float]:
    """Row of the top edge's centre line in each column across its middle three quarters."""
    cx, cy = center
    mask, reach, across = dark_mask(image), figure.reach + 10, round(figure.side * 3 / 8)
    rows = []
    for x in range(cx - across, cx + across + 1):
        (a, b), *_ = bands(mask[cy - reach : cy + reach + 1, x])
        rows.append((a + b) / 2)
    return rows


def off_squares(figure: Figure) -> np.ndarray:
    """Everything but the two boxes that can hold a square."""
    mask = np.ones((512, 512), dtype=bool)
    for cx, cy in figure.centres:
        mask[cy - figure.reach : cy + figure.reach, cx - figure.reach : cx + figure.reach] = False
    return mask


def fan_pixels(image: np.ndarray, figure: Figure) -> int:
    """Non-white pixels away from the squares: the radial lines, nothing else draws there."""
    return int(((image < 230).any(axis=2) & off_squares(figure)).sum())


def fan_lines(image: np.ndarray, figure: Figure) -> int:
    """Radial lines crossing a circle around the fan's centre, clear of both squares."""
    angles = np.linspace(0, 2 * math.pi, 4000, endpoint=False)
    xs = np.rint(figure.fan[0] + figure.circle * np.cos(angles)).astype(int)
    ys = np.rint(figure.fan[1] + figure.circle * np.sin(angles)).astype(int)
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
def test_original_squares_are_straight_and_equal(base_scale: float, edition) -> None:
    figure = Figure(edition, base_scale)
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = pixels(CASE, variant, base_scale, edition=edition)
        assert all(abs(span - figure.side) <= 1 for span in spans(image, figure)), variant
        for center in figure.centres:
            # A crossing gray line can darken one antialiased pixel next to the edge.
            assert np.ptp(top_edge_rows(image, center, figure)) <= 1.0, variant
    assert same_squares(
        pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition),
        pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition),
    )


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_edges_bend_with_strength_and_corners_and_fan_stay(variant: Variant, edition) -> None:
    figure = Figure(edition)
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    measured = np.array([spans(image, figure) for image in images])
    # Every edge of both squares bends alike: 2·(s−1)·30 px narrower through the middle (inwards for s > 1).
    for strength, row in zip(STRENGTHS, measured, strict=True):
        assert np.abs(row - (figure.side - 60 * (strength - 1))).max() <= 1.5, strength
    assert (np.diff(measured, axis=0) < 0).all()
    corner = round(figure.side / 2)
    for image in images:
        mask = dark_mask(image)
        corners = [
            (cx + dx, cy + dy)
            for cx, cy in figure.centres
            for dx in (-corner, corner)
            for dy in (-corner, corner)
        ]
        assert all(mask[y, x] or mask[y - 1 : y + 1, x - 1 : x + 1].any() for x, y in corners)
        assert not changed(image, images[0])[off_squares(figure)].any()  # the fan does not move
    for strength, image in zip(STRENGTHS, images, strict=True):
        assert same_squares(image, pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength, edition))


@pytest.mark.parametrize(("base_scale", "count"), [(0.5, 10), (0.7, 14), (1.0, 20), (1.3, 26), (1.5, 30)])
def test_fan_density_follows_base_scale(base_scale: float, count: int, edition) -> None:
    figure = Figure(edition, base_scale)
    assert fan_lines(pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition), figure) == count
    assert fan_lines(pixels(CASE, Variant.PERTURBED, base_scale, 0.7, edition), figure) == count


def test_controls_have_no_fan_and_illusions_do(edition) -> None:
    figure = Figure(edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        if variant.control:
            assert fan_pixels(image, figure) == 0 and fan_lines(image, figure) == 0, variant
        else:
            assert fan_pixels(image, figure) > 1000, variant
            assert variant.guide or fan_lines(image, figure) == 20, (
                variant
            )  # the guide fades part of the circle


@pytest.mark.parametrize("strength", [1.0, 1.3])
def test_guide_veils_the_fan_around_the_squares_only(strength: float, edition) -> None:
    figure = Figure(edition)
    perturbed = strength != 1.0
    plain = pixels(CASE, Variant.PERTURBED if perturbed else Variant.ORIGINAL, 1.0, strength, edition)
    guided = pixels(
        CASE,
        Variant.PERTURBED_WITH_GUIDE if perturbed else Variant.ORIGINAL_WITH_GUIDE,
        1.0,
        strength,
        edition,
    )
    left, right, top, bottom = figure.veils
    veiled = np.zeros(
        (512, 512), dtype=bool
    )  # a box about each square: they meet only if the squares are close
    for cx, cy in figure.centres:
        veiled[cy - figure.veil : cy + figure.veil, cx - figure.veil : cx + figure.veil] = True
    # The guide changes the fan inside the veil, nothing outside it; the release's fan reaches the
    # veil's edges, an edition's shorter one may stop short of them.
    ys, xs = np.nonzero(changed(guided, plain))
    assert xs.min() >= left - 2 and xs.max() <= right + 1 and ys.min() >= top - 2 and ys.max() <= bottom + 1
    if edition is None:
        assert abs(xs.min() - left) <= 2 and abs(xs.max() - (right - 1)) <= 2
        assert abs(ys.min() - top) <= 2 and abs(ys.max() - (bottom - 1)) <= 2
    # Inside the veil the gray lines fade to a faint trace (90 % white), away from the squares.
    near_fan = veiled & off_squares(figure)
    assert (plain[near_fan] < 170).any(axis=1).sum() > 300
    assert not (guided[near_fan] < 235).any()
    assert (guided[near_fan] < 252).all(axis=1).sum() > 300
    # The squares are redrawn on top, unchanged; the fan beyond the veil is untouched.
    assert same_squares(guided, plain)
    assert np.allclose(
        spans(guided, figure), spans(plain, figure), atol=0.5
    )  # a ray under an edge may shift it
    assert not changed(guided, plain)[~veiled].any()
