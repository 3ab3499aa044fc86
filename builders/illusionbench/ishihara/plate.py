"""Ishihara-style dot plates: a disc of packed dots where the dots on a digit's strokes are reddish.

A plate of radius 236 px fills a 512 x 512 white canvas. Non-overlapping dots (radii 4-12 px, in
three passes from large to small, 1.5 px apart) are placed by seeded rejection sampling. A dot
whose centre lies on the digit's strokes (the glyph scaled to 300 px tall, centred) is a figure
dot and takes an orange-red colour; every other dot takes a green one. `contrast` (0-1] is how
much of the full red-green difference the figure keeps: lower values blend the figure colours
towards the mean ground colour, which makes the digit harder to see.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.svg import Canvas
from builders.illusionbench.ishihara import glyphs
from builders.illusions.shapes import circle

SIZE = 512
CENTER = (SIZE / 2, SIZE / 2)
RADIUS = 236
GLYPH_HEIGHT = 300
SPACING = 1.5
#: (smallest radius, largest radius, attempts) per pass.
PASSES = ((8.0, 12.0, 1500), (5.5, 8.0, 2500), (4.0, 5.5, 2500))

FIGURE = ((0.86, 0.42, 0.24), (0.93, 0.55, 0.3), (0.8, 0.35, 0.27), (0.95, 0.62, 0.36))
GROUND = ((0.55, 0.7, 0.34), (0.62, 0.75, 0.42), (0.48, 0.63, 0.3), (0.68, 0.73, 0.46))

Color = tuple[float, float, float]


@dataclasses.dataclass(frozen=True)
class Dot:
    x: float
    y: float
    radius: float
    figure: bool
    color: Color


def glyph_units(x: float, y: float) -> tuple[float, float]:
    """A canvas point in the glyph's units (its 6 x 10 box centred on the plate)."""
    unit = GLYPH_HEIGHT / glyphs.HEIGHT
    return (x - CENTER[0]) / unit + glyphs.WIDTH / 2, (y - CENTER[1]) / unit + glyphs.HEIGHT / 2


def figure_palette(contrast: float) -> tuple[Color, ...]:
    """The figure colours at `contrast`: each blended towards the mean ground colour.

    >>> figure_palette(1.0) == FIGURE
    True
    """
    mean = tuple(sum(c[i] for c in GROUND) / len(GROUND) for i in range(3))
    return tuple(_toward(color, mean, contrast) for color in FIGURE)


def _toward(color: Color, mean: tuple[float, ...], contrast: float) -> Color:
    """`color` moved towards `mean`, keeping `contrast` of the difference (to 4 decimals)."""
    red, green, blue = (round(m + contrast * (f - m), 4) for f, m in zip(color, mean, strict=True))
    return red, green, blue


def dots(digit: int, contrast: float, rng: random.Random) -> tuple[Dot, ...]:
    """Every dot of the plate, figure dots coloured from `figure_palette(contrast)`."""
    placed: list[tuple[float, float, float]] = []
    cell = 2 * PASSES[0][1] + SPACING
    grid: dict[tuple[int, int], list[int]] = {}
    for smallest, largest, attempts in PASSES:
        for _ in range(attempts):
            radius = rng.uniform(smallest, largest)
            angle, reach = rng.uniform(0, 2 * math.pi), (RADIUS - radius) * math.sqrt(rng.random())
            x, y = CENTER[0] + reach * math.cos(angle), CENTER[1] + reach * math.sin(angle)
            gx, gy = int(x // cell), int(y // cell)
            neighbours = (
                i for dx in (-1, 0, 1) for dy in (-1, 0, 1) for i in grid.get((gx + dx, gy + dy), ())
            )
            if any(
                math.hypot(x - placed[i][0], y - placed[i][1]) < radius + placed[i][2] + SPACING
                for i in neighbours
            ):
                continue
            grid.setdefault((gx, gy), []).append(len(placed))
            placed.append((x, y, radius))
    figure_colors = figure_palette(contrast)
    result = []
    for x, y, radius in placed:
        figure = glyphs.inside(digit, glyph_units(x, y))
        result.append(Dot(x, y, radius, figure, rng.choice(figure_colors if figure else GROUND)))
    return tuple(result)


def draw(plate: tuple[Dot, ...], canvas: Canvas) -> None:
    for dot in plate:
        circle(canvas, (dot.x, dot.y), dot.radius, fill=dot.color)
