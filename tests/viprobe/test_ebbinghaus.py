"""Ebbinghaus (case 5) and Ebbinghaus Rectangular (case 6) pixel audit: discs, surrounders, guides."""

from __future__ import annotations

import numpy as np
import pytest

from builders.illusions.engine import Variant
from tests.pixels import bands, blobs
from tests.viprobe.drawing import STRENGTHS, pixels

CASES = ("ebbinghaus", "ebbinghaus_rectangular")
MIDDLE = 128  # the discs' row
LEFT, RIGHT = slice(0, 256), slice(256, 512)
LEFT_X = 128  # the left disc's column
#: Surrounders around the left and right disc: a circle of 8 and 6, or the 8 slots of a square.
COUNTS = {"ebbinghaus": (8, 6), "ebbinghaus_rectangular": (8, 8)}


def orange_mask(image: np.ndarray) -> np.ndarray:
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    return (r > 200) & (g > 90) & (g < 165) & (b < 110)


def blue_grey_mask(image: np.ndarray) -> np.ndarray:
    """The surrounders: bluish, unlike paper, orange discs and grey guides."""
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    return (b - r > 15) & (g < 235)


def guide_mask(image: np.ndarray) -> np.ndarray:
    """Mid-grey neutral pixels: the dashed guides (surrounder edges are never this neutral and dark)."""
    spread = image.max(axis=2) - image.min(axis=2)
    return (spread < 8) & (image[..., 0] > 100) & (image[..., 0] < 205)


def diameter(image: np.ndarray, half: slice) -> int:
    """Width of the orange run along the discs' row in one half of the canvas."""
    runs = bands(orange_mask(image)[MIDDLE, half])
    assert len(runs) == 1
    return runs[0][1] - runs[0][0]


def surrounders(image: np.ndarray) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Surrounder blobs of the left and the right group, told apart by their centroid's column."""
    found = blobs(blue_grey_mask(image))
    left = [blob for blob in found if np.nonzero(blob)[1].mean() < 256]
    return left, [blob for blob in found if np.nonzero(blob)[1].mean() >= 256]


def width(blob: np.ndarray) -> int:
    columns = np.flatnonzero(blob.any(axis=0))
    return int(columns.max() - columns.min() + 1)


def clipped(blob: np.ndarray) -> bool:
    return bool(blob[0].any() or blob[-1].any() or blob[:, 0].any() or blob[:, -1].any())


def side_surrounder(image: np.ndarray) -> tuple[int, int]:
    """(gap from the left disc's centre, width) of the surrounder right of it on the discs' row.

    Both layouts put one there, centred 1.3 (disc radius + surrounder radius) away.
    """
    start, stop = bands(blue_grey_mask(image)[MIDDLE, LEFT_X:256])[0]
    return start, stop - start


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_discs_are_equal_and_scale_with_base(case: str, base_scale: float) -> None:
    control = pixels(case, Variant.ORIGINAL_CONTROL, base_scale)
    left, right = diameter(control, LEFT), diameter(control, RIGHT)
    assert abs(left - right) <= 1
    assert abs(left - 40 * base_scale) <= 2
    # The illusion draws the very same discs, plus surrounders sized by the base scale.
    illusion = pixels(case, Variant.ORIGINAL, base_scale)
    assert (orange_mask(illusion) == orange_mask(control)).all()
    small, large = surrounders(illusion)
    assert (len(small), len(large)) == COUNTS[case]
    assert all(abs(width(blob) - 20 * base_scale) <= 2 for blob in small)
    assert all(abs(width(blob) - 52 * base_scale) <= 2 for blob in large if not clipped(blob))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_disc_grows_with_strength_and_right_stays(case: str, variant: Variant) -> None:
    images = [pixels(case, variant, 1.0, s) for s in STRENGTHS]
    lefts = [diameter(image, LEFT) for image in images]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts)
    for strength, size in zip(STRENGTHS, lefts, strict=True):
        assert abs(size - 40 * strength) <= 2
    rights = {diameter(image, RIGHT) for image in images}
    assert max(rights) - min(rights) <= 1 and abs(min(rights) - 40) <= 2
    for strength, image in zip(STRENGTHS, images, strict=True):
        control = pixels(case, Variant.PERTURBED_CONTROL, 1.0, strength)
        assert (orange_mask(control) == orange_mask(image)).all()


@pytest.mark.parametrize("case", CASES)
def test_left_surrounders_move_out_but_keep_their_size(case: str) -> None:
    images = [pixels(case, Variant.PERTURBED, 1.0, s) for s in STRENGTHS]
    gaps, widths = zip(*(side_surrounder(image) for image in images), strict=True)
    for strength, gap, size in zip(STRENGTHS, gaps, widths, strict=True):
        assert abs(gap - (1.3 * (20 * strength + 10) - 10)) <= 1.5
        assert abs(size - 20) <= 2
    right = [blue_grey_mask(image)[:, RIGHT] for image in images]
    assert all((mask == right[0]).all() for mask in right)


@pytest.mark.parametrize("case", CASES)
def test_controls_have_no_surrounders_and_illusions_do(case: str) -> None:
    assert blue_grey_mask(pixels(case, Variant.ORIGINAL)).sum() > 5000
    assert blue_grey_mask(pixels(case, Variant.PERTURBED, 1.0, 1.3)).sum() > 5000
    assert not blue_grey_mask(pixels(case, Variant.ORIGINAL_CONTROL)).any()
    assert not blue_grey_mask(pixels(case, Variant.PERTURBED_CONTROL, 1.0, 1.3)).any()


@pytest.mark.parametrize("case", CASES)
def test_guides_only_in_guide_variants_at_left_disc_edges(case: str) -> None:
    for variant in Variant:
        strength = 1.3 if variant.perturbed else 1.0
        guides = guide_mask(pixels(case, variant, 1.0, strength))
        if not variant.guide:
            assert not guides.any(), variant
            continue
        radius = 20 * strength  # the guides follow the (perturbed) left disc
        rows = [(a + b) / 2 for a, b in bands(guides.sum(axis=1) > 100)]
        assert len(rows) == 2
        assert abs(rows[0] - (MIDDLE - radius)) <= 1.5 and abs(rows[1] - (MIDDLE + radius)) <= 1.5
