"""Pixel audits of the drawn subset, over the lite preset's planned specs.

Classic figures: their targets measure equal. Trap figures: the stated property really differs,
by the spec's perturbation. Each illusion is measured from pixels alone, with positions taken
from the spec (its scale) where a measurement needs to know where to look.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np
import pytest
from PIL import Image, ImageDraw

from builders.core.raster import rasterize_image
from builders.illusionbench import rows
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.classic.cafe_wall import TILT_DEGREES
from builders.illusionbench.classic.hermann_grid import dot_gray
from builders.illusionbench.classic.kanizsa_triangle import edge_gray
from builders.illusionbench.spec import ClassicSpec, drawn_specs
from builders.illusions.engine import Variant
from tests.pixels import bands, blobs, dark_mask

CLASSIC = list(drawn_specs("classic", "lite"))
TRAP = list(drawn_specs("trap", "lite"))


@functools.cache
def pixels(spec: ClassicSpec) -> np.ndarray:
    scene = rows.scene(spec)
    return np.asarray(rasterize_image(scene.canvas, scene.width, scene.height), dtype=np.int16)


@functools.cache
def without_inducers(spec: ClassicSpec) -> np.ndarray:
    """A VI-Probe-drawn figure's targets alone: the engine's control of the same configuration."""
    case = ILLUSIONS[spec.illusion].case  # type: ignore[attr-defined]
    variant = Variant.PERTURBED_CONTROL if spec.perturbation else Variant.ORIGINAL_CONTROL
    canvas = case.render(variant, spec.scale, 1 + spec.perturbation)
    return np.asarray(rasterize_image(canvas, case.width, case.height), dtype=np.int16)


def longest_dark_run(image: np.ndarray, row: int) -> int:
    return max(b - a for a, b in bands(dark_mask(image)[row]))


def orange_mask(image: np.ndarray) -> np.ndarray:
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    return (r > 200) & (g > 90) & (g < 175) & (b < 110)


def run_through(mask_row: np.ndarray, x: int) -> int:
    for a, b in bands(mask_row):
        if a <= x < b:
            return b - a
    raise AssertionError(f"nothing at column {x}")


def box_widths(mask: np.ndarray) -> list[int]:
    """Widths of the mask's blobs, top to bottom."""
    found = sorted(blobs(mask), key=lambda blob: np.nonzero(blob)[0].mean())
    return [int(np.ptp(np.nonzero(blob)[1]) + 1) for blob in found]


def face_depths(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """How far each face juts into the vase at the left face's deepest row (from the vase's rim width)."""
    dark = dark_mask(image)
    half, middle = 190 * spec.scale, image.shape[1] / 2
    rows_ = [row for row in range(image.shape[0]) if dark[row].any()]
    edges = {row: (np.flatnonzero(dark[row])[0], np.flatnonzero(dark[row])[-1]) for row in rows_}
    nose = max(rows_, key=lambda row: edges[row][0])
    left, right = edges[nose]
    return left - (middle - half), (middle + half) - right


#: Figures drawn by VI-Probe's cases: their targets are measured without the inducers (fins, rails,
#: rings and surrounders touch the targets), after checking the figure draws those very targets.
FROM_VIPROBE = ("muller_lyer", "ponzo", "ebbinghaus", "delboeuf")


#: illusion -> (the two targets' sizes from pixels, which one the trap changes).
def two_runs(
    mask: Callable[[np.ndarray], np.ndarray],
) -> Callable[[np.ndarray, ClassicSpec], tuple[int, int]]:
    """The runs of `mask` through the two targets' centres (x = 128 and 384 on row 128)."""
    return lambda image, spec: (run_through(mask(image)[128], 128), run_through(mask(image)[128], 384))


PAIRS: dict[str, tuple[Callable[[np.ndarray, ClassicSpec], tuple[float, float]], int]] = {
    "muller_lyer": (lambda im, s: (longest_dark_run(im, 64), longest_dark_run(im, 192)), 1),
    "ponzo": (lambda im, s: (longest_dark_run(im, 64), longest_dark_run(im, 192)), 0),
    "ebbinghaus": (two_runs(orange_mask), 0),
    "delboeuf": (two_runs(dark_mask), 1),
    "jastrow": (lambda im, s: tuple(box_widths(orange_mask(im))), 1),  # type: ignore[dict-item]
    "rubin_vase": (face_depths, 1),
}  # fmt: skip


def measure_pair(spec: ClassicSpec) -> tuple[float, float]:
    measure, _ = PAIRS[spec.illusion]
    if spec.illusion not in FROM_VIPROBE:
        return measure(pixels(spec), spec)
    targets, figure = without_inducers(spec), pixels(spec)
    mask = orange_mask if spec.illusion == "ebbinghaus" else dark_mask
    assert not (mask(targets) & ~mask(figure)).any(), "the figure must draw the very same targets"
    return measure(targets, spec)


@pytest.mark.parametrize("spec", [s for s in CLASSIC if s.illusion in PAIRS], ids=lambda s: s.image_id)
def test_classic_pair_targets_are_physically_equal(spec: ClassicSpec) -> None:
    first, second = measure_pair(spec)
    assert abs(first - second) <= 2, (first, second)


@pytest.mark.parametrize("spec", [s for s in TRAP if s.illusion in PAIRS], ids=lambda s: s.image_id)
def test_trap_pair_targets_differ_by_the_perturbation(spec: ClassicSpec) -> None:
    sizes = measure_pair(spec)
    changed = PAIRS[spec.illusion][1]
    ratio = sizes[changed] / sizes[1 - changed]
    assert abs(ratio - (1 + spec.perturbation)) < 0.03, (sizes, spec.perturbation)


def spec_for(illusion: str, specs: list[ClassicSpec]) -> ClassicSpec:
    return next(spec for spec in specs if spec.illusion == illusion)


def test_cafe_wall_mortar_lines_are_parallel_only_in_the_classic_figure() -> None:
    def mortar_rows(image: np.ndarray, column: int) -> list[float]:
        gray = (np.abs(image[:, column] - 128) < 40).all(axis=1)
        return [(a + b - 1) / 2 for a, b in bands(gray)]

    classic, trap = spec_for("cafe_wall", CLASSIC), spec_for("cafe_wall", TRAP)
    left, right = mortar_rows(pixels(classic), 1), mortar_rows(pixels(classic), 510)
    assert len(left) == len(right) == 6 and np.allclose(left, right, atol=1)
    rise = math.tan(math.radians(TILT_DEGREES * abs(trap.perturbation))) * 509
    left, right = mortar_rows(pixels(trap), 1), mortar_rows(pixels(trap), 510)
    assert len(left) == len(right) == 6
    assert np.allclose(np.abs(np.subtract(left, right)), rise, atol=2)
    assert np.sign(np.subtract(left, right)).tolist() == [1, -1, 1, -1, 1, -1]  # alternately up and down


def test_hermann_crossings_are_white_unless_the_trap_paints_them() -> None:
    for spec in (spec_for("hermann_grid", CLASSIC), spec_for("hermann_grid", TRAP)):
        elements = ILLUSIONS["hermann_grid"].elements(spec.scale, 1e-9)  # where the crossings are
        values = [pixels(spec)[round(y), round(x)] for x, y in elements.dots]
        expected = round(255 * dot_gray(spec.perturbation))
        assert len(values) == 16 and all(np.abs(v - expected).max() <= 2 for v in values), (expected, values)


def test_kanizsa_edges_are_drawn_only_in_the_trap() -> None:
    for spec in (spec_for("kanizsa_triangle", CLASSIC), spec_for("kanizsa_triangle", TRAP)):
        corners = ILLUSIONS["kanizsa_triangle"].elements(spec.scale, 0).corners
        pairs = zip(corners, corners[1:] + corners[:1], strict=True)
        middles = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in pairs]
        values = [pixels(spec)[round(y), round(x)] for x, y in middles]
        expected = round(255 * edge_gray(spec.perturbation))
        assert all(np.abs(v - expected).max() <= 3 for v in values), (expected, values)


