"""Twisted Cord and Twisted Cord Light (cases 23, 24) pixel audit: pole tilts, stripes, guides.

Every audit runs on the canonical edition and a fresh one (`edition`), where the poles' places and
height come from its elements.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, dark_mask
from tests.viprobe.drawing import STRENGTHS, elements, pixels, red_mask

#: case -> (background, dark stripe, light stripe) gray levels: 0.9, 0/1 and 0.5, 0.3/0.7 of 255.
PALETTE = {"twisted_cord": (230, 0, 255), "twisted_cord_light": (128, 76, 178)}
CASES = tuple(PALETTE)
GROUND = (486, 496)


class Poles:
    """Where an edition's poles stand: their columns, top row and the rows clear of tops and ground."""

    def __init__(self, case: str, edition: int | None, base_scale: float = 1.0) -> None:
        geometry = elements(case, Variant.ORIGINAL, base_scale, edition=edition)
        self.centres = tuple(round(x) for x in geometry.centres)
        self.top = round(GROUND[0] - geometry.height)
        self.rows = np.arange(self.top + 14, GROUND[0] - 15)
        self.middle = round(self.top + geometry.height / 2)
        split = sum(self.centres) // 2
        self.halves = (slice(0, split), slice(split, 512))


def pole_edges(case: str, image: np.ndarray, poles: Poles) -> np.ndarray:
    """(row, pole, left/right) outline columns: pixels off the background gray, red guides aside."""
    background = PALETTE[case][0]
    pole = (np.abs(image - background) > 20).any(axis=2) & ~red_mask(image)
    rows = poles.rows
    edges = np.empty((len(rows), 2, 2))
    for pole_index, half in enumerate(poles.halves):
        mask = pole[rows, half]
        assert mask.any(axis=1).all()
        first = mask.argmax(axis=1)
        last = mask.shape[1] - 1 - mask[:, ::-1].argmax(axis=1)
        edges[:, pole_index] = np.stack([first, last + 1], axis=1) + half.start
    return edges


def pole_angles(case: str, image: np.ndarray, poles: Poles) -> tuple[float, float]:
    """Each pole's lean in degrees from vertical, positive when its foot is right of its top."""
    centres = pole_edges(case, image, poles).mean(axis=2)
    slopes = [np.polyfit(poles.rows, centres[:, index], 1)[0] for index in range(2)]
    return math.degrees(math.atan(slopes[0])), math.degrees(math.atan(slopes[1]))


def light_stripe_pixels(case: str, image: np.ndarray) -> int:
    """Pixels clearly lighter than the background: the light stripes, nothing else is."""
    return int((image.min(axis=2) > PALETTE[case][0] + 15).sum())


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_poles_lean_apart_by_strength_about_fixed_centres(case: str, variant: Variant, edition) -> None:
    poles, lefts = Poles(case, edition), []
    for strength in STRENGTHS:
        image = pixels(case, variant, 1.0, strength, edition)
        left, right = pole_angles(case, image, poles)
        assert abs(left - 10 * (strength - 1)) <= 0.2 and abs(right + 10 * (strength - 1)) <= 0.2
        # The poles turn about their centres (x 166 and 345 for W = 25 in the canonical edition).
        middle = pole_edges(case, image, poles)[poles.rows == poles.middle][0].mean(axis=1)
        assert np.allclose(middle, poles.centres, atol=1.0)
        lefts.append(left)
    assert lefts == sorted(lefts) and len(set(np.round(lefts, 1))) == len(lefts)
    by_distance = {round(abs(s - 1), 1): abs(a) for s, a in zip(STRENGTHS, lefts, strict=True)}
    assert by_distance[0.1] < by_distance[0.3] < by_distance[0.5]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("strength", [0.5, 1.3])
def test_control_keeps_the_illusion_poles_and_their_tilt(case: str, strength: float, edition) -> None:
    poles = Poles(case, edition)
    control = pole_edges(case, pixels(case, Variant.PERTURBED_CONTROL, 1.0, strength, edition), poles)
    illusion = pole_edges(case, pixels(case, Variant.PERTURBED, 1.0, strength, edition), poles)
    # Outline pixels of light stripes blend towards the background, so edges may differ by a pixel or two.
    assert np.abs(control - illusion).mean() < 0.6 and np.abs(control - illusion).max() <= 2


