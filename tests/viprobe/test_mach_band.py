"""Mach Band (cases 15 and 16) pixel audit: stripe ramp, drawn borders, white gaps, the smooth-ramp guide.

Every audit runs on the canonical edition and a fresh one (`edition`), where the stripe count and
the stripes' extent (case 15's band, case 16's narrowest stripe and lean) come from its elements.
"""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.pixels import bands, colours
from tests.viprobe.drawing import STRENGTHS, case_named, elements, pixels

CASES = ("mach_band", "mach_band_case2")


class Stripes:
    """How many stripes an edition draws, how far apart, and the line of pixels that crosses them all."""

    def __init__(self, case: str, edition: int | None, base_scale: float = 1.0) -> None:
        geometry = elements(case, Variant.ORIGINAL, base_scale, edition=edition)
        self.case, self.count = case, len(geometry.colors)
        self.pitch = 512 // self.count
        self.boundaries = list(range(self.pitch, self.pitch * self.count, self.pitch))
        if case == "mach_band":
            top, bottom = geometry.extent
            self.at, self.band = (top + bottom) // 2, (int(top), int(bottom))
        else:  # the narrowest stripe's middle column: every wider stripe covers it
            narrowest = geometry.narrowest
            self.at = int((512 - narrowest) / 2 * (1 + geometry.lean) + narrowest / 2)
            self.band = (0, 512)
            self.narrowest, self.lean = narrowest, geometry.lean

    def across(self, image: np.ndarray) -> np.ndarray:
        """The line of pixels crossing every stripe: a row of case 15's band, a column of case 16."""
        return image[self.at] if self.case == "mach_band" else image[:, self.at]

    def colours(self, image: np.ndarray) -> np.ndarray:
        """Each stripe's colour at its centre along the crossing line."""
        return self.across(image)[self.pitch // 2 :: self.pitch]


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
def test_original_stripes_are_flat_ramp_steps_without_drawn_boundaries(
    case: str, base_scale: float, edition
) -> None:
    stripes = Stripes(case, edition, base_scale)
    image = pixels(case, Variant.ORIGINAL, base_scale, edition=edition)
    line = stripes.across(image)
    assert not white(line).any()
    assert np.array_equal(np.repeat(stripes.colours(image), stripes.pitch, axis=0), line)
    assert np.all(np.diff(stripes.colours(image).sum(axis=1)) > 0)
    # The control draws the very same stripe colours.
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    assert np.array_equal(stripes.colours(control), stripes.colours(image))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(
    ("variant", "reference"),
    [(Variant.PERTURBED, Variant.ORIGINAL), (Variant.PERTURBED_CONTROL, Variant.ORIGINAL_CONTROL)],
)
def test_borders_widen_with_strength_and_stripe_colours_stay(
    case: str, variant: Variant, reference: Variant, edition
) -> None:
    stripes = Stripes(case, edition)
    original = pixels(case, reference, edition=edition)
    base = stripes.across(original)
    excess = []
    for strength in STRENGTHS:
        image = pixels(case, variant, 1.0, strength, edition)
        line = stripes.across(image)
        assert np.all(line >= base), "borders only lighten"
        excess.append(int((line - base).sum()))
        assert np.array_equal(stripes.colours(image), stripes.colours(original))
        # Every boundary carries a lightened band on both of its sides.
        for boundary in stripes.boundaries:
            assert (line[boundary - 6 : boundary] > base[boundary - 6 : boundary]).any(), boundary
            assert (line[boundary : boundary + 6] > base[boundary : boundary + 6]).any(), boundary
    assert excess == sorted(excess) and len(set(excess)) == len(excess)
    per_pixel = np.array(excess) / (3 * np.array(STRENGTHS))  # lightening per pixel of border width
    assert per_pixel.max() / per_pixel.min() < 1.15


@pytest.mark.parametrize("case", CASES)
def test_controls_separate_stripes_by_white_gaps_and_illusions_do_not(case: str, edition) -> None:
    stripes = Stripes(case, edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        line = stripes.across(pixels(case, variant, 1.0, strength, edition))
        gaps = bands(white(line))
        if not variant.control:
            assert not gaps, variant
            continue
        inner = [(a, b) for a, b in gaps if a > 0 and b < len(line)]
        assert [b - a for a, b in inner] == [2] * (stripes.count - 1), variant
        assert [round((a + b) / 2) for a, b in inner] == stripes.boundaries, variant


def test_case2_stripes_widen_evenly_down_the_canvas(edition) -> None:
    stripes = Stripes("mach_band_case2", edition)
    image = pixels("mach_band_case2", Variant.ORIGINAL, edition=edition)
    runs = [bands(~white(image[y])) for y in range(stripes.pitch // 2, 512, stripes.pitch)]
    assert all(len(run) == 1 for run in runs)  # one run per stripe row
    widths = np.array([b - a for ((a, b),) in runs])
    expected = np.linspace(stripes.narrowest, 512, stripes.count)
    assert np.allclose(widths, expected, atol=2)
    # Centred in the canonical edition; a fresh one leans the stack by `lean` of the room each stripe leaves.
    lefts = np.array([a for ((a, _),) in runs])
    assert np.allclose(lefts, (512 - expected) / 2 * (1 + stripes.lean), atol=1)


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_as_a_smooth_ramp_bar(case: str, edition) -> None:
    stripes = Stripes(case, edition)
    top = stripes.band[0]
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(case, variant, 1.0, strength, edition)
        bar = image[top + 15] if case == "mach_band" else image[:, 15]
        if not variant.guide:
            # Stripe colours and their border shades only.
            assert len(colours(bar)) <= max(2 * stripes.count + 8, 50), variant
            continue
        assert np.all(np.diff(bar.sum(axis=1)) >= -1) and len(colours(bar)) > 100, variant
        plain = pixels(case, Variant(variant.value.removesuffix("_with_guide")), 1.0, strength, edition)
        assert np.abs(bar[[0, -1]] - stripes.colours(plain)[[0, -1]]).max() <= 3, variant
        # The guide covers its 30 px band and nothing else.
        kept = np.ones(image.shape[:2], dtype=bool)
        if case == "mach_band":
            kept[top : top + 30] = False
        else:
            kept[:, :30] = False
        assert np.array_equal(image[kept], plain[kept]), variant


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_ramp_hue(case: str, base_scale: float, edition) -> None:
    stripes = Stripes(case, edition, base_scale)
    colours = stripes.colours(pixels(case, Variant.ORIGINAL, base_scale, edition=edition))
    for colour in colours[[0, len(colours) // 2, -1]]:
        distance = abs(hue(colour) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.02
