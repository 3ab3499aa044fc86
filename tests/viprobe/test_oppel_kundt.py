"""Oppel-Kundt (case 8) pixel audit: marker spacing, subdivisions, A/B/C labels, guides.

Every audit runs on the canonical edition and a fresh one (`edition`), where the markers' row and
height, which span is subdivided and into how many parts come from its elements.
"""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, blobs, dark_mask
from tests.viprobe.drawing import STRENGTHS, elements, pixels

CASE = "oppel_kundt"
GUIDE_ROWS = slice(0, 36)  # the guide's band at the top edge: every marker starts below it


def geometry(edition: int | None, base_scale: float = 1.0):  # type: ignore[no-untyped-def]
    return elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)


def markers(image: np.ndarray, edition: int | None) -> list[float]:
    """Centre columns of the vertical markers crossing the markers' middle row, left to right."""
    return [(a + b) / 2 for a, b in bands(dark_mask(image)[int(geometry(edition).centre[1])])]


def spans(image: np.ndarray, edition: int | None) -> tuple[float, float]:
    """(A-B, B-C) between the outermost markers and B (the first subdivision-free marker in from A or C)."""
    xs = markers(image, edition)
    b = geometry(edition).centre[0]
    middle = min(xs, key=lambda x: abs(x - b))
    return middle - xs[0], xs[-1] - middle


def label_rows(edition: int | None) -> slice:
    """The rows of the labels, 15 px below the markers' feet."""
    foot = geometry(edition).centre[1] + geometry(edition).height / 2
    return slice(int(foot) + 5, int(foot) + 27)


def labels(image: np.ndarray, edition: int | None) -> list[float]:
    """Centre columns of the glyphs below the markers, left to right."""
    band = dark_mask(image)[label_rows(edition)]
    return sorted(float(np.nonzero(blob)[1].mean()) for blob in blobs(band))


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_spans_are_equal_and_scale_with_base(base_scale: float, edition) -> None:
    row = int(geometry(edition, base_scale).centre[1])
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        xs = [
            (a + b) / 2 for a, b in bands(dark_mask(pixels(CASE, variant, base_scale, edition=edition))[row])
        ]
        b = geometry(edition, base_scale).centre[0]
        middle = min(xs, key=lambda x: abs(x - b))
        left, right = middle - xs[0], xs[-1] - middle
        assert abs(left - right) <= 1
        assert abs(left - 100 * base_scale) <= 1.5
    # The illusion draws the very same markers and labels, plus subdivisions.
    control = dark_mask(pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition))
    assert not (control & ~dark_mask(pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition))).any()


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_the_subdivided_span_grows_with_strength_and_the_other_stays(variant: Variant, edition) -> None:
    """B-C in the canonical edition; A-B where the edition subdivides that one instead."""
    filled_left = geometry(edition).filled_left
    measured = [spans(pixels(CASE, variant, 1.0, s, edition), edition) for s in STRENGTHS]
    changed = [span[0] if filled_left else span[1] for span in measured]
    kept = [span[1] if filled_left else span[0] for span in measured]
    assert changed == sorted(changed) and len(set(changed)) == len(changed)
    for strength, length in zip(STRENGTHS, changed, strict=True):
        assert abs(length - 100 * strength) <= 1.5
    assert max(kept) - min(kept) <= 1 and abs(kept[0] - 100) <= 1.5


@pytest.mark.parametrize("strength", [0.5, 1.0, 1.5])
def test_labels_sit_under_a_b_c_and_follow_the_markers(strength: float, edition) -> None:
    for variant in Variant:
        if variant.perturbed != (strength != 1.0):
            continue
        image = pixels(CASE, variant, 1.0, strength, edition)
        xs = markers(image, edition)
        b = min(xs, key=lambda x: abs(x - geometry(edition).centre[0]))
        centres = labels(image, edition)
        assert len(centres) == 3, variant
        assert int(dark_mask(image)[label_rows(edition)].sum()) > 60  # glyphs, not specks
        for centre, marker in zip(centres, (xs[0], b, xs[-1]), strict=True):
            assert abs(centre - marker) <= 2, variant


def test_subdivisions_split_the_span_evenly_only_in_illusions(edition) -> None:
    figure = geometry(edition)
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3), (Variant.PERTURBED, 0.7)):
        xs = markers(pixels(CASE, variant, 1.0, strength, edition), edition)
        assert len(xs) == 3 + figure.parts - 1
        inside = xs[: figure.parts + 1] if figure.filled_left else xs[1:]
        gaps = np.diff(inside)
        assert gaps.max() - gaps.min() <= 1.5 and abs(gaps.mean() - 100 * strength / figure.parts) <= 0.5
    assert len(markers(pixels(CASE, Variant.ORIGINAL_CONTROL, edition=edition), edition)) == 3
    assert len(markers(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 1.3, edition), edition)) == 3


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_guides_only_in_guide_variants_joining_a_to_c(strength: float, edition) -> None:
    for variant in Variant:
        if variant.perturbed != (strength != 1.0):
            continue
        image = pixels(CASE, variant, 1.0, strength, edition)
        guide = dark_mask(image)[GUIDE_ROWS]
        if not variant.guide:
            assert not guide.any(), variant
            continue
        xs = markers(image, edition)
        b = min(xs, key=lambda x: abs(x - geometry(edition).centre[0]))
        ends = (xs[0], b, xs[-1])
        ticks = [(start + stop) / 2 for start, stop in bands(guide[12])]  # above the connecting line
        assert len(ticks) == 3 and all(abs(t - m) <= 1 for t, m in zip(ticks, ends, strict=True))
        line_rows = bands(guide[:, round((xs[0] + b) / 2)])  # between two ticks: the line only
        assert len(line_rows) == 1 and abs(sum(line_rows[0]) / 2 - 20) <= 1
        (start, stop), *rest = bands(guide.any(axis=0))
        assert not rest and abs(start - xs[0]) <= 2 and abs(stop - xs[-1]) <= 2
