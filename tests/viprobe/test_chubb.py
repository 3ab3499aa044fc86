"""Chubb (case 17) pixel audit: disc noise levels, seeded noise, the two fields, the noise-bar guide.

Every audit runs on the canonical edition and a fresh one (`edition`), where the discs' places and
radius come from its elements.
"""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from builders.core.raster import rasterize_image
from builders.illusions.color import hue_shift
from builders.illusions.engine import Variant
from tests.pixels import colour_counts, colours
from tests.viprobe.drawing import STRENGTHS, case_named, elements, pixels

CASE = "chubb"


class Discs:
    """Where an edition's discs are: their row, columns and radius, and the guide bar's box between them."""

    def __init__(self, edition: int | None, base_scale: float = 1.0) -> None:
        geometry = elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)
        (self.left, self.row), (self.right, _) = geometry.centres
        self.radius = geometry.radius
        self.guide = (
            slice(self.row - 7, self.row + 7),
            slice(self.left + self.radius + 10, self.right - self.radius - 10),
        )

    def within(self, shape: tuple[int, ...], x: int, radius: float) -> np.ndarray:
        ys, xs = np.mgrid[: shape[0], : shape[1]]
        return (xs + 0.5 - x) ** 2 + (ys + 0.5 - self.row) ** 2 <= radius**2


def lightness(rgb: np.ndarray) -> np.ndarray:
    """HSL lightness in 0..255."""
    return (rgb.max(axis=-1) + rgb.min(axis=-1)) / 2


def levels(image: np.ndarray, x: int, discs: Discs) -> np.ndarray:
    """The two colours of a disc's binary noise (inside its antialiased rim), darker first."""
    found = colours(image[discs.within(image.shape, x, discs.radius - 2)])
    assert len(found) == 2, found
    return found[np.argsort(lightness(found))]


def contrast(image: np.ndarray, x: int, discs: Discs) -> float:
    dark, light = lightness(levels(image, x, discs))
    return float(light - dark)


def pattern(image: np.ndarray, x: int, discs: Discs) -> np.ndarray:
    """Which pixels of a disc hold its light level."""
    inside = image[discs.within(image.shape, x, discs.radius - 2)]
    return np.all(inside == levels(image, x, discs)[1], axis=-1)


def hue(rgb: np.ndarray) -> float:
    return colorsys.rgb_to_hsv(*(np.asarray(rgb, dtype=float) / 255))[0]


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.4])
def test_original_discs_have_equal_noise_levels_and_match_the_control(base_scale: float, edition) -> None:
    discs = Discs(edition, base_scale)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    for image in (control, illusion):
        assert np.array_equal(levels(image, discs.left, discs), levels(image, discs.right, discs))
        # Both levels are used about equally (binary noise of density 1/2).
        for x in (discs.left, discs.right):
            assert 0.4 < pattern(image, x, discs).mean() < 0.6
    inside = discs.within(control.shape, discs.left, discs.radius - 2)
    inside |= discs.within(control.shape, discs.right, discs.radius - 2)
    assert np.array_equal(control[inside], illusion[inside])


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_right_disc_contrast_falls_with_strength_and_left_disc_stays(variant: Variant, edition) -> None:
    discs = Discs(edition)
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    rights = [contrast(image, discs.right, discs) for image in images]
    assert rights == sorted(rights, reverse=True) and len(set(rights)) == len(rights)
    original = pixels(CASE, Variant.ORIGINAL_CONTROL, edition=edition)
    for strength, image in zip(STRENGTHS, images, strict=True):
        assert np.array_equal(levels(image, discs.left, discs), levels(original, discs.left, discs))
        assert (contrast(image, discs.right, discs) > contrast(image, discs.left, discs)) == (strength < 1.0)


def test_noise_is_seeded_and_shared_by_all_strengths_and_variants() -> None:
    case, discs = case_named(CASE), Discs(None)
    left, right = discs.left, discs.right
    first, second = (rasterize_image(case.render(Variant.PERTURBED, 1.0, 1.3), 512, 256) for _ in range(2))
    assert np.array_equal(np.asarray(first), np.asarray(second))
    configurations = [
        (variant, s) for s in STRENGTHS for variant in (Variant.PERTURBED, Variant.PERTURBED_CONTROL)
    ]
    configurations += [(Variant.ORIGINAL, 1.0), (Variant.ORIGINAL_CONTROL, 1.0)]
    images = {(variant, s): pixels(CASE, variant, 1.0, s) for variant, s in configurations}
    reference = images[Variant.ORIGINAL, 1.0]
    for x in (left, right):
        assert all(
            np.array_equal(pattern(image, x, discs), pattern(reference, x, discs))
            for image in images.values()
        )
    assert not np.array_equal(pattern(reference, left, discs), pattern(reference, right, discs))
    field = (slice(0, 80), slice(300, 500))
    for (variant, _), image in images.items():
        assert variant.control or np.array_equal(image[field], reference[field]), variant
    # Another base scale draws other noise.
    other = pixels(CASE, Variant.ORIGINAL, 0.5)
    assert not np.array_equal(pattern(other, right, discs), pattern(reference, right, discs))


