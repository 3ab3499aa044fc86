"""Hering and Hering Vertical (cases 19, 20) pixel audit: line bows, ray fan, guide band.

Vertical images are transposed first, so both cases are measured as horizontal
lines: rows "across" the lines, columns "along" them. Every audit runs on the
canonical edition and a fresh one (`edition`), where the lines' places and ends
and the fan's centre come from its elements.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, elements, pixels

CASES = ("hering", "hering_vertical")
WINDOW = 12  # rows either side of a line that its bow can reach (at most 7.5 px)


def geometry(
    case: str, edition: int | None, base_scale: float = 1.0
) -> tuple[tuple[int, int], tuple[int, int]]:
    """(rows of the two straight lines, their column span) in the (transposed) image."""
    figure = elements(case, Variant.ORIGINAL, base_scale, edition=edition)
    (near, far), (start, end) = figure.lines, figure.span
    return (round(near), round(far)), (round(start), round(end))


def fan_centre(case: str, edition: int | None, base_scale: float = 1.0) -> tuple[int, int]:
    """(column, row) of the rays' origin in the (transposed) image."""
    along, across = elements(case, Variant.ORIGINAL, base_scale, edition=edition).fan
    return round(along), round(across)


def image_of(
    case: str, variant: Variant, base_scale: float = 1.0, strength: float = 1.0, edition: int | None = None
) -> np.ndarray:
    image = pixels(case, variant, base_scale, strength, edition)
    return image.transpose(1, 0, 2) if case.endswith("vertical") else image


def line_fit(image: np.ndarray, row: int, span: tuple[int, int]) -> np.poly1d:
    """Quadratic through the centres of the 3 px line near `row`, column by column.

    Short dark runs (2-5 px) are line candidates; steep rays make long runs and
    are skipped, and shallow rays crossing the window are trimmed as outliers.
    """
    strip = dark_mask(image)[row - WINDOW : row + WINDOW + 1, span[0] + 3 : span[1] - 2].T
    edges = np.diff(np.pad(strip, ((0, 0), (1, 1))).astype(np.int8), axis=1)
    cols, starts = np.nonzero(edges == 1)  # runs in column-major order: starts and stops pair up
    stops = np.nonzero(edges == -1)[1]
    short = (stops - starts >= 2) & (stops - starts <= 5)
    x = (cols[short] + span[0] + 3).astype(float)
    y = row - WINDOW + (starts[short] + stops[short] - 1) / 2
    keep = np.ones(len(x), dtype=bool)
    for _ in range(4):
        fit = np.poly1d(np.polyfit(x[keep], y[keep], 2))
        keep = np.abs(fit(x) - y) < 1.0
    assert keep.mean() > 0.85
    return fit


def bows(case: str, image: np.ndarray, edition: int | None, base_scale: float = 1.0) -> tuple[float, float]:
    """Midpoint displacement of each line away from the other one (px), and check ends stay put."""
    (near, far), span = geometry(case, edition, base_scale)
    result = []
    for row, away in ((near, -1), (far, 1)):
        fit = line_fit(image, row, span)
        line = elements(case, Variant.ORIGINAL, base_scale, edition=edition).lines[0 if away < 0 else 1]
        assert abs(fit(span[0]) - line) <= 0.75 and abs(fit(span[1]) - line) <= 0.75
        result.append(away * (fit((span[0] + span[1]) / 2) - fit(span[0])))
    return result[0], result[1]


def fan_pixels(case: str, image: np.ndarray, edition: int | None) -> int:
    """Dark pixels away from both test lines: rays, nothing else draws black there."""
    mask = dark_mask(image)
    for row in geometry(case, edition)[0]:
        mask[row - WINDOW : row + WINDOW + 1] = False
    return int(mask.sum())


def ray_count(image: np.ndarray, centre: tuple[int, int], radius: float = 50) -> int:
    """Ink crossings along a circle around the fan's centre, between the two test lines."""
    angles = np.linspace(0, 2 * math.pi, 4000, endpoint=False)
    rows = np.rint(centre[1] + radius * np.sin(angles)).astype(int)
    cols = np.rint(centre[0] + radius * np.cos(angles)).astype(int)
    ink = (
        image[rows, cols].min(axis=1) < 150
    )  # dark rays of any ink, not the light-blue guide (179, 204, 255)
    crossings = len(bands(ink))
    return crossings - 1 if ink[0] and ink[-1] else crossings


