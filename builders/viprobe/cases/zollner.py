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

A fresh edition draws how many hash marks cross each line, their angle, length
and dark colour, where the lines start and end, the stack's place across them,
and whether the figure is mirrored (every mark leaning the other way, and every
tilt with it); the red lines keep their count and spacing.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import ClassVar

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import BLACK, DARK_INKS, EITHER, PLACE, Choice, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import line, table_value

#: Red line count per base scale, 0.5 to 1.5 in steps of 0.05 (release table).
LINE_COUNTS = tuple(range(5, 26))
HASHES_PER_LINE = 10
HASH_LENGTH = 20
#: Tilt in degrees per unit of (s − 1).
TILT_PER_STRENGTH = 3
GUIDE_COLOR = (0.5, 0.5, 0.5)
RED = (1.0, 0.0, 0.0)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: every mark leans the other way", draw=EITHER)
    hashes: int = free(
        HASHES_PER_LINE, meaning="hash marks per line", draw=Choice((6, 7, 8, 9, 10, 11, 12, 14))
    )
    hash_angle: float = free(45, meaning="hash marks' angle to the line", draw=Uniform(30, 60, "°", 1))
    hash_length: float = free(
        HASH_LENGTH, meaning="hash mark length, less where marks would touch", draw=Uniform(14, 30, " px", 1)
    )
    start: float = free(50, meaning="where the lines start", draw=Uniform(12, 90, " px", 1))
    end: float = free(462, meaning="where they end", draw=Uniform(422, 500, " px", 1))
    across: float = free(0.5, meaning="stack's place across the lines, within one spacing", draw=PLACE)
    ink: str = free(BLACK, meaning="hash mark colour", draw=DARK_INKS)


@dataclasses.dataclass(frozen=True)
class Elements:
    lines: int
    hashes: int  # per line; 0 in the control
    tilt: float  # degrees: even lines turn one way, odd lines the other
    span: tuple[float, float] = (50, 462)  # where each red line starts and ends along its length
    offset: float = 0  # the whole stack's shift across the lines
    hash_angle: float = 45  # degrees
    hash_length: float = HASH_LENGTH
    ink: str = BLACK


class Zollner(IllusionCase[Elements, Layout]):
    number = 21
    name = "zollner"
    title = "Zöllner"
    category = "orientation"
    width = 512
    height = 512
    question = "Are the those red lines straight?"
    reversed_question = "Are the those red lines tilted?"
    guide_first = True
    layout_class = Layout
    #: Whether the red lines run top to bottom (the vertical twin).
    vertical: ClassVar[bool] = False
    #: Across-offset per unit along for a positive tilt: horizontal lines rise to the right
    #: (y falls), vertical ones lean with their top to the left (x grows downwards).
    tilt_sign: ClassVar[int] = -1

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        lines = int(table_value(LINE_COUNTS, base_scale))
        spacing = 512 // (lines + 1)
        # A mark reaches at most 0.4 of the way to the next line and of the way to the next mark.
        angle = math.radians(layout.hash_angle)
        along = (layout.end - layout.start) / (layout.hashes + 1)
        length = min(layout.hash_length, 0.8 * spacing / math.sin(angle), 0.8 * along / math.cos(angle))
        return Elements(
            lines=lines,
            hashes=layout.hashes,
            tilt=0.0,
            span=(layout.start, layout.end),
            offset=slide(layout.across, spacing),
            hash_angle=layout.hash_angle,
            hash_length=length,
            ink=layout.ink,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, hashes=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, tilt=TILT_PER_STRENGTH * (strength - 1.0))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        start, end = elements.span
        half = elements.hash_length / 2
        angle = math.radians(elements.hash_angle)
        for index in range(elements.lines):
            ends = self._on_line(elements, index, start), self._on_line(elements, index, end)
            line(canvas, *ends, color=RED, width=2)
            # Image-space hash direction: "\" on even lines, "/" on odd ones, whatever the orientation.
            dx, dy = half * math.cos(angle), half * math.sin(angle) * (1 if index % 2 == 0 else -1)
            if self.vertical:  # the mark's angle is to its line: measured from the vertical here
                dx, dy = abs(dy), math.copysign(dx, dy)
            for mark in range(elements.hashes):
                along = start + (mark + 1) / (elements.hashes + 1) * (end - start)
                x, y = self._on_line(elements, index, along)
                line(canvas, (x - dx, y - dy), (x + dx, y + dy), color=elements.ink, width=1)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        extent = self.height if self.vertical else self.width
        for index in (0, elements.lines - 1):
            across = self._across(elements, index)
            ends = self._place(0, across), self._place(extent, across)
            line(canvas, *ends, color=GUIDE_COLOR, width=1, dashed=True)

    def _across(self, elements: Elements, index: int) -> float:
        """Position of line `index` across the lines (y for horizontal lines): even integer spacing."""
        extent = self.width if self.vertical else self.height
        return extent // (elements.lines + 1) * (index + 1) + elements.offset

    def _on_line(self, elements: Elements, index: int, along: float) -> Point:
        """Image point of red line `index` at `along`: tilted about the line's midpoint."""
        start, end = elements.span
        turn = elements.tilt if index % 2 == 0 else -elements.tilt
        slope = self.tilt_sign * math.tan(math.radians(turn))
        return self._place(along, self._across(elements, index) + slope * (along - (start + end) / 2))

    def _place(self, along: float, across: float) -> Point:
        """Image point of a position along / across the red lines."""
        return (across, along) if self.vertical else (along, across)


CASE = Zollner()
