"""Zöllner and Zöllner Vertical (cases 21, 22) pixel audit: red line tilts, hash marks, guides.

Vertical images are transposed first, so both cases are measured as
horizontal lines: rows across the lines, columns along them.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands
from tests.viprobe.drawing import STRENGTHS, pixels, red_mask

#: case -> sign turning a fitted slope (rows per column, transposed image) into the release's tilt:
#: horizontal lines rise to the right (rows fall), vertical ones lean top-left (x grows downwards).
SLOPE_SIGN = {"zollner": -1, "zollner_vertical": 1}
CASES = tuple(SLOPE_SIGN)
SPAN = (50, 462)
MARGINS = np.r_[0:45, 467:512]  # columns outside every red line and hash mark


def image_of(case: str, variant: Variant, base_scale: float = 1.0, strength: float = 1.0) -> np.ndarray:
    image = pixels(case, variant, base_scale, strength)
    return image.transpose(1, 0, 2) if case.endswith("vertical") else image


def red_lines(image: np.ndarray) -> list[tuple[float, float]]:
    """(row at the middle column, slope) of each red line, top to bottom, fitted to its red pixels."""
    red = red_mask(image)
    red[:, : SPAN[0] + 5] = False
    red[:, SPAN[1] - 5 :] = False
    lines = []
    for top, bottom in bands(red.any(axis=1)):
        rows, cols = np.nonzero(red[top:bottom])
        slope, intercept = np.polyfit(cols, rows + top, 1)
        lines.append((intercept + slope * (SPAN[0] + SPAN[1]) / 2, slope))
    return lines


def tilts(case: str, image: np.ndarray) -> list[float]:
    """Each red line's tilt in degrees, in the release's sense."""
    return [math.degrees(math.atan(SLOPE_SIGN[case] * slope)) for _, slope in red_lines(image)]


def hash_ink(image: np.ndarray) -> np.ndarray:
    """Black and gray marks: every channel low-ish (red lines keep red at 255)."""
    return image.max(axis=2) < 160


def expected_rows(count: int) -> list[int]:
    return [512 // (count + 1) * (k + 1) for k in range(count)]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_lines_tilt_by_strength_alternately_about_fixed_midpoints(case: str, variant: Variant) -> None:
    even = []
    for strength in STRENGTHS:
        image = image_of(case, variant, 1.0, strength)
        measured = tilts(case, image)
        assert len(measured) == 15
        for index, tilt in enumerate(measured):
            expected = 3 * (strength - 1) * (1 if index % 2 == 0 else -1)
            assert abs(tilt - expected) <= 0.1, (strength, index)
        mids = [mid for mid, _ in red_lines(image)]
        assert np.allclose(mids, np.array(expected_rows(15)) - 0.5, atol=0.3)
        even.append(np.mean(measured[::2]))
    assert even == sorted(even) and len(set(np.round(even, 2))) == len(even)
    by_distance = {round(abs(s - 1), 1): abs(t) for s, t in zip(STRENGTHS, even, strict=True)}
    assert by_distance[0.1] < by_distance[0.3] < by_distance[0.5]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("strength", [0.5, 1.3])
def test_illusion_draws_the_control_lines(case: str, strength: float) -> None:
    control = red_lines(image_of(case, Variant.PERTURBED_CONTROL, 1.0, strength))
    illusion = red_lines(image_of(case, Variant.PERTURBED, 1.0, strength))
    assert np.allclose(control, illusion, atol=0.05)


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_hash_marks_and_illusions_do(case: str) -> None:
    assert hash_ink(image_of(case, Variant.ORIGINAL)).sum() > 1000
    assert hash_ink(image_of(case, Variant.PERTURBED, 1.0, 1.3)).sum() > 1000
    assert not hash_ink(image_of(case, Variant.ORIGINAL_CONTROL)).any()
    assert not hash_ink(image_of(case, Variant.PERTURBED_CONTROL, 1.0, 1.3)).any()


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(("base_scale", "count"), [(0.5, 5), (1.0, 15), (1.5, 25)])
def test_base_scale_sets_line_count_with_ten_alternating_hashes_each(
    case: str, base_scale: float, count: int
) -> None:
    image = image_of(case, Variant.ORIGINAL, base_scale)
    assert [round(mid + 0.5) for mid, _ in red_lines(image)] == expected_rows(count)
    ink = hash_ink(image)
    for index, row in enumerate(expected_rows(count)):
        band = ink[row - 9 : row + 10]
        marks = bands(band.any(axis=0))
        assert len(marks) == 10
        # "\" marks (rows grow with columns) on even lines, "/" on odd ones.
        for start, stop in marks:
            rows, cols = np.nonzero(band[:, start:stop])
            lean = np.corrcoef(cols, rows)[0, 1]
            assert (lean > 0.9) if index % 2 == 0 else (lean < -0.9)


@pytest.mark.parametrize("case", CASES)
def test_dashed_gray_guides_only_in_guide_variants_at_first_and_last_line(case: str) -> None:
    first, last = expected_rows(15)[0], expected_rows(15)[-1]
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = image_of(case, variant, 1.0, strength)
        r, g, b = (image[..., channel] for channel in range(3))
        gray = (abs(r - g) < 12) & (abs(g - b) < 12) & (r < 235)
        margins = gray[:, MARGINS]
        if not variant.guide:
            assert not margins.any(), variant
            continue
        assert [round((a + z - 1) / 2) for a, z in bands(margins.any(axis=1))] == [first, last]
        # Dashed: the guide row breaks into several dashes within the left margin alone.
        assert len(bands(gray[first - 1 : first + 1, :45].any(axis=0))) >= 4


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.5])
def test_original_lines_are_parallel_and_equal(case: str, base_scale: float) -> None:
    control = image_of(case, Variant.ORIGINAL_CONTROL, base_scale)
    assert all(abs(tilt) < 0.02 for tilt in tilts(case, control))
    red = red_mask(control)
    rows = expected_rows(5 if base_scale < 1 else 25)
    spans = {tuple(bands(red[row - 1 : row + 1].any(axis=0))) for row in rows}
    assert len(spans) == 1
    ((start, stop),) = spans.pop()
    assert abs(start - SPAN[0]) <= 1 and abs(stop - SPAN[1]) <= 1
    assert {int(red[row - 3 : row + 4, 256].sum()) for row in rows} == {2}
    # The illusion draws the very same red lines, plus hash marks.
    illusion = image_of(case, Variant.ORIGINAL, base_scale)
    assert np.allclose(red_lines(control), red_lines(illusion), atol=0.05)
