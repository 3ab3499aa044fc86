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

A fresh edition draws the fan's length, turn and light colour, the squares'
size and distance from the fan's centre, and the figure's place; the squares
stay left and right of each other, as the question says.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import PLACE, Choice, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import hex_color, line, polyline, rect, table_value
from builders.viprobe.params import HIGHEST

#: Number of radial lines per base scale 0.50, 0.55, …, 1.50 (orientation.yaml).
LINE_COUNTS = tuple(range(10, 31))
CENTER = 256
LINE_LENGTH = 180
LINE_COLOR = hex_color((0.6, 0.6, 0.6))
#: Light colours a fresh edition picks from for the fan: grey, steel blue, sage, sand, rose.
LINE_COLORS = (LINE_COLOR, "#7f9cc0", "#8fb08a", "#c2a878", "#c79191")
SQUARE_SIDE = 80
SQUARE_OFFSET = 80  # the squares' centres left and right of the fan's
SQUARE_WIDTH = 3
DEPTH_PER_STRENGTH = 30
EDGE_SAMPLES = 24
VEIL_PADDING = 60
VEIL_OPACITY = 0.9
#: How far the figure's middle may move from the canvas's, either way and in either direction.
SHIFT = 40


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    reach: float = free(LINE_LENGTH, meaning="radial lines' length", draw=Uniform(130, 210, " px", 1))
    fan_turn: float = free(0, meaning="fan's turn, over the angle between lines", draw=Uniform(0, 1, "", 3))
    color: str = free(
        LINE_COLOR,
        meaning="radial lines' colour",
        draw=Choice(LINE_COLORS, ("grey", "steel blue", "sage", "sand", "rose")),
    )
    side: float = free(SQUARE_SIDE, meaning="square side", draw=Uniform(60, 100, " px", 0))
    offset: float = free(
        SQUARE_OFFSET, meaning="squares' distance from the fan's centre", draw=Uniform(64, 110, " px", 0)
    )
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)


@dataclasses.dataclass(frozen=True)
class Elements:
    line_count: int  # radial lines; 0 removes the fan
    depth: float  # parabolic bend of every square edge at its middle, towards the square's centre
    centre: Point = (CENTER, CENTER)  # the fan's centre
    reach: float = LINE_LENGTH
    turn: float = 0  # the first line's angle, over the angle between lines
    color: str = LINE_COLOR
    side: float = SQUARE_SIDE
    offset: float = SQUARE_OFFSET

    @property
    def squares(self) -> tuple[Point, Point]:
        """The left and the right square's centres."""
        x, y = self.centre
        return (x - self.offset, y), (x + self.offset, y)


class Ehrenstein(IllusionCase[Elements, Layout]):
    number = 27
    name = "ehrenstein"
    title = "Ehrenstein"
    category = "orientation"
    width = 512
    height = 512
    question = "Do the squares on the left and right have straight edges?"
    reversed_question = "Do the squares on the left and right have curved edges?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        side = 2 * round(layout.side / 2)  # even: the squares and the guide's veils on whole pixels
        # The squares never meet, bent outwards their most (15 px), and the fan reaches well past them.
        offset = max(layout.offset, side / 2 + DEPTH_PER_STRENGTH * (HIGHEST - 1) + 10)
        return Elements(
            line_count=int(table_value(LINE_COUNTS, base_scale)),
            depth=0.0,
            centre=(CENTER + slide(layout.across, 2 * SHIFT), CENTER + slide(layout.down, 2 * SHIFT)),
            reach=max(layout.reach, offset + side / 2 + 40),
            turn=layout.fan_turn,
            color=layout.color,
            side=side,
            offset=offset,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, line_count=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, depth=(strength - 1.0) * DEPTH_PER_STRENGTH)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        cx, cy = elements.centre
        for index in range(elements.line_count):
            angle = 2 * math.pi * (index + elements.turn) / elements.line_count
            end = (cx + elements.reach * math.cos(angle), cy + elements.reach * math.sin(angle))
            line(canvas, (cx, cy), end, color=elements.color, width=2)
        self._squares(elements, canvas)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        size = elements.side + 2 * VEIL_PADDING
        for cx, cy in elements.squares:
            rect(canvas, cx - size / 2, cy - size / 2, size, size, fill="#ffffff", opacity=VEIL_OPACITY)
        self._squares(elements, canvas)

    def _squares(self, elements: Elements, canvas: Canvas) -> None:
        for center in elements.squares:
            outline = _outline(center, elements.side, elements.depth)
            # Repeat the first edge point so the start corner is joined like the others.
            polyline(canvas, [*outline, outline[1]], width=SQUARE_WIDTH)


def _outline(center: Point, side: float, depth: float) -> list[Point]:
    """The square's border, clockwise from its top-left corner, each edge bent by `depth` inwards."""
    cx, cy = center
    half = side / 2
    corners = [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]
    coords: list[Point] = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        # Clockwise in screen coordinates, the inward normal is the edge direction turned right.
        nx, ny = -(y1 - y0) / side, (x1 - x0) / side
        for step in range(EDGE_SAMPLES):
            t = step / EDGE_SAMPLES
            bend = 4 * depth * t * (1 - t)
            coords.append((x0 + t * (x1 - x0) + bend * nx, y0 + t * (y1 - y0) + bend * ny))
    coords.append(corners[0])
    return coords


CASE = Ehrenstein()
