"""Case 8, Oppel-Kundt: a filled (subdivided) span looks longer than an empty one.

Three black 2 px vertical markers, 100 px tall and centred on the middle row,
stand at x = W/2 − L, W/2 and W/2 + L with L = 100·base_scale px, labelled A,
B and C (DejaVu Sans, 13 px) 15 px below their feet. Seven more markers cut
B–C into eight equal parts. Perturbation scales B–C (C and the subdivisions
move); the control drops the subdivisions; the guide is short black markers
above A, B and C joined by a horizontal line along the top edge.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.fonts import SANS
from builders.core.svg import Canvas, sub
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import line

MARKER_HEIGHT = 100
DIVISIONS = 8
LABEL_SIZE = 13
LABEL_GAP = 15
GUIDE_TOP, GUIDE_HEIGHT = 10, 20


@dataclasses.dataclass(frozen=True)
class Elements:
    left_length: float  # A-B
    right_length: float  # B-C
    subdivided: bool


class OppelKundt(IllusionCase[Elements]):
    number = 8
    name = "oppel_kundt"
    title = "Oppel-Kundt"
    category = "size"
    question = "Are the distances between the vertical markers labeled A–B and B–C equal?"
    reversed_question = "Are the distances between the vertical markers labeled A–B and B–C different?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        length = 100 * base_scale
        return Elements(left_length=length, right_length=length, subdivided=True)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, subdivided=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, right_length=elements.right_length * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        top, bottom = (self.height - MARKER_HEIGHT) / 2, (self.height + MARKER_HEIGHT) / 2
        labels = canvas.group(font_family=SANS, font_size=LABEL_SIZE, fill="#000000", text_anchor="middle")
        for x, letter in zip(self._boundaries(elements), "ABC", strict=True):
            line(canvas, (x, top), (x, bottom))
            # Baseline placed so the capital's middle sits LABEL_GAP below the marker's foot.
            sub(labels, "text", letter, x=x, y=bottom + LABEL_GAP + 0.36 * LABEL_SIZE)
        if elements.subdivided:
            middle = self.width / 2
            for index in range(1, DIVISIONS):
                x = middle + elements.right_length * index / DIVISIONS
                line(canvas, (x, top), (x, bottom))

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        xs = self._boundaries(elements)
        for x in xs:
            line(canvas, (x, GUIDE_TOP), (x, GUIDE_TOP + GUIDE_HEIGHT))
        middle = GUIDE_TOP + GUIDE_HEIGHT / 2
        line(canvas, (xs[0], middle), (xs[-1], middle))

    def _boundaries(self, elements: Elements) -> tuple[float, float, float]:
        """x of markers A, B, C: B at the centre, A-B to its left, B-C to its right."""
        middle = self.width / 2
        return middle - elements.left_length, middle, middle + elements.right_length


CASE = OppelKundt()
