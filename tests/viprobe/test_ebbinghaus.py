"""Ebbinghaus (case 5) and Ebbinghaus Rectangular (case 6) pixel audit: discs, surrounders, guides.

Every audit runs on the canonical edition and a fresh one (`edition`), where the targets' places,
the rings' counts, turn and spacing and the surrounders' colour come from its elements.
"""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, blobs
from tests.viprobe.drawing import STRENGTHS, elements, pixels

CASES = ("ebbinghaus", "ebbinghaus_rectangular")


def orange_mask(image: np.ndarray) -> np.ndarray:
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    return (r > 200) & (g > 90) & (g < 165) & (b < 110)


def surround_mask(image: np.ndarray, colour: str) -> np.ndarray:
    """The surrounders: pixels near their colour (`#rrggbb`), unlike paper, orange discs and grey guides."""
    rgb = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])
    return (np.abs(image - rgb) <= 24).all(axis=2)


def guide_mask(image: np.ndarray) -> np.ndarray:
    """Mid-grey neutral pixels: the dashed guides (surrounder edges are never this neutral and dark)."""
    spread = image.max(axis=2) - image.min(axis=2)
    return (spread < 8) & (image[..., 0] > 100) & (image[..., 0] < 205)


def halves(case: str, edition: int | None) -> tuple[slice, slice]:
    """The columns of the left group and of the right one: split midway between the targets."""
    geometry = elements(case, Variant.ORIGINAL, edition=edition)
    middle = round((geometry.left.center[0] + geometry.right.center[0]) / 2)
    return slice(0, middle), slice(middle, 512)


def diameter(image: np.ndarray, half: slice, row: int) -> int:
    """Width of the orange run along the discs' row in one half of the canvas."""
    runs = bands(orange_mask(image)[row, half])
    assert len(runs) == 1
    return runs[0][1] - runs[0][0]


def surrounders(image: np.ndarray, colour: str, split: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Surrounder blobs of the left and the right group, told apart by their centroid's column."""
    found = blobs(surround_mask(image, colour))
    left = [blob for blob in found if np.nonzero(blob)[1].mean() < split]
    return left, [blob for blob in found if np.nonzero(blob)[1].mean() >= split]


def width(blob: np.ndarray) -> int:
    columns = np.flatnonzero(blob.any(axis=0))
    return int(columns.max() - columns.min() + 1)


def clipped(blob: np.ndarray) -> bool:
    return bool(blob[0].any() or blob[-1].any() or blob[:, 0].any() or blob[:, -1].any())


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_discs_are_equal_and_scale_with_base(case: str, base_scale: float, edition) -> None:
    geometry = elements(case, Variant.ORIGINAL, base_scale, edition=edition)
    row = int(geometry.left.center[1])
    split = round((geometry.left.center[0] + geometry.right.center[0]) / 2)
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    left, right = diameter(control, slice(0, split), row), diameter(control, slice(split, 512), row)
    assert abs(left - right) <= 1
    assert abs(left - 40 * base_scale) <= 2
    # The illusion draws the very same discs, plus surrounders sized by the base scale.
    illusion = pixels(case, Variant.ORIGINAL, base_scale, edition=edition)
    assert (orange_mask(illusion) == orange_mask(control)).all()
    small, large = surrounders(illusion, geometry.surround, split)
    assert (len(small), len(large)) == (len(geometry.left.surrounders), len(geometry.right.surrounders))
    assert (len(small) == len(large) == 8) if case == "ebbinghaus_rectangular" else len(small) > len(large)
    assert all(abs(width(blob) - 20 * base_scale) <= 2 for blob in small)
    assert all(abs(width(blob) - 52 * base_scale) <= 2 for blob in large if not clipped(blob))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_disc_grows_with_strength_and_right_stays(case: str, variant: Variant, edition) -> None:
    left_half, right_half = halves(case, edition)
    row = int(elements(case, Variant.ORIGINAL, edition=edition).left.center[1])
    images = [pixels(case, variant, 1.0, s, edition) for s in STRENGTHS]
    lefts = [diameter(image, left_half, row) for image in images]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts)
    for strength, size in zip(STRENGTHS, lefts, strict=True):
        assert abs(size - 40 * strength) <= 2
    rights = {diameter(image, right_half, row) for image in images}
    assert max(rights) - min(rights) <= 1 and abs(min(rights) - 40) <= 2
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = pixels(case, Variant.PERTURBED_CONTROL, 1.0, strength, edition)
        assert (orange_mask(control) == orange_mask(image)).all()


@pytest.mark.parametrize("case", CASES)
def test_left_surrounders_move_out_but_keep_their_size(case: str, edition) -> None:
    """Every left surrounder is drawn where the elements put it, at its fixed radius (the ring spreads
    out as the target grows); the right ring never moves."""
    right_half = halves(case, edition)[1]
    colour = elements(case, Variant.ORIGINAL, edition=edition).surround
    rights, spreads = [], []
    for strength in STRENGTHS:
        group = elements(case, Variant.PERTURBED, 1.0, strength, edition).left
        mask = surround_mask(pixels(case, Variant.PERTURBED, 1.0, strength, edition), colour)
        assert group.surround_radius == 10
        for x, y in group.surrounders:
            # Radially away from the target: inside the disc 2 px short of its rim, clear 2 px past it.
            dx, dy = np.subtract((x, y), group.center) / np.hypot(x - group.center[0], y - group.center[1])
            inner, outer = (x + dx * (10 - 2), y + dy * (10 - 2)), (x + dx * (10 + 2), y + dy * (10 + 2))
            assert mask[int(inner[1]), int(inner[0])] and not mask[int(outer[1]), int(outer[0])], strength
        spreads.append(max(np.hypot(x - group.center[0], y - group.center[1]) for x, y in group.surrounders))
        rights.append(mask[:, right_half])
    assert spreads == sorted(spreads) and len(set(np.round(spreads, 3))) == len(spreads)
    assert all((mask == rights[0]).all() for mask in rights)


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_surrounders_and_illusions_do(case: str, edition) -> None:
    colour = elements(case, Variant.ORIGINAL, edition=edition).surround
    assert surround_mask(pixels(case, Variant.ORIGINAL, edition=edition), colour).sum() > 5000
    assert surround_mask(pixels(case, Variant.PERTURBED, 1.0, 1.3, edition), colour).sum() > 5000
    assert not surround_mask(pixels(case, Variant.ORIGINAL_CONTROL, edition=edition), colour).any()
    assert not surround_mask(pixels(case, Variant.PERTURBED_CONTROL, 1.0, 1.3, edition), colour).any()


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_at_left_disc_edges(case: str, edition) -> None:
    middle = elements(case, Variant.ORIGINAL, edition=edition).left.center[1]
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        guides = guide_mask(pixels(case, variant, 1.0, strength, edition))
        if not variant.guide:
            assert not guides.any(), variant
            continue
        radius = 20 * strength  # the guides follow the (perturbed) left disc
        rows = [(a + b) / 2 for a, b in bands(guides.sum(axis=1) > 100)]
        assert len(rows) == 2
        assert abs(rows[0] - (middle - radius)) <= 1.5 and abs(rows[1] - (middle + radius)) <= 1.5
