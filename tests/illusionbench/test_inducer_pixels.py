"""Classic figures' difficulty is their inducer's strength: measured in the paper build's pixels.

Every classic image of the paper build is measured: the inducing feature its illusion scales
(`ClassicIllusion.inducer_feature`) must have the size the spec's strength says (fins 20·s px, rails
150 - 110·s px apart at the top, ...), from the pixels alone, with positions from the spec's scale.
The targets stay equal at every strength (`test_drawn_pixels`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np
import pytest

from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.classic.rubin_vase import PROFILE
from builders.illusionbench.params import PRESETS
from builders.illusionbench.plan import drawn_specs
from builders.illusionbench.spec import ClassicSpec
from tests.illusionbench.conftest import Pixels
from tests.pixels import bands, blobs, dark_mask

CLASSIC = list(drawn_specs("classic", PRESETS["paper"]))


def ink(image: np.ndarray) -> np.ndarray:
    """Anything but the white ground (thin grey strokes included)."""
    return (image < 245).any(axis=2)


def colour(image: np.ndarray, rgb: tuple[int, int, int], spread: int = 25) -> np.ndarray:
    return (np.abs(image - np.array(rgb)) < spread).all(axis=2)


def muller_lyer(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """The tails' reach past the upper line's ends, as fin length (the line is 200·scale px)."""
    columns = np.flatnonzero(dark_mask(image)[: image.shape[0] // 2].any(axis=0))
    reach = (columns.max() - columns.min() + 1 - 200 * spec.scale) / 2
    return reach / math.cos(math.radians(30)), 20 * spec.inducer


def ponzo(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """The rails' distance near the top (they start 10 px below it)."""
    (a, b), (c, d) = bands(dark_mask(image)[12])
    return (c + d) / 2 - (a + b) / 2, 150 - 110 * spec.inducer


