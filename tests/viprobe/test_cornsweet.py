"""Cornsweet (case 12) pixel audit: disc greys, the background ramp, the guide bar, base-scale hue.

Every audit runs on the canonical edition and a fresh one (`edition`), where the discs' places and
radius come from its elements.
"""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.viprobe.drawing import STRENGTHS, elements, pixels

CASE = "cornsweet"


def figure(edition: int | None, base_scale: float = 1.0):  # type: ignore[no-untyped-def]
    return elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)


def disc(image: np.ndarray, x: float, edition: int | None, base_scale: float = 1.0) -> np.ndarray:
    """Mean RGB of a disc's inner square (well inside its antialiased rim)."""
    row, reach = int(figure(edition, base_scale).row), int(figure(edition, base_scale).radius * 0.55)
    patch = image[row - reach : row + reach + 1, int(x) - reach : int(x) + reach + 1].reshape(-1, 3)
    assert np.ptp(patch, axis=0).max() <= 1, "disc interior is not flat"
    return patch.mean(axis=0)


def within(image: np.ndarray, radius: float, edition: int | None) -> np.ndarray:
    """Pixels within `radius` of either disc centre."""
    ys, xs = np.mgrid[: image.shape[0], : image.shape[1]]
    row = figure(edition).row
    return np.any([(xs - x) ** 2 + (ys - row) ** 2 <= radius**2 for x in figure(edition).centres], axis=0)


def off_disc(image: np.ndarray, edition: int | None) -> np.ndarray:
    """Pixels clear of both discs and their antialiased rims (background and guide only)."""
    return ~within(image, figure(edition).radius + 2, edition)


def clear_row(edition: int | None, base_scale: float = 1.0) -> int:
    """A row of ramp alone, far from the discs' row."""
    return 20 if figure(edition, base_scale).row > 128 - 10 else 236


def grey(image: np.ndarray) -> np.ndarray:
    """Lit pixels with equal channels: the discs and the guide (the ramp is saturated, the control black)."""
    return (np.ptp(image, axis=2) <= 2) & (image.min(axis=2) > 20)


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_discs_are_equal_grey_and_the_illusion_draws_the_control_discs(
    base_scale: float, edition
) -> None:
    left_x, right_x = figure(edition, base_scale).centres
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    for image in (control, illusion):
        left, right = disc(image, left_x, edition, base_scale), disc(image, right_x, edition, base_scale)
        assert np.abs(left - right).max() <= 1
        assert np.abs(left - 127.5).max() <= 1
    ys, xs = np.mgrid[:256, :512]
    geometry = figure(edition, base_scale)
    inside = np.any(
        [(xs - x) ** 2 + (ys - geometry.row) ** 2 <= (geometry.radius - 2) ** 2 for x in geometry.centres],
        axis=0,
    )
    assert np.array_equal(control[inside], illusion[inside])


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_disc_grey_follows_strength_and_right_disc_stays(variant: Variant, edition) -> None:
    left_x, right_x = figure(edition).centres
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    lefts = [disc(image, left_x, edition)[0] for image in images]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts)
    for strength, value in zip(STRENGTHS, lefts, strict=True):
        assert abs(value - 127.5 * strength) <= 1
    rights = [disc(image, right_x, edition) for image in images]
    assert all(np.abs(right - 127.5).max() <= 1 for right in rights)


def test_controls_have_no_ramp_and_illusions_do(edition) -> None:
    for variant, strength in ((Variant.ORIGINAL_CONTROL, 1.0), (Variant.PERTURBED_CONTROL, 1.3)):
        image = pixels(CASE, variant, 1.0, strength, edition)
        assert not image[off_disc(image, edition)].any(), variant
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3)):
        row = pixels(CASE, variant, 1.0, strength, edition)[clear_row(edition)].sum(axis=1)
        assert np.all(np.diff(row) >= 0) and row[-1] - row[0] > 300, variant


def test_guides_only_in_guide_variants_as_a_bar_in_the_left_disc_grey(edition) -> None:
    geometry = figure(edition)
    (left_x, right_x), row = geometry.centres, int(geometry.row)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        bar = grey(image) & off_disc(image, edition)
        if not variant.guide:
            assert not bar.any(), variant
            continue
        rows = np.flatnonzero(bar[:, 256])
        thickness = geometry.radius / 1.5
        assert thickness - 2 <= len(rows) <= thickness + 1 and abs(rows.mean() + 0.5 - geometry.row) <= 1, (
            variant
        )
        columns = np.flatnonzero(bar[row])
        assert (
            columns.min() <= left_x + geometry.radius + 3 and columns.max() >= right_x - geometry.radius - 3
        )
        assert np.abs(image[row, left_x + 2 : right_x - 2] - disc(image, left_x, edition)).max() <= 1


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_ramp_hue_only(base_scale: float, edition) -> None:
    image = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    for x in (4, 256, 508):
        distance = abs(hue(image[clear_row(edition, base_scale), x]) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.02, x
    assert np.abs(disc(image, figure(edition, base_scale).centres[0], edition, base_scale) - 127.5).max() <= 1
