"""Mach Band (cases 15 and 16) pixel audit: stripe ramp, drawn borders, white gaps, the smooth-ramp guide."""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.pixels import bands
from tests.viprobe.drawing import STRENGTHS, case_named, pixels

CASES = ("mach_band", "mach_band_case2")
PITCH, STRIPES = 32, 16
BOUNDARIES = list(range(PITCH, PITCH * STRIPES, PITCH))


def across(case: str, image: np.ndarray) -> np.ndarray:
    """The line of pixels crossing all 16 stripes: row 128 (case 15) or column 256 (case 16)."""
    return image[128] if case == "mach_band" else image[:, 256]


def stripe_colours(case: str, image: np.ndarray) -> np.ndarray:
    """Each stripe's colour at its centre along the crossing line."""
    return across(case, image)[PITCH // 2 :: PITCH]


def white(line: np.ndarray) -> np.ndarray:
    return (line >= 250).all(axis=-1)


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


def test_labels_are_inverted_and_controls_keep_them() -> None:
    for case in CASES:
        for variant in Variant:
            assert case_named(case).label(variant) == (1 if variant.perturbed else 0), (case, variant)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_stripes_are_flat_ramp_steps_without_drawn_boundaries(case: str, base_scale: float) -> None:
    image = pixels(case, Variant.ORIGINAL, base_scale)
    line = across(case, image)
    assert not white(line).any()
    assert np.array_equal(np.repeat(stripe_colours(case, image), PITCH, axis=0), line)
    assert np.all(np.diff(stripe_colours(case, image).sum(axis=1)) > 0)
    # The control draws the very same stripe colours.
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale)
    assert np.array_equal(stripe_colours(case, control), stripe_colours(case, image))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(
    ("variant", "reference"),
    [(Variant.PERTURBED, Variant.ORIGINAL), (Variant.PERTURBED_CONTROL, Variant.ORIGINAL_CONTROL)],
)
def test_borders_widen_with_strength_and_stripe_colours_stay(
    case: str, variant: Variant, reference: Variant
) -> None:
    original = pixels(case, reference)
    base = across(case, original)
    excess = []
    for strength in STRENGTHS:
        image = pixels(case, variant, 1.0, strength)
        line = across(case, image)
        assert np.all(line >= base), "borders only lighten"
        excess.append(int((line - base).sum()))
        assert np.array_equal(stripe_colours(case, image), stripe_colours(case, original))
        # Every boundary carries a lightened band on both of its sides.
        for boundary in BOUNDARIES:
            assert (line[boundary - 6 : boundary] > base[boundary - 6 : boundary]).any(), boundary
            assert (line[boundary : boundary + 6] > base[boundary : boundary + 6]).any(), boundary
    assert excess == sorted(excess) and len(set(excess)) == len(excess)
    per_pixel = np.array(excess) / (3 * np.array(STRENGTHS))  # lightening per pixel of border width
    assert per_pixel.max() / per_pixel.min() < 1.15


@pytest.mark.parametrize("case", CASES)
def test_controls_separate_stripes_by_white_gaps_and_illusions_do_not(case: str) -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        line = across(case, pixels(case, variant, 1.0, strength))
        gaps = bands(white(line))
        if not variant.control:
            assert not gaps, variant
            continue
        inner = [(a, b) for a, b in gaps if a > 0 and b < len(line)]
        assert [b - a for a, b in inner] == [2] * (STRIPES - 1), variant
        assert [round((a + b) / 2) for a, b in inner] == BOUNDARIES, variant


def test_case2_stripes_widen_evenly_down_the_canvas() -> None:
    image = pixels("mach_band_case2", Variant.ORIGINAL)
    runs = [bands(~white(image[y])) for y in range(PITCH // 2, 512, PITCH)]
    assert all(len(run) == 1 for run in runs)  # one run per stripe row
    widths = [b - a for ((a, b),) in runs]
    assert np.allclose(widths, np.linspace(64, 512, STRIPES), atol=2)
    assert all(abs(a + b - 512) <= 1 for ((a, b),) in runs)  # centred


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_as_a_smooth_ramp_bar(case: str) -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(case, variant, 1.0, strength)
        bar = image[15] if case == "mach_band" else image[:, 15]
        if not variant.guide:
            assert len(np.unique(bar, axis=0)) < 50, variant  # stripe colours and border shades only
            continue
        assert np.all(np.diff(bar.sum(axis=1)) >= -1) and len(np.unique(bar, axis=0)) > 100, variant
        plain = pixels(case, Variant(variant.value.removesuffix("_with_guide")), 1.0, strength)
        assert np.abs(bar[[0, -1]] - stripe_colours(case, plain)[[0, -1]]).max() <= 3, variant
        # The guide covers its 30 px band and nothing else.
        outside = (slice(30, None), slice(None)) if case == "mach_band" else (slice(None), slice(30, None))
        assert np.array_equal(image[outside], plain[outside]), variant


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_ramp_hue(case: str, base_scale: float) -> None:
    colours = stripe_colours(case, pixels(case, Variant.ORIGINAL, base_scale))
    for colour in colours[[0, 8, 15]]:
        distance = abs(hue(colour) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.02
