"""Case 19, Hering: a fan of radial lines makes two straight horizontal lines look bowed apart.

On a 512 x 512 white canvas, 1 px black rays leave the centre at equal angles
and run past the edges; their number comes from the release's per-scale table
(6 at base scale 0.5 up to 46 at 1.5, step 2 per 0.05). Two 3 px black test
lines lie at y = 195 and y = 316 from x = 25 to x = 487. Perturbation bows
both lines by a parabola of midpoint depth 15·(s−1) px, the upper one up and
the lower one down (inwards for s < 1), ends fixed. The control drops the
rays; the guide, drawn under the illusion, is an opaque light-blue rectangle
filling the span between the straight line positions.

A fresh edition draws the distance between the lines, their place and ends,
where the fan's centre sits between them, how far the fan is turned and its
dark colour; the lines stay horizontal, as the question says.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import ClassVar

import numpy as np

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import BLACK, DARK_INKS, PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import line, polyline, rect, table_value

#: Ray count per base scale, 0.5 to 1.5 in steps of 0.05 (release table).
RAY_COUNTS = tuple(range(6, 47, 2))
#: Midpoint bow in px per unit of (s − 1).
BOW_PER_STRENGTH = 15
GUIDE_COLOR = (0.7, 0.8, 1.0)
#: Polyline vertices per test line: smooth at 512 px, cheap to draw.
CURVE_POINTS = 65
#: Space kept between a line (bowed its most, 7.5 px) and the canvas edge.
MARGIN = 20
CENTRE = 256
#: How far along the lines the fan's centre may move, in all.
FAN_ROOM = 200
#: The fan's centre keeps this far from either line (the release's: 60 and 61 px).
FAN_CLEARANCE = 60


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    gap: float = free(121, meaning="distance between the lines", draw=Uniform(120, 240, " px", 0))
    across: float = free(0.5, meaning="lines' place across them", draw=PLACE)
    start: float = free(25, meaning="where the lines start", draw=Uniform(8, 90, " px", 1))
    end: float = free(487, meaning="where they end", draw=Uniform(422, 504, " px", 1))
    fan_along: float = free(0.5, meaning="fan centre's place along the lines", draw=PLACE)
    fan_across: float = free(0.5, meaning="fan centre's place between them", draw=PLACE)
    fan_turn: float = free(0, meaning="fan's turn, over the angle between rays", draw=Uniform(0, 1, "", 3))
    ink: str = free(BLACK, meaning="ray colour", draw=DARK_INKS)


@dataclasses.dataclass(frozen=True)
class Elements:
    rays: int  # 0 in the control
    bow: float  # px at the line midpoints; > 0 bows the two lines away from each other
    lines: tuple[float, float] = (195, 316)  # the test lines' positions across them
    span: tuple[float, float] = (25, 487)  # and along them
    fan: tuple[float, float] = (CENTRE, CENTRE)  # the rays' origin, along and across the lines
    turn: float = 0  # the first ray's angle, over the angle between rays
    ink: str = BLACK


class Hering(IllusionCase[Elements, Layout]):
    number = 19
    name = "hering"
    title = "Hering"
    category = "orientation"
    width = 512
    height = 512
    question = "Are the two horizontal lines straight?"
    reversed_question = "Are the two horizontal lines curved?"
    guide_first = True
    layout_class = Layout
    #: Positions of the two test lines across their length (y here), nearer-the-origin one first.
    lines: ClassVar[tuple[float, float]] = (195, 316)
    #: Whether the test lines run top to bottom (the vertical twin).
    vertical: ClassVar[bool] = False

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        near, far = self.lines
        widen = (layout.gap - (far - near)) / 2
        near, far = near - widen, far + widen
        shift = slide(layout.across, 2 * min(near - MARGIN, self.width - MARGIN - far))
        fan_along = CENTRE + slide(layout.fan_along, FAN_ROOM)
        return Elements(
            rays=int(table_value(RAY_COUNTS, base_scale)),
            bow=0.0,
            lines=(near + shift, far + shift),
            span=(layout.start, layout.end),
            fan=(fan_along, CENTRE + shift + slide(layout.fan_across, far - near - 2 * FAN_CLEARANCE)),
            turn=layout.fan_turn,
            ink=layout.ink,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, rays=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, bow=BOW_PER_STRENGTH * (strength - 1.0))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        cx, cy = self._place(*elements.fan)
        reach = math.hypot(self.width, self.height)  # past the edges from any point of the canvas
        for index in range(elements.rays):
            angle = 2 * math.pi * (index + elements.turn) / elements.rays
            end = (cx + reach * math.cos(angle), cy + reach * math.sin(angle))
            line(canvas, (cx, cy), end, color=elements.ink, width=1)
        for across, away in zip(elements.lines, (-1, 1), strict=True):
            polyline(canvas, self._curve(elements, across, away * elements.bow), width=3)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        x0, y0 = self._place(elements.span[0], elements.lines[0])
        x1, y1 = self._place(elements.span[1], elements.lines[1])
        rect(canvas, x0, y0, x1 - x0, y1 - y0, fill=GUIDE_COLOR)

    def _place(self, along: float, across: float) -> Point:
        """Image point of a position along / across the test lines."""
        return (across, along) if self.vertical else (along, across)

    def _curve(self, elements: Elements, across: float, depth: float) -> list[Point]:
        """A test line whose midpoint is displaced by `depth` px across it, parabolically, ends fixed."""
        start, end = elements.span
        t = np.linspace(0.0, 1.0, CURVE_POINTS)
        alongs = start + t * (end - start)
        acrosses = across + depth * (1.0 - (2.0 * t - 1.0) ** 2)
        return [self._place(float(a), float(c)) for a, c in zip(alongs, acrosses, strict=True)]


CASE = Hering()
