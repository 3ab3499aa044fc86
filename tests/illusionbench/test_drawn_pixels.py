"""Pixel audits of the drawn classic and trap figures, on the session's paper build.

Classic figures: their targets measure equal. Trap figures: the stated property really differs,
by the spec's perturbation. Each illusion is measured from the built pixels alone, with positions
taken from the spec (its scale) where a measurement needs to know where to look. Tests are listed
from the plan; `paper_pixels` reads each image from the build.
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
from builders.illusionbench.params import PRESETS
from builders.illusionbench.plan import drawn_specs
from builders.illusionbench.spec import SCALES, SIZE_RANGES, ClassicSpec
from builders.illusions.engine import Variant
from tests.illusionbench.conftest import Pixels
from tests.pixels import bands, blobs, dark_mask

CLASSIC = list(drawn_specs("classic", PRESETS["paper"]))
TRAP = list(drawn_specs("trap", PRESETS["paper"]))


def render(spec: ClassicSpec) -> np.ndarray:
    """A figure the build does not hold (extreme parameters), drawn for the drawing code's own tests."""
    scene = rows.scene(spec)
    return np.asarray(rasterize_image(scene.canvas, scene.width, scene.height), dtype=np.int16)


@functools.cache
def without_inducers(spec: ClassicSpec) -> np.ndarray:
    """A VI-Probe-drawn figure's targets alone: the engine's control of the same configuration (the
    reference the built figure is compared with, since its inducers touch the targets)."""
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


def measure_pair(spec: ClassicSpec, figure: np.ndarray) -> tuple[float, float]:
    measure, _ = PAIRS[spec.illusion]
    if spec.illusion not in FROM_VIPROBE:
        return measure(figure, spec)
    targets = without_inducers(spec)
    mask = orange_mask if spec.illusion == "ebbinghaus" else dark_mask
    assert not (mask(targets) & ~mask(figure)).any(), "the figure must draw the very same targets"
    return measure(targets, spec)


@pytest.mark.parametrize("spec", [s for s in CLASSIC if s.illusion in PAIRS], ids=lambda s: s.image_id)
def test_classic_pair_targets_are_physically_equal(spec: ClassicSpec, paper_pixels: Pixels) -> None:
    first, second = measure_pair(spec, paper_pixels(spec.image_id))
    assert abs(first - second) <= 2, (first, second)


@pytest.mark.parametrize("spec", [s for s in TRAP if s.illusion in PAIRS], ids=lambda s: s.image_id)
def test_trap_pair_targets_differ_by_the_perturbation(spec: ClassicSpec, paper_pixels: Pixels) -> None:
    sizes = measure_pair(spec, paper_pixels(spec.image_id))
    changed = PAIRS[spec.illusion][1]
    ratio = sizes[changed] / sizes[1 - changed]
    assert abs(ratio - (1 + spec.perturbation)) < 0.03, (sizes, spec.perturbation)


def built(illusion: str) -> list[ClassicSpec]:
    """The build's classic and trap images of one illusion (every illusion has both)."""
    return [spec for spec in CLASSIC + TRAP if spec.illusion == illusion]


def test_cafe_wall_mortar_lines_are_parallel_only_in_the_classic_figure(paper_pixels: Pixels) -> None:
    def mortar_rows(image: np.ndarray, column: int, spec: ClassicSpec) -> list[float]:
        """Grey runs down one column, inside the wall (its outer edges blend to grey too)."""
        tile = 44 * spec.scale
        top, bottom = (image.shape[0] - 7 * tile) / 2 + tile / 2, (image.shape[0] + 7 * tile) / 2 - tile / 2
        gray = (np.abs(image[:, column] - 128) < 40).all(axis=1)
        return [(a + b - 1) / 2 for a, b in bands(gray) if top < (a + b - 1) / 2 < bottom]

    for spec in built("cafe_wall"):
        image = paper_pixels(spec.image_id)
        left, right = mortar_rows(image, 1, spec), mortar_rows(image, 510, spec)
        assert len(left) == len(right) == 6
        if not spec.perturbation:
            assert np.allclose(left, right, atol=1), spec.image_id
            continue
        rise = math.tan(math.radians(TILT_DEGREES * abs(spec.perturbation))) * 509
        assert np.allclose(np.abs(np.subtract(left, right)), rise, atol=2), spec.image_id
        assert np.sign(np.subtract(left, right)).tolist() == [1, -1, 1, -1, 1, -1]  # alternately up, down


def test_hermann_crossings_are_white_unless_the_trap_paints_them(paper_pixels: Pixels) -> None:
    for spec in built("hermann_grid"):
        elements = ILLUSIONS["hermann_grid"].elements(
            spec.scale, 1e-9, spec.inducer
        )  # where the crossings are
        values = [paper_pixels(spec.image_id)[round(y), round(x)] for x, y in elements.dots]
        expected = round(255 * dot_gray(spec.perturbation))
        assert len(values) == 16 and all(np.abs(v - expected).max() <= 2 for v in values), (expected, values)


