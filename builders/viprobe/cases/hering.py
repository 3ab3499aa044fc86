"""Case 19, Hering: a fan of radial lines makes two straight horizontal lines look bowed apart.

On a 512 x 512 white canvas, 1 px black rays leave the centre at equal angles
and run past the edges; their number comes from the release's per-scale table
(6 at base scale 0.5 up to 46 at 1.5, step 2 per 0.05). Two 3 px black test
lines lie at y = 195 and y = 316 from x = 25 to x = 487. Perturbation bows
both lines by a parabola of midpoint depth 15·(s−1) px, the upper one up and
the lower one down (inwards for s < 1), ends fixed. The control drops the
rays; the guide, drawn under the illusion, is an opaque light-blue rectangle
filling the span between the straight line positions.
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
from builders.illusions.shapes import line, polyline, rect, table_value

#: Ray count per base scale, 0.5 to 1.5 in steps of 0.05 (release table).
RAY_COUNTS = tuple(range(6, 47, 2))
#: Midpoint bow in px per unit of (s − 1).
BOW_PER_STRENGTH = 15
GUIDE_COLOR = (0.7, 0.8, 1.0)
#: Polyline vertices per test line: smooth at 512 px, cheap to draw.
CURVE_POINTS = 65


@dataclasses.dataclass(frozen=True)
class Elements:
    rays: int  # 0 in the control
    bow: float  # px at the line midpoints; > 0 bows the two lines away from each other


class Hering(IllusionCase[Elements]):
    number = 19
    name = "hering"
    title = "Hering"
    category = "orientation"
    width = 512
    height = 512
    question = "Are the two horizontal lines straight?"
    reversed_question = "Are the two horizontal lines curved?"
    guide_first = True
    #: Positions of the two test lines across their length (y here), nearer-the-origin one first.
    lines: ClassVar[tuple[float, float]] = (195, 316)
    #: Extent of the test lines along their length (x here).
    span: ClassVar[tuple[float, float]] = (25, 487)
    #: Whether the test lines run top to bottom (the vertical twin).
    vertical: ClassVar[bool] = False

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        return Elements(rays=int(table_value(RAY_COUNTS, base_scale)), bow=0.0)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, rays=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, bow=BOW_PER_STRENGTH * (strength - 1.0))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        cx, cy = self.width / 2, self.height / 2
        reach = math.hypot(self.width, self.height)
        for index in range(elements.rays):
            angle = 2 * math.pi * index / elements.rays
            line(canvas, (cx, cy), (cx + reach * math.cos(angle), cy + reach * math.sin(angle)), width=1)
        for across, away in zip(self.lines, (-1, 1), strict=True):
            polyline(canvas, self._curve(across, away * elements.bow), width=3)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        x0, y0 = self._place(self.span[0], self.lines[0])
        x1, y1 = self._place(self.span[1], self.lines[1])
        rect(canvas, x0, y0, x1 - x0, y1 - y0, fill=GUIDE_COLOR)

    def _place(self, along: float, across: float) -> Point:
        """Image point of a position along / across the test lines."""
        return (across, along) if self.vertical else (along, across)

    def _curve(self, across: float, depth: float) -> list[Point]:
        """A test line whose midpoint is displaced by `depth` px across it, parabolically, ends fixed."""
        start, end = self.span
        t = np.linspace(0.0, 1.0, CURVE_POINTS)
        alongs = start + t * (end - start)
        acrosses = across + depth * (1.0 - (2.0 * t - 1.0) ** 2)
        return [self._place(float(a), float(c)) for a, c in zip(alongs, acrosses, strict=True)]


CASE = Hering()