def test_an_edition_draws_other_noise_shared_by_all_strengths_and_variants_in_the_same_way() -> None:
    """The same layout in another edition, and each edition's own: other noise, the same for every
    variant and strength of the configuration."""
    case, discs = case_named(CASE), Discs(None)

    def drawn(variant: Variant, strength: float, edition: int | None) -> np.ndarray:
        canvas = case.render(variant, 1.0, strength, edition=edition)  # the canonical layout
        return np.asarray(rasterize_image(canvas, 512, 256), dtype=np.int16)

    canonical = drawn(Variant.ORIGINAL, 1.0, None)
    assert np.array_equal(canonical, pixels(CASE, Variant.ORIGINAL))  # no edition is the canonical one
    references = {edition: drawn(Variant.ORIGINAL, 1.0, edition) for edition in (1, 2)}
    for x in (discs.left, discs.right):
        patterns = [pattern(image, x, discs) for image in (canonical, *references.values())]
        assert not any(np.array_equal(a, b) for i, a in enumerate(patterns) for b in patterns[i + 1 :])
        for edition, reference in references.items():
            for variant, strength in ((Variant.PERTURBED, 0.7), (Variant.PERTURBED_CONTROL, 1.3)):
                image = drawn(variant, strength, edition)
                assert np.array_equal(pattern(image, x, discs), pattern(reference, x, discs)), (
                    edition,
                    variant,
                )
    for edition in (1, 2):  # in an edition's own layout too
        own = Discs(edition)
        reference = pixels(CASE, Variant.ORIGINAL, edition=edition)
        for variant, strength in ((Variant.PERTURBED, 0.7), (Variant.PERTURBED_CONTROL, 1.3)):
            image = pixels(CASE, variant, 1.0, strength, edition)
            for x in (own.left, own.right):
                assert np.array_equal(pattern(image, x, own), pattern(reference, x, own)), (edition, variant)


def test_controls_have_no_fields_and_illusions_do(edition) -> None:
    discs = Discs(edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        outside = ~discs.within(image.shape, discs.left, discs.radius + 2)
        outside &= ~discs.within(image.shape, discs.right, discs.radius + 2)
        outside[discs.row - 12 : discs.row + 12] = False  # the guide's rows
        if variant.control:
            assert np.all(image[outside] == 255), variant
            continue
        left = colours(image[:, :256][outside[:, :256]])
        right, counts = colour_counts(image[:, 256:][outside[:, 256:]])
        assert len(left) == 1 and 100 < lightness(left[0]) < 155, variant  # flat grey field
        assert len(right) == 2 and 0.45 < counts[0] / counts.sum() < 0.55, variant  # binary noise field
        assert lightness(right[0]) < 40 and lightness(right[1]) > 215, variant


def test_guides_only_in_guide_variants_as_noise_at_the_left_disc_levels(edition) -> None:
    discs = Discs(edition)
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        image = pixels(CASE, variant, 1.0, strength, edition)
        bar = image[discs.guide].reshape(-1, 3)
        dark, light = levels(image, discs.left, discs)
        is_light = np.all(bar == light, axis=-1)
        if not variant.guide:
            assert not is_light.any(), variant  # the fields never take the disc's light level
            continue
        assert np.all(is_light | np.all(bar == dark, axis=-1)), variant
        assert 0.4 < is_light.mean() < 0.6, variant


@pytest.mark.parametrize("base_scale", [0.5, 0.8, 1.0, 1.2, 1.4])
def test_base_scale_shifts_the_tint_hue(base_scale: float, edition) -> None:
    discs = Discs(edition, base_scale)
    image = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    for colour in (image[3, 3], *levels(image, discs.left, discs)):
        distance = abs(hue(colour) - hue_shift(base_scale) % 1.0)
        assert min(distance, 1 - distance) < 0.03
