"""Case 2, Circle Müller-Lyer: hollow circles inside a line's ends (top) or on them (bottom) bias its length.

Lines are L = 200·base_scale px, 2 px wide, centred at a quarter and three
quarters of the height. Each end carries a hollow circle of radius 20 px (2 px
ring, fixed): on the top line it sits inside the line, tangent to the end; on
the bottom line it is centred on the end. Perturbation scales the bottom line;
the control drops the circles; the guide marks the top line's ends.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import circle, line

CIRCLE_RADIUS = 20


@dataclasses.dataclass(frozen=True)
class Elements:
    top_length: float
    bottom_length: float
    circle_radius: float


class CircleMullerLyer(IllusionCase[Elements]):
    number = 2
    name = "circle_muller_lyer"
    title = "Circle Müller-Lyer"
    category = "size"
    question = "Are the two black lines of equal length?"
    reversed_question = "Are the two black lines of different lengths?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        length = 200 * base_scale
        return Elements(top_length=length, bottom_length=length, circle_radius=CIRCLE_RADIUS)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, circle_radius=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, bottom_length=elements.bottom_length * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        radius = elements.circle_radius
        self._circled_line(canvas, elements.top_length, self.height / 4, radius, inside=True)
        self._circled_line(canvas, elements.bottom_length, self.height * 3 / 4, radius, inside=False)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        for x in self._ends(elements.top_length):
            line(canvas, (x, 0), (x, self.height), color="#ff0000", width=1, dashed=True)

    def _ends(self, length: float) -> tuple[float, float]:
        left = (self.width - length) / 2
        return left, left + length

    def _circled_line(self, canvas: Canvas, length: float, y: float, radius: float, inside: bool) -> None:
        """A horizontal line with a hollow circle per end: inside it, touching the end, or centred on it."""
        left, right = self._ends(length)
        line(canvas, (left, y), (right, y))
        if radius <= 0:
            return
        shift = radius if inside else 0
        for x in (left + shift, right - shift):
            circle(canvas, (x, y), radius, fill=None, stroke="#000000", width=2)


CASE = CircleMullerLyer()
