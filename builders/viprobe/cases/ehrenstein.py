"""Case 27, Ehrenstein: radial lines make the straight edges of two squares look bowed.

On a 512x512 white canvas gray (0.6) 2 px lines of 180 px radiate from the
centre at equal angles; their number comes from the base scale's table
(10…30). Two hollow black squares (80 px side, 3 px border) sit on the fan,
centred 80 px left and right of the centre. Perturbation bends every edge of
both squares into a parabola of depth (s − 1)·30 px at its middle, towards the
square's centre for s > 1 and away from it for s < 1 (the release's code; its
doc states the reverse); corners stay put. The control drops the radial lines;
the guide veils a 200 px box around each square in 90 % white and redraws the
squares on top, so the fan fades only near them.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import line, polyline, rect, table_value

#: Number of radial lines per base scale 0.50, 0.55, …, 1.50 (orientation.yaml).
LINE_COUNTS = tuple(range(10, 31))
CENTER = 256
LINE_LENGTH = 180
LINE_COLOR = (0.6, 0.6, 0.6)
SQUARE_SIDE = 80
SQUARE_CENTERS = ((CENTER - 80, CENTER), (CENTER + 80, CENTER))
SQUARE_WIDTH = 3
DEPTH_PER_STRENGTH = 30
EDGE_SAMPLES = 24
VEIL_PADDING = 60
VEIL_OPACITY = 0.9


@dataclasses.dataclass(frozen=True)
class Elements:
    line_count: int  # radial lines; 0 removes the fan
    depth: float  # parabolic bend of every square edge at its middle, towards the square's centre


class Ehrenstein(IllusionCase[Elements]):
    number = 27
    name = "ehrenstein"
    title = "Ehrenstein"
    category = "orientation"
    width = 512
    height = 512
    question = "Do the squares on the left and right have straight edges?"
    reversed_question = "Do the squares on the left and right have curved edges?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        return Elements(line_count=int(table_value(LINE_COUNTS, base_scale)), depth=0.0)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, line_count=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, depth=(strength - 1.0) * DEPTH_PER_STRENGTH)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        for index in range(elements.line_count):
            angle = 2 * math.pi * index / elements.line_count
            end = (CENTER + LINE_LENGTH * math.cos(angle), CENTER + LINE_LENGTH * math.sin(angle))
            line(canvas, (CENTER, CENTER), end, color=LINE_COLOR, width=2)
        self._squares(elements, canvas)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        size = SQUARE_SIDE + 2 * VEIL_PADDING
        for cx, cy in SQUARE_CENTERS:
            rect(canvas, cx - size / 2, cy - size / 2, size, size, fill="#ffffff", opacity=VEIL_OPACITY)
        self._squares(elements, canvas)

    def _squares(self, elements: Elements, canvas: Canvas) -> None:
        for center in SQUARE_CENTERS:
            outline = _outline(center, elements.depth)
            # Repeat the first edge point so the start corner is joined like the others.
            polyline(canvas, [*outline, outline[1]], width=SQUARE_WIDTH)


def _outline(center: Point, depth: float) -> list[Point]:
    """The square's border, clockwise from its top-left corner, each edge bent by `depth` inwards."""
    cx, cy = center
    half = SQUARE_SIDE / 2
    corners = [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]
    coords: list[Point] = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        # Clockwise in screen coordinates, the inward normal is the edge direction turned right.
        nx, ny = -(y1 - y0) / SQUARE_SIDE, (x1 - x0) / SQUARE_SIDE
        for step in range(EDGE_SAMPLES):
            t = step / EDGE_SAMPLES
            bend = 4 * depth * t * (1 - t)
            coords.append((x0 + t * (x1 - x0) + bend * nx, y0 + t * (y1 - y0) + bend * ny))
    coords.append(corners[0])
    return coords


CASE = Ehrenstein()
