"""Irradiation Pentagon (case 10) pixel audit: pentagon sizes and orientation, grounds, guides.

Every audit runs on the canonical edition and a fresh one (`edition`), where the pentagons' places,
turn and the grounds' size come from its elements.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from builders.illusions.engine import Variant
from builders.viprobe.cases.irradiation_pentagon import pentagon_points
from tests.pixels import blobs, dark_mask
from tests.viprobe.drawing import (
    STRENGTHS,
    box,
    box_size,
    bright_mask,
    case_named,
    elements,
    guide_lines,
    ink,
    pixels,
)

CASE = "irradiation_pentagon"
#: A regular pentagon's area per squared circumradius.
AREA = 2.5 * math.sin(math.radians(72))


def figure(edition: int | None, base_scale: float = 1.0):  # type: ignore[no-untyped-def]
    return elements(CASE, Variant.ORIGINAL, base_scale, edition=edition)


def blob_at(mask: np.ndarray, centre: tuple[float, float]) -> np.ndarray:
    """The connected region of `mask` covering the pixel at `centre`."""
    x, y = (int(c) for c in centre)
    for blob in blobs(mask):
        if blob[y, x]:
            return blob
    raise AssertionError(f"nothing at {centre}")


def left_target(
    image: np.ndarray, inverted: bool, edition: int | None, base_scale: float = 1.0
) -> np.ndarray:
    """The left small pentagon: white inside the black ground, or black in controls."""
    return blob_at(
        bright_mask(image) if inverted else dark_mask(image), figure(edition, base_scale).centres[0]
    )


def right_target(image: np.ndarray, edition: int | None, base_scale: float = 1.0) -> np.ndarray:
    return blob_at(dark_mask(image), figure(edition, base_scale).centres[1])


def assert_pentagon(blob: np.ndarray, centre: tuple[float, float], radius: float, turn: float) -> None:
    """A pentagon of circumradius `radius` about `centre`, its first vertex below it when `turn` is 0:
    its area, ink just inside each vertex, none just past the middle of each edge."""
    assert abs(blob.sum() - AREA * radius**2) <= 0.04 * AREA * radius**2 + 2 * radius
    cx, cy = centre
    vertices = pentagon_points(centre, radius, turn)
    for (x0, y0), (x1, y1) in zip(vertices, vertices[1:] + vertices[:1], strict=True):
        inside = (x0 + (cx - x0) * 3 / radius, y0 + (cy - y0) * 3 / radius)
        assert blob[int(inside[1]), int(inside[0])], "no ink at a vertex"
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        outside = (mx + (mx - cx) * 3 / radius, my + (my - cy) * 3 / radius)
        assert not blob[int(outside[1]), int(outside[0])], "ink past an edge"


@pytest.mark.parametrize("base_scale", [0.5, 1.0, 1.5])
def test_original_pentagons_are_equal_and_scale_with_base(base_scale: float, edition) -> None:
    geometry = figure(edition, base_scale)
    (left_centre, right_centre), turn = geometry.centres, geometry.turn
    illusion = pixels(CASE, Variant.ORIGINAL, base_scale, edition=edition)
    control = pixels(CASE, Variant.ORIGINAL_CONTROL, base_scale, edition=edition)
    for image, inverted in ((illusion, True), (control, False)):
        left, right = (
            left_target(image, inverted, edition, base_scale),
            right_target(image, edition, base_scale),
        )
        assert_pentagon(left, left_centre, 40 * base_scale, turn)
        assert_pentagon(right, right_centre, 40 * base_scale, turn)
        assert np.array_equal(np.roll(left, round(right_centre[0] - left_centre[0]), axis=1), right)
    # The illusion's white pentagon is the control's black one; the grounds keep their size at any scale.
    assert box(left_target(illusion, True, edition, base_scale)) == box(
        left_target(control, False, edition, base_scale)
    )
    middle = round((left_centre[0] + right_centre[0]) / 2)
    ground = dark_mask(illusion)[:, :middle].sum() + left_target(illusion, True, edition, base_scale).sum()
    assert abs(ground - AREA * geometry.ground**2) <= 0.03 * AREA * geometry.ground**2


@pytest.mark.parametrize("variant", [Variant.PERTURBED, Variant.PERTURBED_CONTROL])
def test_left_pentagon_grows_with_strength_and_right_stays(variant: Variant, edition) -> None:
    geometry = figure(edition)
    images = [pixels(CASE, variant, 1.0, s, edition) for s in STRENGTHS]
    areas = [left_target(image, not variant.control, edition).sum() for image in images]
    assert areas == sorted(areas) and len(set(areas)) == len(areas)
    reference = right_target(pixels(CASE, Variant.ORIGINAL_CONTROL, edition=edition), edition)
    for strength, image in zip(STRENGTHS, images, strict=True):
        assert_pentagon(
            left_target(image, not variant.control, edition),
            geometry.centres[0],
            40 * strength,
            geometry.turn,
        )
        assert_pentagon(right_target(image, edition), geometry.centres[1], 40, geometry.turn)
        assert box_size(right_target(image, edition)) == box_size(reference)
        control = pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, strength, edition)
        assert box(left_target(image, not variant.control, edition)) == box(
            left_target(control, False, edition)
        )


def ground_pixels(image: np.ndarray, inverted: bool, edition: int | None) -> int:
    """Non-white pixels outside both small pentagons' boxes (grown by 2 px)."""
    ground = ink(image)
    for blob in (left_target(image, inverted, edition), right_target(image, edition)):
        top, bottom, left, right = box(blob)
        ground[max(top - 2, 0) : bottom + 2, max(left - 2, 0) : right + 2] = False
    return int(ground.sum())


