"""Cornsweet Case 1 (case 18) pixel audit: band colours, the edge ramps, the guide bar, base-scale hue."""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.viprobe.drawing import STRENGTHS, pixels

CASE = "cornsweet_case1"
ROWS = np.r_[0:230, 282:512]  # rows clear of the guide bar
LEFT_FLAT, RIGHT_FLAT = slice(0, 150), slice(362, 512)  # columns clear of the edge ramps
EDGE = 3 * 255  # a channel sum's full range: the edge steps are fractions of it
BASE = np.array(colorsys.hsv_to_rgb(0.5, 0.5, 0.5)) * 255


def flat(image: np.ndarray, columns: slice) -> np.ndarray:
    """The single colour of a band's flat part."""
    found = np.unique(image[ROWS, columns].reshape(-1, 3), axis=0)
    assert len(found) == 1, found
    return found[0]


def ramp_columns(image: np.ndarray) -> np.ndarray:
    """Columns of row 100 that differ from their band's flat colour: the edge ramps."""
    row = image[100]
    expected = np.where(np.arange(512)[:, None] < 256, flat(image, LEFT_FLAT), flat(image, RIGHT_FLAT))
    return np.flatnonzero(np.abs(row - expected).max(axis=1) > 1)


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_bands_are_equal_and_the_illusion_draws_the_control_bands(base_scale: float) -> None:
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale)
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale)
    for image in (control, illusion):
        assert np.array_equal(flat(image, LEFT_FLAT), flat(image, RIGHT_FLAT))
    for columns in (LEFT_FLAT, RIGHT_FLAT):
        assert np.array_equal(flat(control, columns), flat(illusion, columns))


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_right_band_scales_with_strength_and_left_band_stays(variant: Variant) -> None:
    images = [pixels(CASE, variant, 1.0, s) for s in STRENGTHS]
    rights = [flat(image, RIGHT_FLAT) for image in images]
    sums = [int(right.sum()) for right in rights]
    assert sums == sorted(sums) and len(set(sums)) == len(sums)
    for strength, right in zip(STRENGTHS, rights, strict=True):
        assert np.abs(right - BASE * strength).max() <= 1
    assert all(np.abs(flat(image, LEFT_FLAT) - BASE).max() <= 1 for image in images)


def test_controls_have_only_a_faint_5px_edge_and_illusions_have_100px_ramps() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        columns = ramp_columns(image)
        row = image[100].sum(axis=1)
        left, right = flat(image, LEFT_FLAT).sum(), flat(image, RIGHT_FLAT).sum()
        if variant.control:
            assert columns.min() >= 250 and columns.max() < 262, variant
            assert left - row[250:256].min() < EDGE * 0.06 and row[256:262].max() - right < EDGE * 0.06, (
                variant
            )
            continue
        assert columns.min() <= 160 and columns.max() >= 350, variant
        # Darkening into the edge on the left, lightening out of it on the right.
        assert np.all(np.diff(row[156:256]) <= 0) and np.all(np.diff(row[256:356]) <= 0), variant
        assert left - row[255] > EDGE * 0.2 and row[256] - right > EDGE * 0.2, variant


def test_guides_only_in_guide_variants_as_a_bar_in_the_left_band_colour() -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength)
        # Through the edge ramps, only the guide can give a whole row the left band's flat colour.
        across = np.all(image[:, 160:350] == flat(image, LEFT_FLAT), axis=2).all(axis=1)
        if not variant.guide:
            assert not across.any(), variant
            continue
        assert np.flatnonzero(across).tolist() == list(range(236, 276)), variant
        assert np.all(image[236:276, 128:384] == flat(image, LEFT_FLAT)), variant


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_band_hue(base_scale: float) -> None:
    image = pixels(CASE, Variant.ORIGINAL, base_scale)
    distance = abs(hue(flat(image, LEFT_FLAT)) - (0.5 + hue_shift(base_scale)) % 1.0)
    assert min(distance, 1 - distance) < 0.02
    assert abs(flat(image, LEFT_FLAT).max() - 127.5) <= 1  # brightness unchanged
