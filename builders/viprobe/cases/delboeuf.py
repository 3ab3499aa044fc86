"""Case 7, Delboeuf: a disc in a tight ring looks larger than one in a wide ring.

Two black discs of radius R = 30·base_scale px sit at a quarter and three
quarters of the width on the middle row. Each wears a 1 px black ring: 2.0·R
around the left disc, 1.3·R around the right one. Perturbation scales the
right disc and, keeping the ratio, its ring; the control drops both rings;
the guide is a pair of gray dashed horizontals at the left disc's top and bottom.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import circle, line

LEFT_RING = 2.0
RIGHT_RING = 1.3
RING_WIDTH = 1.0
GUIDE_GRAY = (0.5, 0.5, 0.5)


@dataclasses.dataclass(frozen=True)
class Elements:
    left_radius: float
    right_radius: float
    rings: bool
    left_ring: float = LEFT_RING  # ring radius over disc radius (IllusionBench+ varies them)
    right_ring: float = RIGHT_RING


class Delboeuf(IllusionCase[Elements]):
    number = 7
    name = "delboeuf"
    title = "Delboeuf"
    category = "size"
    question = "Are the two solid circles the same size?"
    reversed_question = "Are the two solid circles different sizes?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        radius = 30 * base_scale
        return Elements(left_radius=radius, right_radius=radius, rings=True)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, rings=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, right_radius=elements.right_radius * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        y = self.height / 2
        for x, radius, ratio in (
            (self.width / 4, elements.left_radius, elements.left_ring),
            (self.width * 3 / 4, elements.right_radius, elements.right_ring),
        ):
            if elements.rings:
                # The ring's outer edge lies at ratio·radius, as in the release's 1 px inner stroke.
                ring = ratio * radius - RING_WIDTH / 2
                circle(canvas, (x, y), ring, fill=None, stroke="#000000", width=RING_WIDTH)
            circle(canvas, (x, y), radius)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        y = self.height / 2
        for edge in (y - elements.left_radius, y + elements.left_radius):
            line(canvas, (0, edge), (self.width, edge), color=GUIDE_GRAY, width=1, dashed=True)


CASE = Delboeuf()
