"""Case 21, Zöllner: parallel red lines crossed by alternating hash marks look tilted.

On a 512 x 512 white canvas, N red 2 px horizontal lines run from x = 50 to
x = 462 at y = k·(512 // (N+1)), k = 1…N; N comes from the release's per-scale
table (5 at base scale 0.5 up to 25 at 1.5, one per 0.05). Each line carries
10 black 1 px hash marks, 20 px long, centred on it at k/11 of its length,
at 45° — leaning like "\\" on even lines and "/" on odd ones. Perturbation
turns each line about its midpoint by 3·(s−1)°, even lines counter-clockwise
and odd lines clockwise (the hash marks ride along, keeping their angle).
The control drops the hash marks; the guide, drawn under the illusion, is
two gray dashed 1 px lines across the canvas through the first and last
line positions.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import ClassVar

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import line, table_value

#: Red line count per base scale, 0.5 to 1.5 in steps of 0.05 (release table).
LINE_COUNTS = tuple(range(5, 26))
HASHES_PER_LINE = 10
HASH_LENGTH = 20
HASH_ANGLE = math.radians(45)
#: Tilt in degrees per unit of (s − 1).
TILT_PER_STRENGTH = 3
GUIDE_COLOR = (0.5, 0.5, 0.5)
RED = (1.0, 0.0, 0.0)


@dataclasses.dataclass(frozen=True)
class Elements:
    lines: int
    hashes: int  # per line; 0 in the control
    tilt: float  # degrees: even lines turn one way, odd lines the other


class Zollner(IllusionCase[Elements]):
    number = 21
    name = "zollner"
    title = "Zöllner"
    category = "orientation"
    width = 512
    height = 512
    question = "Are the those red lines straight?"
    reversed_question = "Are the those red lines tilted?"
    guide_first = True
    #: Extent of each red line along its length (x here).
    span: ClassVar[tuple[float, float]] = (50, 462)
    #: Whether the red lines run top to bottom (the vertical twin).
    vertical: ClassVar[bool] = False
    #: Across-offset per unit along for a positive tilt: horizontal lines rise to the right
    #: (y falls), vertical ones lean with their top to the left (x grows downwards).
    tilt_sign: ClassVar[int] = -1

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        return Elements(lines=int(table_value(LINE_COUNTS, base_scale)), hashes=HASHES_PER_LINE, tilt=0.0)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, hashes=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, tilt=TILT_PER_STRENGTH * (strength - 1.0))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        start, end = self.span
        half = HASH_LENGTH / 2
        for index in range(elements.lines):
            ends = self._on_line(elements, index, start), self._on_line(elements, index, end)
            line(canvas, *ends, color=RED, width=2)
            # Image-space hash direction: "\" on even lines, "/" on odd ones, whatever the orientation.
            dx, dy = half * math.cos(HASH_ANGLE), half * math.sin(HASH_ANGLE) * (1 if index % 2 == 0 else -1)
            for mark in range(elements.hashes):
                along = start + (mark + 1) / (elements.hashes + 1) * (end - start)
                x, y = self._on_line(elements, index, along)
                line(canvas, (x - dx, y - dy), (x + dx, y + dy), width=1)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        extent = self.height if self.vertical else self.width
        for index in (0, elements.lines - 1):
            across = self._across(elements, index)
            ends = self._place(0, across), self._place(extent, across)
            line(canvas, *ends, color=GUIDE_COLOR, width=1, dashed=True)

    def _across(self, elements: Elements, index: int) -> float:
        """Position of line `index` across the lines (y for horizontal lines): even integer spacing."""
        extent = self.width if self.vertical else self.height
        return extent // (elements.lines + 1) * (index + 1)

    def _on_line(self, elements: Elements, index: int, along: float) -> Point:
        """Image point of red line `index` at `along`: tilted about the line's midpoint."""
        start, end = self.span
        turn = elements.tilt if index % 2 == 0 else -elements.tilt
        slope = self.tilt_sign * math.tan(math.radians(turn))
        return self._place(along, self._across(elements, index) + slope * (along - (start + end) / 2))

    def _place(self, along: float, across: float) -> Point:
        """Image point of a position along / across the red lines."""
        return (across, along) if self.vertical else (along, across)


CASE = Zollner()
