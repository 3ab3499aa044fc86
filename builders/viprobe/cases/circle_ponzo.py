"""Case 11, Circle Ponzo: a disc near the converging end of two rails looks larger.

Two black 2 px rails run from (50, 30) and (50, H − 30) towards a vanishing
point 100 px beyond the right edge on the middle row. Black discs of radius
R = 40·base_scale px sit on the middle row at a third (wide end) and two
thirds (narrow end) of the width. Perturbation scales the right disc; the
control drops the rails; the guide is a pair of gray dashed horizontals at
the right disc's top and bottom.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import circle, line

RAIL_START_X, RAIL_MARGIN = 50, 30
VANISHING_OFFSET = 100
GUIDE_GRAY = (0.5, 0.5, 0.5)


@dataclasses.dataclass(frozen=True)
class Elements:
    left_radius: float
    right_radius: float
    rails: bool


class CirclePonzo(IllusionCase[Elements]):
    number = 11
    name = "circle_ponzo"
    title = "Circle Ponzo"
    category = "size"
    question = "Are the two circles the same size?"
    reversed_question = "Are the two circles different sizes?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        radius = 40 * base_scale
        return Elements(left_radius=radius, right_radius=radius, rails=True)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, rails=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, right_radius=elements.right_radius * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        y = self.height / 2
        if elements.rails:
            vanishing = (self.width + VANISHING_OFFSET, y)
            for start_y in (RAIL_MARGIN, self.height - RAIL_MARGIN):
                line(canvas, (RAIL_START_X, start_y), vanishing)
        circle(canvas, (self.width / 3, y), elements.left_radius)
        circle(canvas, (self.width * 2 / 3, y), elements.right_radius)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        y = self.height / 2
        for edge in (y - elements.right_radius, y + elements.right_radius):
            line(canvas, (0, edge), (self.width, edge), color=GUIDE_GRAY, width=1, dashed=True)


CASE = CirclePonzo()
