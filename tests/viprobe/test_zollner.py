"""Zöllner and Zöllner Vertical (cases 21, 22) pixel audit: red line tilts, hash marks, guides.

Vertical images are transposed first, so both cases are measured as
horizontal lines: rows across the lines, columns along them. Every audit runs
on the canonical edition and a fresh one (`edition`), where the lines' ends and
offset and the marks' count, angle and length come from its elements.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands
from tests.viprobe.drawing import STRENGTHS, elements, pixels, red_mask

#: case -> sign turning a fitted slope (rows per column, transposed image) into the release's tilt:
#: horizontal lines rise to the right (rows fall), vertical ones lean top-left (x grows downwards).
SLOPE_SIGN = {"zollner": -1, "zollner_vertical": 1}
CASES = tuple(SLOPE_SIGN)


def figure(case: str, edition: int | None, base_scale: float = 1.0):  # type: ignore[no-untyped-def]
    return elements(case, Variant.ORIGINAL, base_scale, edition=edition)


def span(case: str, edition: int | None, base_scale: float = 1.0) -> tuple[int, int]:
    start, end = figure(case, edition, base_scale).span
    return round(start), round(end)


def margins(case: str, edition: int | None) -> np.ndarray:
    """Columns outside every red line and hash mark."""
    start, end = span(case, edition)
    return np.r_[0 : start - 5, end + 5 : 512]


def image_of(
    case: str, variant: Variant, base_scale: float = 1.0, strength: float = 1.0, edition: int | None = None
) -> np.ndarray:
    image = pixels(case, variant, base_scale, strength, edition)
    return image.transpose(1, 0, 2) if case.endswith("vertical") else image


def red_lines(image: np.ndarray, ends: tuple[int, int]) -> list[tuple[float, float]]:
    """(row at the middle column, slope) of each red line, top to bottom, fitted to its red pixels."""
    red = red_mask(image)
    red[:, : ends[0] + 5] = False
    red[:, ends[1] - 5 :] = False
    lines = []
    for top, bottom in bands(red.any(axis=1)):
        rows, cols = np.nonzero(red[top:bottom])
        slope, intercept = np.polyfit(cols, rows + top, 1)
        lines.append((intercept + slope * (ends[0] + ends[1]) / 2, slope))
    return lines


def tilts(case: str, image: np.ndarray, ends: tuple[int, int]) -> list[float]:
    """Each red line's tilt in degrees, in the release's sense."""
    return [math.degrees(math.atan(SLOPE_SIGN[case] * slope)) for _, slope in red_lines(image, ends)]


def hash_ink(image: np.ndarray) -> np.ndarray:
    """Dark marks of any ink, antialiased edges included: every channel below 200 (red lines and their
    edges keep red at 255)."""
    return image.max(axis=2) < 200


def expected_rows(count: int, offset: float = 0) -> list[int]:
    return [512 // (count + 1) * (k + 1) + round(offset) for k in range(count)]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_lines_tilt_by_strength_alternately_about_fixed_midpoints(
    case: str, variant: Variant, edition
) -> None:
    even, ends, offset = [], span(case, edition), figure(case, edition).offset
    for strength in STRENGTHS:
        image = image_of(case, variant, 1.0, strength, edition)
        measured = tilts(case, image, ends)
        assert len(measured) == 15
        for index, tilt in enumerate(measured):
            expected = 3 * (strength - 1) * (1 if index % 2 == 0 else -1)
            assert abs(tilt - expected) <= 0.1, (strength, index)
        mids = [mid for mid, _ in red_lines(image, ends)]
        assert np.allclose(mids, np.array(expected_rows(15, offset)) - 0.5, atol=0.3)
        even.append(np.mean(measured[::2]))
    assert even == sorted(even) and len(set(np.round(even, 2))) == len(even)
    by_distance = {round(abs(s - 1), 1): abs(t) for s, t in zip(STRENGTHS, even, strict=True)}
    assert by_distance[0.1] < by_distance[0.3] < by_distance[0.5]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("strength", [0.5, 1.3])
def test_illusion_draws_the_control_lines(case: str, strength: float, edition) -> None:
    ends = span(case, edition)
    control = red_lines(image_of(case, Variant.PERTURBED_CONTROL, 1.0, strength, edition), ends)
    illusion = red_lines(image_of(case, Variant.PERTURBED, 1.0, strength, edition), ends)
    assert np.allclose(control, illusion, atol=0.05)


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_hash_marks_and_illusions_do(case: str, edition) -> None:
    assert hash_ink(image_of(case, Variant.ORIGINAL, edition=edition)).sum() > 1000
    assert hash_ink(image_of(case, Variant.PERTURBED, 1.0, 1.3, edition)).sum() > 1000
    assert not hash_ink(image_of(case, Variant.ORIGINAL_CONTROL, edition=edition)).any()
    assert not hash_ink(image_of(case, Variant.PERTURBED_CONTROL, 1.0, 1.3, edition)).any()


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(("base_scale", "count"), [(0.5, 5), (1.0, 15), (1.5, 25)])
def test_base_scale_sets_line_count_with_alternating_hashes_on_each(
    case: str, base_scale: float, count: int, edition
) -> None:
    """As many lines as the release's table says, each with the edition's number of marks (10 in the
    canonical one), leaning "\\" on even lines and "/" on odd ones."""
    geometry = figure(case, edition, base_scale)
    image = image_of(case, Variant.ORIGINAL, base_scale, edition=edition)
    rows = expected_rows(count, geometry.offset)
    assert [round(mid + 0.5) for mid, _ in red_lines(image, span(case, edition, base_scale))] == rows
    assert geometry.hashes == 10 or edition is not None
    reach = math.ceil(geometry.hash_length / 2 * math.sin(math.radians(geometry.hash_angle))) + 2
    ink = hash_ink(image)
    for index, row in enumerate(rows):
        band = ink[row - reach : row + reach + 1]
        marks = bands(band.any(axis=0))
        assert len(marks) == geometry.hashes
        # "\" marks (rows grow with columns) on even lines, "/" on odd ones.
        for start, stop in marks:
            rows, cols = np.nonzero(band[:, start:stop])
            lean = np.corrcoef(cols, rows)[0, 1]
            assert (lean > 0.9) if index % 2 == 0 else (lean < -0.9)


@pytest.mark.parametrize("case", CASES)
def test_dashed_gray_guides_only_in_guide_variants_at_first_and_last_line(case: str, edition) -> None:
    rows = expected_rows(15, figure(case, edition).offset)
    first, last = rows[0], rows[-1]
    outside = margins(case, edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = image_of(case, variant, 1.0, strength, edition)
        r, g, b = (image[..., channel] for channel in range(3))
        gray = (abs(r - g) < 12) & (abs(g - b) < 12) & (r < 235)
        beside = gray[:, outside]
        if not variant.guide:
            assert not beside.any(), variant
            continue
        found = [(a + z - 1) / 2 for a, z in bands(beside.any(axis=1))]
        assert len(found) == 2 and abs(found[0] - first) <= 1 and abs(found[1] - last) <= 1
        # Dashed: the guide row breaks into several dashes within the margins alone.
        assert len(bands(gray[first - 1 : first + 1, outside].any(axis=0))) >= 3


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.5])
def test_original_lines_are_parallel_and_equal(case: str, base_scale: float, edition) -> None:
    ends = span(case, edition, base_scale)
    control = image_of(case, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    assert all(abs(tilt) < 0.02 for tilt in tilts(case, control, ends))
    red = red_mask(control)
    rows = expected_rows(5 if base_scale < 1 else 25, figure(case, edition, base_scale).offset)
    spans = {tuple(bands(red[row - 1 : row + 1].any(axis=0))) for row in rows}
    assert len(spans) == 1
    ((start, stop),) = spans.pop()
    assert abs(start - ends[0]) <= 1 and abs(stop - ends[1]) <= 1
    assert {int(red[row - 3 : row + 4, 256].sum()) for row in rows} == {2}
    # The illusion draws the very same red lines, plus hash marks.
    illusion = image_of(case, Variant.ORIGINAL, base_scale, edition=edition)
    assert np.allclose(red_lines(control, ends), red_lines(illusion, ends), atol=0.05)
