"""Pixel audits of the Ishihara-style plates (figure dots form the stated digit) and the plain scenes,
on the session's paper build (tests are listed from the plan; `paper_pixels` reads the build), and
on plates and scenes drawn here at the ends of the sizes a build's parameters allow."""

from __future__ import annotations

import dataclasses
import functools
import itertools

import numpy as np
import pytest

from builders.core.raster import rasterize_image
from builders.illusionbench import rows, scenes
from builders.illusionbench.ishihara import glyphs, plate
from builders.illusionbench.params import PRESETS, Ishihara, NoIllusion
from builders.illusionbench.plan import drawn_specs
from builders.illusionbench.spec import SIZE_RANGES, IshiharaSpec, SceneSpec
from tests.illusionbench.conftest import Pixels
from tests.pixels import blobs

SIZE = plate.SIZE  # plates are audited as built
SCALE = SIZE / plate.SIZE
PLATES = list(drawn_specs("ishihara", PRESETS["paper"]))
SCENES = list(drawn_specs("no_illusion", PRESETS["paper"]))


def color_mask(
    image: np.ndarray, colors: tuple[tuple[float, float, float], ...], tolerance: int = 3
) -> np.ndarray:
    """Where a pixel is within `tolerance` of one of `colors` in every channel (a colour and a channel at
    a time: numpy reduces a short last axis slowly)."""
    pixels = np.asarray(image, dtype=np.int16)
    found = np.zeros(pixels.shape[:2], dtype=bool)
    for color in colors:
        near = [np.abs(pixels[..., channel] - round(c * 255)) <= tolerance for channel, c in enumerate(color)]
        found |= near[0] & near[1] & near[2]
    return found


@functools.cache
def stroke_distance(digit: int) -> np.ndarray:
    """Distance in pixels (at the audit size) from every pixel to the digit's strokes."""
    unit = plate.GLYPH_HEIGHT / glyphs.HEIGHT * SCALE
    ys, xs = np.mgrid[:SIZE, :SIZE] + 0.5
    best = np.full((SIZE, SIZE), np.inf)
    for stroke in glyphs.DIGITS[digit]:
        points = np.array(stroke)
        points = (points - (glyphs.WIDTH / 2, glyphs.HEIGHT / 2)) * unit + SIZE / 2
        for (ax, ay), (bx, by) in itertools.pairwise(points):
            dx, dy = bx - ax, by - ay
            t = np.clip(((xs - ax) * dx + (ys - ay) * dy) / max(dx * dx + dy * dy, 1e-9), 0, 1)
            best = np.minimum(best, np.hypot(xs - ax - t * dx, ys - ay - t * dy))
    return best


def half_stroke() -> float:
    return glyphs.STROKE / 2 * plate.GLYPH_HEIGHT / glyphs.HEIGHT * SCALE


@pytest.mark.parametrize("spec", PLATES, ids=lambda s: f"{s.image_id}-digit{s.digit}")
def test_plate_figure_dots_form_the_stated_digit(spec: IshiharaSpec, paper_pixels: Pixels) -> None:
    assert_plate_shows_its_digit(spec, paper_pixels(spec.image_id))


def assert_plate_shows_its_digit(spec: IshiharaSpec, image: np.ndarray) -> None:
    figure = color_mask(image, plate.figure_palette(spec.contrast))
    ground = color_mask(image, plate.GROUND)
    largest_dot = max(high for _, high, _ in plate.PASSES) * SCALE
    distance = stroke_distance(spec.digit)
    # Figure dots sit on the strokes: no figure pixel farther than half a stroke plus a dot radius.
    assert figure.sum() > 500 and distance[figure].max() <= half_stroke() + largest_dot + 1
    # ... and they cover the strokes: nearly every point along the strokes has figure ink within a dot.
    ys, xs = np.nonzero(figure)
    unit = plate.GLYPH_HEIGHT / glyphs.HEIGHT * SCALE
    along = [((u - glyphs.WIDTH / 2) * unit + SIZE / 2, (v - glyphs.HEIGHT / 2) * unit + SIZE / 2)
             for u, v in glyphs.stroke_points(spec.digit)]  # fmt: skip
    covered = [np.hypot(xs - x, ys - y).min() <= largest_dot for x, y in along]
    assert sum(covered) / len(covered) > 0.9
    # Ground dots fill the rest of the plate and stay off the strokes' core.
    assert ground.sum() > 3 * figure.sum() and (ground & (distance <= 0.5)).sum() <= 20
    # Of all ten digits, the stated one explains the figure dots best.
    scores = {}
    for digit in glyphs.DIGITS:
        glyph = stroke_distance(digit) <= half_stroke()
        hits = (figure & glyph).sum()
        scores[digit] = 2 * hits / (figure.sum() + glyph.sum())
    assert max(scores, key=scores.get) == spec.digit, scores  # type: ignore[arg-type]


