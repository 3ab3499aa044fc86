"""Cornsweet Case 1 (case 18) pixel audit: band colours, the edge ramps, the guide bar, base-scale hue.

Every audit runs on the canonical edition and a fresh one (`edition`), where the bands' box, where
they meet and the guide bar's row come from its elements.
"""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.pixels import colours
from tests.viprobe.drawing import STRENGTHS, elements, pixels

CASE = "cornsweet_case1"
EDGE = 3 * 255  # a channel sum's full range: the edge steps are fractions of it
BASE = np.array(colorsys.hsv_to_rgb(0.5, 0.5, 0.5)) * 255
RAMP = 100


class Bands:
    """Where an edition's bands are: the flat columns of each, the rows clear of the guide bar."""

    def __init__(self, edition: int | None, base_scale: float = 1.0) -> None:
        geometry = elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)
        left, top, right, bottom = (int(v) for v in geometry.box)
        self.box, self.split, self.bar = (left, top, right, bottom), int(geometry.split), int(geometry.bar)
        self.frame = np.array([int(geometry.frame[i : i + 2], 16) for i in (1, 3, 5)])
        rows = np.arange(top, bottom)
        self.rows = rows[np.abs(rows + 0.5 - self.bar) > 26]
        self.left_flat = slice(left, self.split - RAMP - 6)
        self.right_flat = slice(self.split + RAMP + 6, right)
        self.probe = int(self.rows[len(self.rows) // 4])  # a row of bands and ramps alone


def flat(image: np.ndarray, columns: slice, bands: Bands) -> np.ndarray:
    """The single colour of a band's flat part."""
    found = colours(image[bands.rows, columns])
    assert len(found) == 1, found
    return found[0]


def ramp_columns(image: np.ndarray, bands: Bands) -> np.ndarray:
    """Columns of the probe row that differ from their band's flat colour: the edge ramps."""
    left, _, right, _ = bands.box
    row = image[bands.probe, left:right]
    columns = np.arange(left, right)[:, None]
    expected = np.where(
        columns < bands.split, flat(image, bands.left_flat, bands), flat(image, bands.right_flat, bands)
    )
    return np.flatnonzero(np.abs(row - expected).max(axis=1) > 1) + left


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_bands_are_equal_and_the_illusion_draws_the_control_bands(
    base_scale: float, edition
) -> None:
    bands = Bands(edition, base_scale)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    for image in (control, illusion):
        assert np.array_equal(flat(image, bands.left_flat, bands), flat(image, bands.right_flat, bands))
    for columns in (bands.left_flat, bands.right_flat):
        assert np.array_equal(flat(control, columns, bands), flat(illusion, columns, bands))


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_right_band_scales_with_strength_and_left_band_stays(variant: Variant, edition) -> None:
    bands = Bands(edition)
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    rights = [flat(image, bands.right_flat, bands) for image in images]
    sums = [int(right.sum()) for right in rights]
    assert sums == sorted(sums) and len(set(sums)) == len(sums)
    for strength, right in zip(STRENGTHS, rights, strict=True):
        assert np.abs(right - BASE * strength).max() <= 1
    assert all(np.abs(flat(image, bands.left_flat, bands) - BASE).max() <= 1 for image in images)


def test_controls_have_only_a_faint_5px_edge_and_illusions_have_100px_ramps(edition) -> None:
    bands = Bands(edition)
    split = bands.split
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        columns = ramp_columns(image, bands)
        row = image[bands.probe].sum(axis=1)
        left, right = flat(image, bands.left_flat, bands).sum(), flat(image, bands.right_flat, bands).sum()
        if variant.control:
            assert columns.min() >= split - 6 and columns.max() < split + 6, variant
            assert left - row[split - 6 : split].min() < EDGE * 0.06, variant
            assert row[split : split + 6].max() - right < EDGE * 0.06, variant
            continue
        assert columns.min() <= split - 96 and columns.max() >= split + 94, variant
        # Darkening into the edge on the left, lightening out of it on the right.
        ramps = np.diff(row[split - RAMP : split]), np.diff(row[split : split + RAMP])
        assert np.all(ramps[0] <= 0) and np.all(ramps[1] <= 0), variant
        assert left - row[split - 1] > EDGE * 0.2 and row[split] - right > EDGE * 0.2, variant


def test_a_frame_if_any_is_one_flat_grey_in_every_variant(edition) -> None:
    bands = Bands(edition)
    left, top, right, bottom = bands.box
    outside = np.ones((512, 512), dtype=bool)
    outside[top:bottom, left:right] = False
    for variant in Variant:
        image = pixels(CASE, variant, 1.0, 1.3 if variant.perturbed else 1.0, edition)
        assert (image[outside] == bands.frame).all(), variant


def test_guides_only_in_guide_variants_as_a_bar_in_the_left_band_colour(edition) -> None:
    bands = Bands(edition)
    split, (left, _, right, _) = bands.split, bands.box
    start, end = (left + split) // 2, (split + right) // 2  # the bar: the bands' middles
    window = slice(max(split - 96, start + 2), min(split + 94, end - 2))  # through both ramps, within the bar
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        # Through the edge ramps, only the guide can give a whole row the left band's flat colour.
        colour = flat(image, bands.left_flat, bands)
        across = np.all(image[:, window] == colour, axis=2).all(axis=1)
        if not variant.guide:
            assert not across.any(), variant
            continue
        assert np.flatnonzero(across).tolist() == list(range(bands.bar - 20, bands.bar + 20)), variant
        assert np.all(image[bands.bar - 20 : bands.bar + 20, start + 1 : end - 1] == colour), variant


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_band_hue(base_scale: float, edition) -> None:
    bands = Bands(edition, base_scale)
    image = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    colour = flat(image, bands.left_flat, bands)
    distance = abs(hue(colour) - (0.5 + hue_shift(base_scale)) % 1.0)
    assert min(distance, 1 - distance) < 0.02
    assert abs(colour.max() - 127.5) <= 1  # brightness unchanged
