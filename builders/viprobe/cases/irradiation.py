"""Case 9, Irradiation: a white square on black looks larger than a black square on white.

The left half of the canvas is black, the right half white. Squares of side
S = 100·base_scale px are centred at a quarter and three quarters of the
width on the middle row: white on the left, black on the right. Perturbation
scales the left square; the control drops the black half and paints the left
square black too (hence the control's own question); the guide is a pair of
red dashed horizontals at the left square's top and bottom.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import line, rect


@dataclasses.dataclass(frozen=True)
class Elements:
    left_side: float
    right_side: float
    inverted: bool  # left half drawn white-on-black


class Irradiation(IllusionCase[Elements]):
    number = 9
    name = "irradiation"
    title = "Irradiation"
    category = "size"
    question = "Are the left white square and the right black square equal in size?"
    reversed_question = "Are the left white square and the right black square different in size?"
    control_question = "Are the left black square and the right black square equal in size?"
    control_reversed_question = "Are the left black square and the right black square different in size?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        side = 100 * base_scale
        return Elements(left_side=side, right_side=side, inverted=True)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, inverted=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left_side=elements.left_side * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        if elements.inverted:
            rect(canvas, 0, 0, self.width / 2, self.height, fill="#000000")
        left_fill = "#ffffff" if elements.inverted else "#000000"
        for x, side, fill in (
            (self.width / 4, elements.left_side, left_fill),
            (self.width * 3 / 4, elements.right_side, "#000000"),
        ):
            rect(canvas, x - side / 2, (self.height - side) / 2, side, side, fill=fill)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        y = self.height / 2
        for edge in (y - elements.left_side / 2, y + elements.left_side / 2):
            line(canvas, (0, edge), (self.width, edge), color="#ff0000", width=1, dashed=True)


CASE = Irradiation()
