"""Case 3, Ponzo: between converging lines the upper (farther-looking) of two equal lines looks longer.

Two black lines (2 px) run from 10 px above the bottom, 150 px apart, to
10 px below the top, 40 px apart, centred; they never scale. Horizontal lines
are L = 80·base_scale px, 2 px wide, centred at a quarter and three quarters of
the height. Perturbation scales the top line (the bottom one is the reference);
the control drops the converging lines; the guide marks the top line's ends.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import line

MARGIN = 10
BOTTOM_SPAN, TOP_SPAN = 150, 40


@dataclasses.dataclass(frozen=True)
class Elements:
    top_length: float
    bottom_length: float
    context: bool  # the perspective inducer is drawn
    top_span: float = TOP_SPAN  # the converging lines' distance at the top (IllusionBench+ varies it)


class Ponzo(IllusionCase[Elements]):
    number = 3
    name = "ponzo"
    title = "Ponzo"
    category = "size"
    question = "Are the two horizontal black lines of equal length?"
    reversed_question = "Are the two horizontal black lines of different lengths?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        length = 80 * base_scale
        return Elements(top_length=length, bottom_length=length, context=True)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, context=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, top_length=elements.top_length * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        if elements.context:
            self._draw_context(canvas, elements)
        line(canvas, *self._ends(elements.top_length, self.height / 4))
        line(canvas, *self._ends(elements.bottom_length, self.height * 3 / 4))

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        for x, _ in self._ends(elements.top_length, 0):
            line(canvas, (x, 0), (x, self.height), color="#ff0000", width=1, dashed=True)

    def _draw_context(self, canvas: Canvas, elements: Elements) -> None:
        """The two converging lines along the sides of the perspective outline."""
        top_left, top_right, bottom_right, bottom_left = self._outline(elements.top_span)
        line(canvas, bottom_left, top_left)
        line(canvas, bottom_right, top_right)

    def _outline(self, top_span: float = TOP_SPAN) -> tuple[Point, Point, Point, Point]:
        """Corners of the perspective outline (narrow at the top), clockwise from top left."""
        middle, top, bottom = self.width / 2, MARGIN, self.height - MARGIN
        return (
            (middle - top_span / 2, top),
            (middle + top_span / 2, top),
            (middle + BOTTOM_SPAN / 2, bottom),
            (middle - BOTTOM_SPAN / 2, bottom),
        )

    def _ends(self, length: float, y: float) -> tuple[Point, Point]:
        return (self.width / 2 - length / 2, y), (self.width / 2 + length / 2, y)


CASE = Ponzo()