@pytest.mark.parametrize("case", CASES)
def test_controls_are_solid_black_and_illusions_striped(case: str, edition) -> None:
    _, dark, light = PALETTE[case]
    poles = Poles(case, edition)
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3)):
        image = pixels(case, variant, 1.0, strength, edition)
        assert light_stripe_pixels(case, image) > 3000
        # Dark and light stripes of the palette, as many of each.
        levels = image[poles.rows][:, poles.centres[0] - 16 : poles.centres[0] + 24, 0]
        assert abs((levels == dark).sum() - (levels == light).sum()) < 0.2 * (levels == dark).sum()
    for strength in (1.0, 1.3):
        variant = Variant.PERTURBED_CONTROL if strength != 1.0 else Variant.ORIGINAL_CONTROL
        image = pixels(case, variant, 1.0, strength, edition)
        assert light_stripe_pixels(case, image) == 0
        edges = pole_edges(case, image, poles)
        solid = dark_mask(image)[poles.rows]
        for pole in range(2):
            for row, (left, right) in zip(solid, edges[:, pole], strict=True):
                assert row[int(left) + 2 : int(right) - 2].all()


@pytest.mark.parametrize("case", CASES)
def test_background_and_ground_bar_in_every_variant(case: str, edition) -> None:
    background, dark, _ = PALETTE[case]
    ground = 0 if case == "twisted_cord" else dark
    for variant in Variant:
        image = pixels(case, variant, 1.0, 1.3 if variant.perturbed else 1.0, edition)
        assert (image[GROUND[0] : GROUND[1]] == ground).all()
        assert (image[GROUND[1] :] == background).all() and (image[:20] == background).all()


@pytest.mark.parametrize("case", CASES)
def test_red_guides_only_in_guide_variants_flanking_upright_poles(case: str, edition) -> None:
    poles = Poles(case, edition)
    upright = pole_edges(case, pixels(case, Variant.ORIGINAL_CONTROL, edition=edition), poles)[0]
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        red = red_mask(pixels(case, variant, 1.0, strength, edition))
        if not variant.guide:
            assert not red.any(), variant
            continue
        rows = bands(red.any(axis=1))
        assert len(rows) == 1 and abs(rows[0][0] - poles.top) <= 1 and abs(rows[0][1] - GROUND[0]) <= 1
        columns = bands(red[poles.middle].copy())
        assert [b - a for a, b in columns] == [3, 3, 3, 3]
        # Where the poles stand upright, whatever this variant's tilt.
        for pole in range(2):
            (left_bar, right_bar), (left, right) = columns[2 * pole : 2 * pole + 2], upright[pole]
            assert abs(left_bar[1] - left) <= 1 and abs(right_bar[0] - right) <= 1


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(("base_scale", "width"), [(0.5, 15), (1.0, 25), (1.5, 35)])
def test_original_poles_are_upright_equal_and_sized_by_base(
    case: str, base_scale: float, width: int, edition
) -> None:
    poles = Poles(case, edition, base_scale)
    for variant in (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL):
        image = pixels(case, variant, base_scale, edition=edition)
        assert all(abs(angle) < 0.05 for angle in pole_angles(case, image, poles))
        widths = np.diff(pole_edges(case, image, poles), axis=2)[..., 0]
        # Outline pixels are half covered; light-on-dark stripe seams there may blend into the background.
        assert widths.min() >= width - 2 and widths.max() <= width + 2
        assert np.median(widths) in (width, width + 1)
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    # Ink across a row of each solid pole (partly covered edge pixels count in part): its true width.
    background = PALETTE[case][0]
    coverage = (background - control[..., 0]) / background
    for pole in poles.halves:
        assert np.abs(coverage[poles.rows, pole].sum(axis=1) - width).max() <= 0.1
        # Each pole reaches from its top (y 26 in the canonical edition) down into the ground bar.
        column = int(np.argmax(coverage[poles.middle, pole])) + pole.start
        ((top, bottom),) = bands(coverage[:, column] > 0.3)
        assert top == poles.top and bottom == GROUND[1]
