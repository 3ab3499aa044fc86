"""Circle Ponzo (case 11) pixel audit: disc sizes, converging rails, guides.

Every audit runs on the canonical edition and a fresh one (`edition`), where the discs' columns
and the rails' ends come from its elements.
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

CASE = "circle_ponzo"
MID = 128  # the discs' row, which the rails converge to


def columns(edition: int | None, base_scale: float = 1.0) -> tuple[int, int]:
    """The wide-end (left) and narrow-end (right) discs' columns, in the figure's frame."""
    left, right = elements(CASE, Variant.ORIGINAL, base_scale, edition=edition).columns
    return int(left), int(right)


def disc_diameter(image: np.ndarray, x: int) -> int:
    """Length of the dark run through column `x` on the middle row (the rails meet it off-canvas)."""
    return dark_run_at(image, MID, x)


def rail_pixels(image: np.ndarray, edition: int | None) -> int:
    """Dark pixels farther than the measured disc radius (+2 px) from both disc centres."""
    discs = [(x, MID, disc_diameter(image, x) / 2 + 2) for x in columns(edition)]
    return int(outside_circles(dark_mask(image), discs).sum())


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_discs_are_equal_and_scale_with_base(base_scale: float, edition) -> None:
    left_x, right_x = columns(edition, base_scale)
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = pixels(CASE, variant, base_scale, edition=edition)
        left, right = disc_diameter(image, left_x), disc_diameter(image, right_x)
        assert abs(left - right) <= 1
        assert abs(left - 80 * base_scale) <= 2
    # The illusion draws the very same discs, plus rails.
    control = dark_mask(pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition))
    assert not (control & ~dark_mask(pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition))).any()


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_right_disc_grows_with_strength_and_left_stays(variant: Variant, edition) -> None:
    left_x, right_x = columns(edition)
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    rights = [disc_diameter(image, right_x) for image in images]
    assert rights == sorted(rights) and len(set(rights)) == len(rights)
    for strength, diameter in zip(STRENGTHS, rights, strict=True):
        assert abs(diameter - 80 * strength) <= 2
    lefts = {disc_diameter(image, left_x) for image in images}
    assert max(lefts) - min(lefts) <= 1 and abs(min(lefts) - 80) <= 2
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = dark_mask(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength, edition))
        assert not (control & ~dark_mask(image)).any()


def test_controls_have_no_rails_and_illusions_do(edition) -> None:
    rails = elements(CASE, Variant.ORIGINAL, edition=edition)
    vanishing = 512 + rails.vanishing
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3)):
        image = pixels(CASE, variant, 1.0, strength, edition)
        assert rail_pixels(image, edition) > 1000
        # The rails converge towards the right, to a point `vanishing` px beyond the right edge.
        for x in (round(rails.rail_start) + 2, 505):
            gap = np.ptp(np.flatnonzero(dark_mask(image)[:, x]))
            opening = (256 - 2 * rails.rail_margin) * (vanishing - x) / (vanishing - rails.rail_start)
            assert abs(gap - opening) <= 4, x
    assert rail_pixels(pixels(CASE, Variant.ORIGINAL_CONTROL, edition=edition), edition) == 0
    assert rail_pixels(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 1.3, edition), edition) == 0


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_gray_guides_only_in_guide_variants_at_right_disc_edges(strength: float, edition) -> None:
    margin = slice(
        0, int(elements(CASE, Variant.ORIGINAL, edition=edition).rail_start) - 4
    )  # left of the rails
    guides = guide_lines(CASE, strength, lambda image: ink(image[:, margin]), edition)
    assert not guides.stray  # only guide variants draw in the margin
    radius = disc_diameter(guides.plain, columns(edition)[1]) / 2
    rows = guides.rows
    assert len(rows) == 2 and abs(rows[0] - (MID - radius)) <= 1 and abs(rows[1] - (MID + radius)) <= 1
    assert not red_mask(guides.image).any()
    assert not rows_changed_off(guides.image, guides.plain, guides.mask.any(axis=1)).any()
