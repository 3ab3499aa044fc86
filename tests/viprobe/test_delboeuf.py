"""Delboeuf (case 7) pixel audit: disc sizes, rings, guides."""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import dark_mask
from tests.viprobe.drawing import (
    STRENGTHS,
    dark_run_at,
    guide_lines,
    ink,
    outside_circles,
    pixels,
    red_mask,
    rows_changed_off,
)

CASE = "delboeuf"
MID, LEFT_X, RIGHT_X = 128, 128, 384
MARGIN = slice(0, 30)  # columns left of every ring at base scale 1.0


def disc_diameter(image: np.ndarray, x: int) -> int:
    """Length of the dark run through column `x` on the middle row (the ring is a separate run)."""
    return dark_run_at(image, MID, x)


def ring_radius(image: np.ndarray, x: int) -> float:
    """Distance from the disc centre to the farthest ink on the middle row, on its own half."""
    half = slice(0, 256) if x < 256 else slice(256, 512)
    columns = np.flatnonzero(ink(image)[MID, half]) + half.start
    return float(np.abs(columns - x).max())


def ring_pixels(image: np.ndarray) -> int:
    """Ink farther than the measured disc radius (+2 px) from both disc centres."""
    discs = [(x, MID, disc_diameter(image, x) / 2 + 2) for x in (LEFT_X, RIGHT_X)]
    return int(outside_circles(ink(image), discs).sum())


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_discs_are_equal_and_scale_with_base(base_scale: float) -> None:
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = pixels(CASE, variant, base_scale)
        left, right = disc_diameter(image, LEFT_X), disc_diameter(image, RIGHT_X)
        assert abs(left - right) <= 1
        assert abs(left - 60 * base_scale) <= 2
    # The illusion draws the very same discs, plus rings of 2.0 and 1.3 disc radii.
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale)
    assert not (dark_mask(pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)) & ~dark_mask(illusion)).any()
    assert abs(ring_radius(illusion, LEFT_X) - 60 * base_scale) <= 1.5
    assert abs(ring_radius(illusion, RIGHT_X) - 39 * base_scale) <= 1.5


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_right_disc_grows_with_strength_and_left_stays(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    rights = [disc_diameter(image, RIGHT_X) for image in images]
    assert rights == sorted(rights) and len(set(rights)) == len(rights)
    for strength, diameter in zip(STRENGTHS, rights, strict=True):
        assert abs(diameter - 60 * strength) <= 2
    assert {disc_diameter(image, LEFT_X) for image in images} <= {59, 60, 61}
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength)
        assert not (dark_mask(control) & ~dark_mask(image)).any()
        if not variant.control:
            # The right ring keeps its 1.3 ratio to the scaled disc; the left ring stays at 60 px.
            assert abs(ring_radius(image, RIGHT_X) - 39 * strength) <= 1.5
            assert abs(ring_radius(image, LEFT_X) - 60) <= 1.5


def test_controls_have_no_rings_and_illusions_do() -> None:
    assert ring_pixels(pixels(CASE, Variant.ORIGINAL)) > 300
    assert ring_pixels(pixels(CASE, Variant.PERTURBED, 1.0, 0.7)) > 300
    assert ring_pixels(pixels(CASE, Variant.ORIGINAL_CONTROL)) == 0
    assert ring_pixels(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 0.7)) == 0


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_gray_guides_only_in_guide_variants_at_left_disc_edges(strength: float) -> None:
    guides = guide_lines(CASE, strength, lambda image: ink(image[:, MARGIN]))
    assert not guides.stray  # only guide variants draw in the margin
    rows = guides.rows
    assert len(rows) == 2 and abs(rows[0] - (MID - 30)) <= 1 and abs(rows[1] - (MID + 30)) <= 1
    assert not red_mask(guides.image).any()
    # Nothing but the two guide rows differs from the unguided image.
    assert not rows_changed_off(guides.image, guides.plain, guides.mask.any(axis=1)).any()