def test_plate_contrast_sets_the_figure_colours(paper_pixels: Pixels) -> None:
    low, high = plate.figure_palette(0.45), plate.figure_palette(1.0)
    ground = np.mean(plate.GROUND, axis=0)
    assert np.linalg.norm(np.mean(low, axis=0) - ground) < np.linalg.norm(np.mean(high, axis=0) - ground) / 2
    for spec in PLATES:
        other = plate.figure_palette(1.0 if spec.contrast != 1.0 else 0.45)
        assert not color_mask(paper_pixels(spec.image_id), other).any()


@pytest.mark.parametrize("spec", SCENES, ids=lambda s: s.image_id)
def test_scene_shapes_are_where_and_as_large_as_the_spec_says(spec: SceneSpec, paper_pixels: Pixels) -> None:
    assert_scene_is_its_spec(spec, paper_pixels(spec.image_id))


def assert_scene_is_its_spec(spec: SceneSpec, image: np.ndarray) -> None:
    widths = {}
    for color, x, _, width in spec.shapes:
        found = blobs(color_mask(image, (scenes.COLORS[color],), tolerance=4))
        assert len(found) == 1, color
        xs = np.nonzero(found[0])[1]
        widths[color] = xs.max() - xs.min() + 1
        slack = 5 if spec.shape == "triangle" else 2  # a triangle's sharp corners lose pure-colour pixels
        assert abs(widths[color] - width) <= slack and abs((xs.max() + xs.min()) / 2 - x) <= 1.5
    ordered = sorted(widths.values(), reverse=True)
    assert abs(ordered[0] / ordered[1] / (1 + spec.perturbation) - 1) < 0.05  # to 5 % of the ratio
    largest = max(spec.shapes, key=lambda shape: shape[3])[0]
    assert max(widths, key=widths.get) == largest, widths  # type: ignore[arg-type]


#: Ladders at the ends of what a build's parameters may ask for (`SIZE_RANGES`).
LOWEST_CONTRAST, HIGHEST_CONTRAST = SIZE_RANGES["ishihara"]
SMALLEST_WIDENING, LARGEST_WIDENING = SIZE_RANGES["no_illusion"]
EXTREME = dataclasses.replace(
    PRESETS["paper"],
    ishihara=Ishihara(
        images=20, contrasts=(HIGHEST_CONTRAST, (HIGHEST_CONTRAST + LOWEST_CONTRAST) / 2, LOWEST_CONTRAST)
    ),
    no_illusion=NoIllusion(images=24, widenings=(LARGEST_WIDENING, 0.5, SMALLEST_WIDENING)),
)


def drawn(spec: IshiharaSpec | SceneSpec) -> np.ndarray:
    scene = rows.scene(spec)
    return np.asarray(rasterize_image(scene.canvas, scene.width, scene.height), dtype=np.int16)


@pytest.mark.parametrize(
    "spec",
    [spec for spec in drawn_specs("ishihara", EXTREME) if spec.contrast == LOWEST_CONTRAST],
    ids=lambda s: f"digit{s.digit}",
)
def test_a_plate_at_the_lowest_contrast_still_shows_its_digit(spec: IshiharaSpec) -> None:
    assert_plate_shows_its_digit(spec, drawn(spec))


@pytest.mark.parametrize(
    "spec",
    [spec for spec in drawn_specs("no_illusion", EXTREME) if spec.index % 3 != 1],
    ids=lambda s: f"{s.image_id}-p{s.perturbation}",
)
def test_scenes_at_the_smallest_and_largest_widening_are_their_specs(spec: SceneSpec) -> None:
    assert_scene_is_its_spec(spec, drawn(spec))
