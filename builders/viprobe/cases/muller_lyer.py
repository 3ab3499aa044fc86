"""Case 1, Müller-Lyer: a line with tails (top) looks longer than one with arrowheads (bottom).

Lines are L = 200·base_scale px, 2 px wide, centred at a quarter and three
quarters of the height; fins are 20 px at 30°. Perturbation scales the bottom
line; the control drops the fins; the guide marks the top line's ends.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import line

FIN_ANGLE = math.radians(30)


@dataclasses.dataclass(frozen=True)
class Elements:
    top_length: float
    bottom_length: float
    fin_length: float


class MullerLyer(IllusionCase[Elements]):
    number = 1
    name = "muller_lyer"
    title = "Müller-Lyer"
    category = "size"
    question = "Are the two black lines of equal length?"
    reversed_question = "Are the two black lines of different lengths?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        length = 200 * base_scale
        return Elements(top_length=length, bottom_length=length, fin_length=20)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, fin_length=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, bottom_length=elements.bottom_length * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        self._arrow_line(canvas, elements.top_length, self.height / 4, elements.fin_length, outward=True)
        self._arrow_line(
            canvas, elements.bottom_length, self.height * 3 / 4, elements.fin_length, outward=False
        )

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        for x in self._ends(elements.top_length):
            line(canvas, (x, 0), (x, self.height), color="#ff0000", width=1, dashed=True)

    def _ends(self, length: float) -> tuple[float, float]:
        left = (self.width - length) / 2
        return left, left + length

    def _arrow_line(self, canvas: Canvas, length: float, y: float, fin: float, outward: bool) -> None:
        """A horizontal line with fins at both ends: tails (>—<) if `outward`, arrowheads (<—>) if not."""
        left, right = self._ends(length)
        line(canvas, (left, y), (right, y))
        if fin <= 0:
            return
        dx, dy = fin * math.cos(FIN_ANGLE), fin * math.sin(FIN_ANGLE)
        for end, away in ((left, -1), (right, 1)):
            reach = end + away * dx if outward else end - away * dx
            for sign in (-1, 1):
                line(canvas, (end, y), (reach, y + sign * dy))


CASE = MullerLyer()