def test_necker_back_edges_break_at_the_crossings_only_in_the_trap() -> None:
    for spec in (spec_for("necker_cube", CLASSIC), spec_for("necker_cube", TRAP)):
        elements = ILLUSIONS["necker_cube"].elements(spec.scale, spec.perturbation)
        image = pixels(spec)
        back_left, back_bottom = elements.crossings
        reach = max(elements.gap / 2 - 2, 4)  # inside the gap, clear of the crossing front edge
        above_on_left_edge = image[round(back_left[1] - reach), round(back_left[0])]
        left_on_bottom_edge = image[round(back_bottom[1]), round(back_bottom[0] - reach)]
        samples = [above_on_left_edge, left_on_bottom_edge]
        dark = [bool((value < 110).all()) for value in samples]
        assert dark == [spec.perturbation == 0] * 2, samples


def test_penrose_gap_shows_background_in_proportion_to_the_perturbation() -> None:
    illusion = ILLUSIONS["penrose_triangle"]
    classic = spec_for("penrose_triangle", CLASSIC)

    def white_in_y_bar(spec: ClassicSpec) -> int:
        bar = Image.new("L", (512, 512), 0)
        for face in illusion.elements(spec.scale, 0).faces[3:6]:  # the y bar's faces, drawn whole
            ImageDraw.Draw(bar).polygon(face.corners, fill=255)
        return int(((pixels(spec) > 245).all(axis=2) & (np.asarray(bar) > 0)).sum())

    assert white_in_y_bar(classic) < 40
    assert white_in_y_bar(spec_for("penrose_triangle", TRAP)) > 300
    sizes = (0.1, 0.2, 0.35)
    whites = [
        white_in_y_bar(ClassicSpec(illusion="penrose_triangle", index=0, scale=1.0, perturbation=p))
        for p in sizes
    ]
    assert whites[0] > 300 and whites[0] < whites[1] < whites[2]


EXTREMES = [
    ClassicSpec(illusion=name, index=0, scale=1.15, perturbation=p)
    for name, illusion in ILLUSIONS.items()
    if name != "cafe_wall"  # its rows of tiles run off both sides by design
    for p in ((0.0, 0.35, -0.35) if illusion.signed else (0.0, 0.35))
]


@pytest.mark.parametrize("spec", EXTREMES, ids=lambda s: f"{s.illusion}{s.perturbation:+}")
def test_figures_stay_inside_the_canvas_at_the_largest_scale_and_perturbation(spec: ClassicSpec) -> None:
    image = pixels(spec)
    border = np.concatenate([image[:2].reshape(-1, 3), image[-2:].reshape(-1, 3),
                             image[:, :2].reshape(-1, 3), image[:, -2:].reshape(-1, 3)])  # fmt: skip
    assert (border > 245).all(), "the figure is clipped by the canvas edge"