def test_controls_have_no_grounds_and_illusions_do(edition) -> None:
    geometry = figure(edition)
    (left_x, mid), (right_x, _) = (tuple(int(c) for c in centre) for centre in geometry.centres)
    below = mid + int(
        0.75 * geometry.ground
    )  # inside the ground (its edges are 0.81 radii out), past the target
    for variant, strength in ((Variant.ORIGINAL, 1.0), (Variant.PERTURBED, 1.3)):
        image = pixels(CASE, variant, 1.0, strength, edition)
        assert dark_mask(image)[below, left_x]  # black ground below the white pentagon
        assert (image[below, right_x] > 230).all()  # white ground below the black one ...
        assert (image[mid + 60 :, right_x] < 200).any()  # ... ending in a thin outline
        assert ground_pixels(image, inverted=True, edition=edition) > 5000
    assert ground_pixels(pixels(CASE, Variant.ORIGINAL_CONTROL, edition=edition), False, edition) == 0
    assert ground_pixels(pixels(CASE, Variant.PERTURBED_CONTROL, 1.0, 1.3, edition), False, edition) == 0


@pytest.mark.parametrize("strength", [1.0, 0.7, 1.3])
def test_red_guides_only_in_guide_variants_at_left_pentagon_extent(strength: float, edition) -> None:
    guides = guide_lines(CASE, strength, edition=edition)
    top, bottom, _, _ = box(left_target(guides.plain, True, edition))
    assert not guides.stray
    rows = guides.rows
    assert len(rows) == 2 and abs(rows[0] - top) <= 1 and abs(rows[1] - bottom) <= 1
    assert guides.mask[:, :10].any() and guides.mask[:, -10:].any()


def test_controls_ask_about_two_black_pentagons() -> None:
    case = case_named(CASE)
    for variant in Variant:
        colour = "black" if variant.control else "white"
        stem = f"Are the left {colour} pentagon and the right black pentagon"
        assert case.forward_question(variant) == f"{stem} equal in size?"
        assert case.reversed_question_for(variant) == f"{stem} different in size?"
