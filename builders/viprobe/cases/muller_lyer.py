"""Case 1, Müller-Lyer: a line with tails (top) looks longer than one with arrowheads (bottom).

Lines are L = 200·base_scale px, 2 px wide, centred at a quarter and three
quarters of the height; fins are 20 px at 30°. Perturbation scales the bottom
line; the control drops the fins; the guide marks the top line's ends.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import ClassVar

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import line

FIN_ANGLE = math.radians(30)


@dataclasses.dataclass(frozen=True)
class Elements:
    top_length: float
    bottom_length: float
    inducer: float  # size of the end inducers (fin length, or circle radius in case 2); 0 in the control


class MullerLyer(IllusionCase[Elements]):
    number = 1
    name = "muller_lyer"
    title = "Müller-Lyer"
    category = "size"
    question = "Are the two black lines of equal length?"
    reversed_question = "Are the two black lines of different lengths?"
    #: Size of the inducers at the line ends: the fin length.
    inducer_size: ClassVar[float] = 20

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        length = 200 * base_scale
        return Elements(top_length=length, bottom_length=length, inducer=self.inducer_size)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, inducer=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, bottom_length=elements.bottom_length * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        for length, y, top in (
            (elements.top_length, self.height / 4, True),
            (elements.bottom_length, self.height * 3 / 4, False),
        ):
            left, right = self._ends(length)
            line(canvas, (left, y), (right, y))
            if elements.inducer > 0:
                self._inducers(canvas, (left, right), y, elements.inducer, top)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        for x in self._ends(elements.top_length):
            line(canvas, (x, 0), (x, self.height), color="#ff0000", width=1, dashed=True)

    def _ends(self, length: float) -> tuple[float, float]:
        left = (self.width - length) / 2
        return left, left + length

    def _inducers(self, canvas: Canvas, ends: tuple[float, float], y: float, fin: float, top: bool) -> None:
        """Fins at both ends of the line at `y`: tails (>—<) on the top line, arrowheads (<—>) below."""
        dx, dy = fin * math.cos(FIN_ANGLE), fin * math.sin(FIN_ANGLE)
        for end, away in zip(ends, (-1, 1), strict=True):
            reach = end + away * dx if top else end - away * dx
            for sign in (-1, 1):
                line(canvas, (end, y), (reach, y + sign * dy))


CASE = MullerLyer()
