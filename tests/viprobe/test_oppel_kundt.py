"""Oppel-Kundt (case 8) pixel audit: marker spacing, subdivisions, A/B/C labels, guides."""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, blobs, dark_mask
from tests.viprobe.drawing import STRENGTHS, pixels

CASE = "oppel_kundt"
MID = 128  # markers span rows 78-178
LABEL_ROWS = slice(183, 205)
GUIDE_ROWS = slice(0, 40)


def markers(image: np.ndarray) -> list[float]:
    """Centre columns of the vertical markers crossing the middle row, left to right."""
    return [(a + b) / 2 for a, b in bands(dark_mask(image)[MID])]


def spans(image: np.ndarray) -> tuple[float, float]:
    """(A-B, B-C): A is the first marker, B the second, C the last."""
    xs = markers(image)
    return xs[1] - xs[0], xs[-1] - xs[1]


def labels(image: np.ndarray) -> list[float]:
    """Centre columns of the glyphs below the markers, left to right."""
    band = dark_mask(image)[LABEL_ROWS]
    return sorted(float(np.nonzero(blob)[1].mean()) for blob in blobs(band))


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_spans_are_equal_and_scale_with_base(base_scale: float) -> None:
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        left, right = spans(pixels(CASE, variant, base_scale))
        assert abs(left - right) <= 1
        assert abs(left - 100 * base_scale) <= 1.5
    # The illusion draws the very same markers and labels, plus subdivisions.
    control = dark_mask(pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale))
    assert not (control & ~dark_mask(pixels(CASE, Variant.ORIGINAL, base_scale))).any()


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_b_to_c_grows_with_strength_and_a_to_b_stays(variant: Variant) -> None:
    measured = [spans(pixels(CASE, variant, 1.0, s)) for s in STRENGTHS]
    rights = [right for _, right in measured]
    assert rights == sorted(rights) and len(set(rights)) == len(rights)
    for strength, right in zip(STRENGTHS, rights, strict=True):
        assert abs(right - 100 * strength) <= 1.5
    lefts = [left for left, _ in measured]
    assert max(lefts) - min(lefts) <= 1 and abs(lefts[0] - 100) <= 1.5


@pytest.mark.parametrize("strength", [0.5, 1.0, 1.5])
def test_labels_sit_under_a_b_c_and_follow_c(strength: float) -> None:
    for variant in Variant:
        if variant.perturbed != (strength != 1.0):
            continue
        image = pixels(CASE, variant, 1.0, strength)
        xs = markers(image)
        centres = labels(image)
        assert len(centres) == 3, variant
        assert int(dark_mask(image)[LABEL_ROWS].sum()) > 60  # glyphs, not specks
        for centre, marker in zip(centres, (xs[0], xs[1], xs[-1]), strict=True):
            assert abs(centre - marker) <= 2, variant


def test_subdivisions_split_b_to_c_evenly_only_in_illusions() -> None:
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3), (Variant.PERTURBED, 0.7)):
        xs = markers(pixels(CASE, variant, 1.0, strength))
        assert len(xs) == 10
        gaps = np.diff(xs[1:])
        assert gaps.max() - gaps.min() <= 1.5 and abs(gaps.mean() - 100 * strength / 8) <= 0.5
    assert len(markers(pixels(CASE, Variant.ORIGINAL_CONTROL))) == 3
    assert len(markers(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 1.3))) == 3


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_guides_only_in_guide_variants_joining_a_to_c(strength: float) -> None:
    for variant in Variant:
        if variant.perturbed != (strength != 1.0):
            continue
        image = pixels(CASE, variant, 1.0, strength)
        guide = dark_mask(image)[GUIDE_ROWS]
        if not variant.guide:
            assert not guide.any(), variant
            continue
        xs = markers(image)
        ends = (xs[0], xs[1], xs[-1])
        ticks = [(start + stop) / 2 for start, stop in bands(guide[12])]  # above the connecting line
        assert len(ticks) == 3 and all(abs(t - m) <= 1 for t, m in zip(ticks, ends, strict=True))
        line_rows = bands(guide[:, round((xs[0] + xs[1]) / 2)])  # between two ticks: the line only
        assert len(line_rows) == 1 and abs(sum(line_rows[0]) / 2 - 20) <= 1
        (start, stop), *rest = bands(guide.any(axis=0))
        assert not rest and abs(start - xs[0]) <= 2 and abs(stop - xs[-1]) <= 2