def ebbinghaus(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """The left ring's discs' radius (the right ring's is checked by `ebbinghaus_right`)."""
    return _ring_radii(image)[0], 20 * spec.scale * (1 - 0.5 * spec.inducer)


def ebbinghaus_right(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    return _ring_radii(image)[1], 20 * spec.scale * (1 + 0.3 * spec.inducer)


def _ring_radii(image: np.ndarray) -> tuple[float, float]:
    found = blobs(colour(image, (145, 163, 184)))
    middle = image.shape[1] / 2
    widths: dict[int, list[int]] = {0: [], 1: []}
    for blob in found:
        columns = np.nonzero(blob)[1]
        widths[int(columns.mean() >= middle)].append(int(np.ptp(columns)) + 1)
    return float(np.median(widths[0])) / 2, float(np.median(widths[1])) / 2


def delboeuf(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """The left ring's radius on the middle row (the disc radius is 30·scale px)."""
    row = np.flatnonzero(ink(image)[image.shape[0] // 2])
    return image.shape[1] / 4 - row[row < image.shape[1] / 2].min(), 30 * spec.scale * (
        1.65 + 0.35 * spec.inducer
    )


def delboeuf_right(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    row = np.flatnonzero(ink(image)[image.shape[0] // 2])
    found = row[row >= image.shape[1] / 2].max() + 1 - 3 * image.shape[1] / 4
    return found, 30 * spec.scale * (1.65 - 0.35 * spec.inducer)


def jastrow(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """The gap between the upper band's lowest points and the lower band's top."""
    upper, lower = sorted(
        blobs(colour(image, (237, 158, 46), 40)), key=lambda blob: np.nonzero(blob)[0].mean()
    )
    return np.nonzero(lower)[0].min() - np.nonzero(upper)[0].max() - 1, 16 + 64 * (1 - spec.inducer)


def cafe_wall(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """How far the third row's tiles sit from the first row's (half a tile times the strength)."""
    tile = 44 * spec.scale
    top = (image.shape[0] - 7 * tile) / 2
    edges = [
        next(a for a, _ in bands(dark_mask(image)[round(top + (row + 0.5) * tile)]) if a > 0)
        for row in (0, 2)
    ]
    return (edges[1] - edges[0]) % (2 * tile), 0.5 * tile * spec.inducer


def hermann_grid(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """The white streets' width between the squares of the middle row."""
    squares = bands(dark_mask(image)[image.shape[0] // 2])
    return float(
        np.median([b[0] - a[1] for a, b in itertools.pairwise(squares)])
    ), 18 * spec.scale / spec.inducer


def kanizsa_triangle(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """The top disc's radius (its wedge points down, so its width is its diameter)."""
    top = min(blobs(dark_mask(image)), key=lambda blob: np.nonzero(blob)[0].mean())
    return (np.ptp(np.nonzero(top)[1]) + 1) / 2, 0.26 * 260 * spec.scale * spec.inducer


def necker_cube(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """The back square's shift: the drawing's width less one side and the 4 px stroke."""
    columns = np.flatnonzero(dark_mask(image).any(axis=0))
    return columns.max() - columns.min() + 1 - 220 * spec.scale - 4, 0.45 * 220 * spec.scale * spec.inducer


def penrose_triangle(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float | None]:
    """The bottom bar's thickness down the middle column, per unit of 58·scale px and of strength:
    the same for every image (None: compared with the others, not with a formula)."""
    top, bottom = bands(ink(image)[:, image.shape[1] // 2])[-1]
    return (bottom - top) / (58 * spec.scale) / spec.inducer, None


def rubin_vase(image: np.ndarray, spec: ClassicSpec) -> tuple[float, float]:
    """How far the left face's nose juts into the vase (190·scale px half-width)."""
    dark = dark_mask(image)
    half, middle = 190 * spec.scale, image.shape[1] / 2
    edges = [np.flatnonzero(row)[0] for row in dark if row.any()]
    return max(edges) - (middle - half), half * max(depth for _, depth in PROFILE) * spec.inducer


Measure = Callable[[np.ndarray, ClassicSpec], tuple[float, float | None]]
MEASURES: dict[str, tuple[Measure, ...]] = {
    "muller_lyer": (muller_lyer,),
    "ponzo": (ponzo,),
    "ebbinghaus": (ebbinghaus, ebbinghaus_right),
    "delboeuf": (delboeuf, delboeuf_right),
    "jastrow": (jastrow,),
    "cafe_wall": (cafe_wall,),
    "hermann_grid": (hermann_grid,),
    "kanizsa_triangle": (kanizsa_triangle,),
    "necker_cube": (necker_cube,),
    "penrose_triangle": (penrose_triangle,),
    "rubin_vase": (rubin_vase,),
}
#: Pixels of slack per measure (strokes and anti-aliasing); Penrose is measured in units.
SLACK = {"ponzo": 3.0, "penrose_triangle": 0.06}


def test_every_illusion_is_measured() -> None:
    assert set(MEASURES) == set(ILLUSIONS)


@pytest.mark.parametrize("illusion", sorted(ILLUSIONS))
def test_the_inducer_has_the_size_its_strength_says(illusion: str, paper_pixels: Pixels) -> None:
    specs = [spec for spec in CLASSIC if spec.illusion == illusion]
    assert {spec.inducer for spec in specs} == {0.5, 0.75, 1.0}
    for measure in MEASURES[illusion]:
        found = {spec.image_id: measure(paper_pixels(spec.image_id), spec) for spec in specs}
        if any(expected is None for _, expected in found.values()):  # proportional to the strength
            common = float(np.median([measured for measured, _ in found.values()]))
            found = {image: (measured, common) for image, (measured, _) in found.items()}
        slack = SLACK.get(illusion, 2.0)
        off = {image: pair for image, pair in found.items() if abs(pair[0] - pair[1]) > slack}
        assert not off, f"{measure.__name__}: (measured, expected) {off}"