def test_kanizsa_edges_are_drawn_only_in_the_trap(paper_pixels: Pixels) -> None:
    for spec in built("kanizsa_triangle"):
        corners = ILLUSIONS["kanizsa_triangle"].elements(spec.scale, 0).corners
        pairs = zip(corners, corners[1:] + corners[:1], strict=True)
        middles = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in pairs]
        values = [paper_pixels(spec.image_id)[round(y), round(x)] for x, y in middles]
        expected = round(255 * edge_gray(spec.perturbation))
        assert all(np.abs(v - expected).max() <= 3 for v in values), (expected, values)


def test_necker_back_edges_break_at_the_crossings_only_in_the_trap(paper_pixels: Pixels) -> None:
    for spec in built("necker_cube"):
        elements = ILLUSIONS["necker_cube"].elements(spec.scale, spec.perturbation, spec.inducer)
        image = paper_pixels(spec.image_id)
        back_left, back_bottom = elements.crossings
        reach = max(elements.gap / 2 - 2, 4)  # inside the gap, clear of the crossing front edge
        above_on_left_edge = image[round(back_left[1] - reach), round(back_left[0])]
        left_on_bottom_edge = image[round(back_bottom[1]), round(back_bottom[0] - reach)]
        samples = [above_on_left_edge, left_on_bottom_edge]
        dark = [bool((value < 110).all()) for value in samples]
        assert dark == [spec.perturbation == 0] * 2, samples


def test_penrose_gap_shows_background_in_proportion_to_the_perturbation(paper_pixels: Pixels) -> None:
    illusion = ILLUSIONS["penrose_triangle"]

    def white_in_y_bar(spec: ClassicSpec, image: np.ndarray) -> int:
        bar = Image.new("L", (512, 512), 0)
        for face in illusion.elements(spec.scale, 0, spec.inducer).faces[
            3:6
        ]:  # the y bar's faces, drawn whole
            ImageDraw.Draw(bar).polygon(face.corners, fill=255)
        return int(((image > 245).all(axis=2) & (np.asarray(bar) > 0)).sum())

    for spec in built("penrose_triangle"):
        white = white_in_y_bar(spec, paper_pixels(spec.image_id))
        assert white > 300 if spec.perturbation else white < 40, (spec.image_id, white)
    # The gap grows with the perturbation (the build holds only some sizes: drawn here at one scale).
    sizes = [
        ClassicSpec(illusion="penrose_triangle", index=0, scale=1.0, perturbation=p) for p in (0.1, 0.2, 0.35)
    ]
    whites = [white_in_y_bar(spec, render(spec)) for spec in sizes]
    assert whites[0] < whites[1] < whites[2]


#: The ends of what a build's parameters may ask for (`SIZE_RANGES`): the largest trap change and
#: the weakest inducer, at the largest layout scale.
WEAKEST, LARGEST = SIZE_RANGES["classic"][0], SIZE_RANGES["trap"][1]
EXTREMES = [
    ClassicSpec(illusion=name, index=0, scale=1.15, perturbation=p, inducer=inducer)
    for name, illusion in ILLUSIONS.items()
    if name != "cafe_wall"  # its rows of tiles run off both sides by design
    for p, inducer in [
        (0.0, 1.0),
        (0.0, WEAKEST),
        *((q, 1.0) for q in ((LARGEST, -LARGEST) if illusion.signed else (LARGEST,))),
    ]
]


def inside_the_canvas(image: np.ndarray) -> bool:
    border = np.concatenate([image[:2].reshape(-1, 3), image[-2:].reshape(-1, 3),
                             image[:, :2].reshape(-1, 3), image[:, -2:].reshape(-1, 3)])  # fmt: skip
    return bool((border > 245).all())


def test_every_built_figure_stays_inside_the_canvas(paper_pixels: Pixels) -> None:
    clipped = [
        spec.image_id
        for spec in CLASSIC + TRAP
        if spec.illusion != "cafe_wall" and not inside_the_canvas(paper_pixels(spec.image_id))
    ]
    assert clipped == []


@pytest.mark.parametrize("spec", EXTREMES, ids=lambda s: f"{s.illusion}{s.perturbation:+}-i{s.inducer}")
def test_figures_stay_inside_the_canvas_at_the_largest_scale_and_perturbation(spec: ClassicSpec) -> None:
    """The drawing code's range, beyond what the build holds: drawn here, not read from the build."""
    assert inside_the_canvas(render(spec)), "the figure is clipped by the canvas edge"


@pytest.mark.parametrize(
    "spec",
    [
        ClassicSpec(illusion=name, index=0, scale=scale, perturbation=p)
        for name in PAIRS
        for scale in SCALES
        for size in SIZE_RANGES["trap"]
        for p in (size, -size)
    ],
    ids=lambda s: f"{s.illusion}-s{s.scale}{s.perturbation:+}",
)
def test_trap_pairs_differ_by_the_perturbation_at_the_ends_of_its_range(spec: ClassicSpec) -> None:
    """The smallest and largest change a build may ask for (0.05 and 0.4), at both ends of the layout
    scale: the changed target really is larger or smaller, by that much to 2 px (the smallest
    figures' edges) plus 1 %, in pixels the build does not hold."""
    sizes = measure_pair(spec, render(spec))
    changed = PAIRS[spec.illusion][1]
    other = sizes[1 - changed]
    difference = sizes[changed] - other
    assert difference * spec.perturbation > 0, sizes  # changed, and the right way
    assert abs(difference - other * spec.perturbation) <= 2 + 0.01 * other, sizes