def blue_mask(image: np.ndarray) -> np.ndarray:
    """The light-blue guide band (0.7, 0.8, 1.0)."""
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    return (b > 230) & (b - r > 50) & (g - r > 10)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_both_lines_bow_by_strength_with_ends_fixed(case: str, variant: Variant, edition) -> None:
    measured = [bows(case, image_of(case, variant, 1.0, s, edition), edition) for s in STRENGTHS]
    for strength, (near, far) in zip(STRENGTHS, measured, strict=True):
        assert abs(near - 15 * (strength - 1)) <= 0.3 and abs(far - 15 * (strength - 1)) <= 0.3
        assert np.sign(near) == np.sign(far) == np.sign(strength - 1)
    assert [near for near, _ in measured] == sorted(near for near, _ in measured)
    # Larger |s - 1| bows more, on either side of 1.
    magnitudes = {round(abs(s - 1), 1): abs(b[0]) for s, b in zip(STRENGTHS, measured, strict=True)}
    assert magnitudes[0.1] < magnitudes[0.3] < magnitudes[0.5]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("strength", [0.5, 1.3])
def test_illusion_draws_the_control_lines(case: str, strength: float, edition) -> None:
    control = dark_mask(image_of(case, Variant.PERTURBED_CONTROL, 1.0, strength, edition))
    illusion = dark_mask(image_of(case, Variant.PERTURBED, 1.0, strength, edition))
    assert not (control & ~illusion).any()


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_fan_and_illusions_do(case: str, edition) -> None:
    assert fan_pixels(case, image_of(case, Variant.ORIGINAL, edition=edition), edition) > 1000
    assert fan_pixels(case, image_of(case, Variant.PERTURBED, 1.0, 1.3, edition), edition) > 1000
    assert fan_pixels(case, image_of(case, Variant.ORIGINAL_CONTROL, edition=edition), edition) == 0
    assert fan_pixels(case, image_of(case, Variant.PERTURBED_CONTROL, 1.0, 1.3, edition), edition) == 0


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(("base_scale", "rays"), [(0.5, 6), (1.0, 26), (1.5, 46)])
def test_base_scale_sets_ray_count(case: str, base_scale: float, rays: int, edition) -> None:
    image = image_of(case, Variant.ORIGINAL, base_scale, edition=edition)
    assert ray_count(image, fan_centre(case, edition, base_scale)) == rays


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_WITH_GUIDE])
def test_perturbation_keeps_the_fan(case: str, variant: Variant, edition) -> None:
    # The guide band lies under the fan, so the rays stay countable there too.
    assert ray_count(image_of(case, variant, 1.0, 1.3, edition), fan_centre(case, edition)) == 26


@pytest.mark.parametrize("case", CASES)
def test_guide_band_only_in_guide_variants_between_the_lines(case: str, edition) -> None:
    (near, far), (start, end) = geometry(case, edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        blue = blue_mask(image_of(case, variant, 1.0, strength, edition))
        if not variant.guide:
            assert not blue.any(), variant
            continue
        rows, cols = np.nonzero(blue)
        assert abs(rows.min() - near) <= 2 and abs(rows.max() + 1 - far) <= 2
        assert abs(cols.min() - start) <= 1 and abs(cols.max() + 1 - end) <= 1
        # Opaque: it fills the band except where rays and lines are drawn over it.
        assert blue[near + 3 : far - 3, start:end].mean() > 0.8


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_lines_are_straight_and_equal(case: str, base_scale: float, edition) -> None:
    (near, far), (start, end) = geometry(case, edition, base_scale)
    control = image_of(case, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    assert all(abs(bow) <= 0.2 for bow in bows(case, control, edition, base_scale))
    dark = dark_mask(control)
    extents = [bands(dark[row - 2 : row + 3].any(axis=0)) for row in (near, far)]
    assert extents[0] == extents[1] and len(extents[0]) == 1
    assert abs(extents[0][0][0] - start) <= 1 and abs(extents[0][0][1] - end) <= 1
    ink = (255 - control.min(axis=2)) / 255
    thickness = [ink[row - WINDOW : row + WINDOW + 1, (start + end) // 2].sum() for row in (near, far)]
    assert abs(thickness[0] - 3) <= 0.1 and abs(thickness[1] - 3) <= 0.1
    original = dark_mask(image_of(case, Variant.ORIGINAL, base_scale, edition=edition))
    assert not (dark & ~original).any()
