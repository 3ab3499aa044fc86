"""Delboeuf (case 7) pixel audit: disc sizes, rings, guides.

Every audit runs on the canonical edition and a fresh one (`edition`), where the discs' places
come from its elements.
"""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import dark_mask
from tests.viprobe.drawing import (
    STRENGTHS,
    dark_run_at,
    elements,
    guide_lines,
    ink,
    outside_circles,
    pixels,
    red_mask,
    rows_changed_off,
)

CASE = "delboeuf"


def places(edition: int | None, base_scale: float = 1.0) -> tuple[int, int, int]:
    """The discs' row, the left disc's column and the right disc's, in the figure's frame."""
    (left, mid), (right, _) = elements(CASE, Variant.ORIGINAL, base_scale, edition=edition).centres
    return int(mid), int(left), int(right)


def disc_diameter(image: np.ndarray, x: int, mid: int) -> int:
    """Length of the dark run through column `x` on the discs' row (the ring is a separate run)."""
    return dark_run_at(image, mid, x)


def ring_radius(image: np.ndarray, x: int, mid: int, split: int) -> float:
    """Distance from the disc centre to the farthest ink on the discs' row, on its own side of `split`."""
    half = slice(0, split) if x < split else slice(split, 512)
    columns = np.flatnonzero(ink(image)[mid, half]) + half.start
    return float(np.abs(columns - x).max())


def ring_pixels(image: np.ndarray, edition: int | None) -> int:
    """Ink farther than the measured disc radius (+2 px) from both disc centres."""
    mid, left, right = places(edition)
    discs = [(x, mid, disc_diameter(image, x, mid) / 2 + 2) for x in (left, right)]
    return int(outside_circles(ink(image), discs).sum())


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_discs_are_equal_and_scale_with_base(base_scale: float, edition) -> None:
    mid, left_x, right_x = places(edition, base_scale)
    split = (left_x + right_x) // 2
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = pixels(CASE, variant, base_scale, edition=edition)
        left, right = disc_diameter(image, left_x, mid), disc_diameter(image, right_x, mid)
        assert abs(left - right) <= 1
        assert abs(left - 60 * base_scale) <= 2
    # The illusion draws the very same discs, plus rings of 2.0 and 1.3 disc radii.
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    assert not (dark_mask(control) & ~dark_mask(illusion)).any()
    assert abs(ring_radius(illusion, left_x, mid, split) - 60 * base_scale) <= 1.5
    assert abs(ring_radius(illusion, right_x, mid, split) - 39 * base_scale) <= 1.5


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_right_disc_grows_with_strength_and_left_stays(variant: Variant, edition) -> None:
    mid, left_x, right_x = places(edition)
    split = (left_x + right_x) // 2
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    rights = [disc_diameter(image, right_x, mid) for image in images]
    assert rights == sorted(rights) and len(set(rights)) == len(rights)
    for strength, diameter in zip(STRENGTHS, rights, strict=True):
        assert abs(diameter - 60 * strength) <= 2
    assert {disc_diameter(image, left_x, mid) for image in images} <= {59, 60, 61}
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength, edition)
        assert not (dark_mask(control) & ~dark_mask(image)).any()
        if not variant.control:
            # The right ring keeps its 1.3 ratio to the scaled disc; the left ring stays at 60 px.
            assert abs(ring_radius(image, right_x, mid, split) - 39 * strength) <= 1.5
            assert abs(ring_radius(image, left_x, mid, split) - 60) <= 1.5


def test_controls_have_no_rings_and_illusions_do(edition) -> None:
    assert ring_pixels(pixels(CASE, Variant.ORIGINAL, edition=edition), edition) > 300
    assert ring_pixels(pixels(CASE, Variant.PERTURBED, 1.0, 0.7, edition), edition) > 300
    assert ring_pixels(pixels(CASE, Variant.ORIGINAL_CONTROL, edition=edition), edition) == 0
    assert ring_pixels(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 0.7, edition), edition) == 0


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_gray_guides_only_in_guide_variants_at_left_disc_edges(strength: float, edition) -> None:
    mid, left_x, _ = places(edition)
    margin = slice(0, left_x - 62)  # columns left of the left ring (60 px at base scale 1.0)
    guides = guide_lines(CASE, strength, lambda image: ink(image[:, margin]), edition)
    assert not guides.stray  # only guide variants draw in the margin
    rows = guides.rows
    assert len(rows) == 2 and abs(rows[0] - (mid - 30)) <= 1 and abs(rows[1] - (mid + 30)) <= 1
    assert not red_mask(guides.image).any()
    # Nothing but the two guide rows differs from the unguided image.
    assert not rows_changed_off(guides.image, guides.plain, guides.mask.any(axis=1)).any()
