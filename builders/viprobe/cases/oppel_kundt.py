"""Case 8, Oppel-Kundt: a filled (subdivided) span looks longer than an empty one.

Three black 2 px vertical markers, 100 px tall and centred on the middle row,
stand at x = W/2 − L, W/2 and W/2 + L with L = 100·base_scale px, labelled A,
B and C (DejaVu Sans, 13 px) 15 px below their feet. Seven more markers cut
B–C into eight equal parts. Perturbation scales B–C (C and the subdivisions
move); the control drops the subdivisions; the guide is short black markers
above A, B and C joined by a horizontal line along the top edge.

A fresh edition draws which span is subdivided (B–C or A–B; the labels read
A, B, C from the left either way), into how many parts, the markers' height and
the figure's place; the subdivided span is always the one the strength changes.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.fonts import SANS
from builders.core.svg import Canvas, sub
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Choice, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import line
from builders.viprobe.params import HIGHEST

MARKER_HEIGHT = 100
DIVISIONS = 8
LABEL_SIZE = 13
LABEL_GAP = 15
GUIDE_TOP, GUIDE_HEIGHT = 10, 20
MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    filled_left: bool = free(False, meaning="A–B subdivided instead of B–C", draw=EITHER)
    parts: int = free(DIVISIONS, meaning="parts of the subdivided span", draw=Choice((5, 6, 7, 8, 9, 10)))
    height: float = free(MARKER_HEIGHT, meaning="marker height", draw=Uniform(60, 130, " px", 0))
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)


@dataclasses.dataclass(frozen=True)
class Elements:
    left_length: float  # A-B
    right_length: float  # B-C
    subdivided: bool
    filled_left: bool = False  # A-B is the subdivided (and perturbed) span, not B-C
    parts: int = DIVISIONS
    height: float = MARKER_HEIGHT
    centre: tuple[float, float] = (256, 128)  # marker B's column and the markers' middle row


class OppelKundt(IllusionCase[Elements, Layout]):
    number = 8
    name = "oppel_kundt"
    title = "Oppel-Kundt"
    category = "size"
    question = "Are the distances between the vertical markers labeled A–B and B–C equal?"
    reversed_question = "Are the distances between the vertical markers labeled A–B and B–C different?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        length = 100 * base_scale
        # B slides as far as a span of 1.5 L on either side of it allows.
        across = slide(layout.across, self.width - 2 * MARGIN - 2 * HIGHEST * length)
        # Above the markers the guide's band, below them the labels: 180 px hold both and the markers.
        down = slide(layout.down, 180 - 2 * round(layout.height / 2))
        return Elements(
            left_length=length,
            right_length=length,
            subdivided=True,
            filled_left=layout.filled_left,
            parts=layout.parts,
            height=2 * round(layout.height / 2),  # even: the feet and labels on the release's pixel grid
            centre=(self.width / 2 + across, self.height / 2 + down),
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, subdivided=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        if elements.filled_left:
            return dataclasses.replace(elements, left_length=elements.left_length * strength)
        return dataclasses.replace(elements, right_length=elements.right_length * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        middle = elements.centre[1]
        top, bottom = middle - elements.height / 2, middle + elements.height / 2
        labels = canvas.group(font_family=SANS, font_size=LABEL_SIZE, fill="#000000", text_anchor="middle")
        a, b, c = self._boundaries(elements)
        for x, letter in zip((a, b, c), "ABC", strict=True):
            line(canvas, (x, top), (x, bottom))
            # Baseline placed so the capital's middle sits LABEL_GAP below the marker's foot.
            sub(labels, "text", letter, x=x, y=bottom + LABEL_GAP + 0.36 * LABEL_SIZE)
        if elements.subdivided:
            start, span = (a, elements.left_length) if elements.filled_left else (b, elements.right_length)
            for index in range(1, elements.parts):
                x = start + span * index / elements.parts
                line(canvas, (x, top), (x, bottom))

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        xs = self._boundaries(elements)
        for x in xs:
            line(canvas, (x, GUIDE_TOP), (x, GUIDE_TOP + GUIDE_HEIGHT))
        middle = GUIDE_TOP + GUIDE_HEIGHT / 2
        line(canvas, (xs[0], middle), (xs[-1], middle))

    def _boundaries(self, elements: Elements) -> tuple[float, float, float]:
        """x of markers A, B, C: B at the centre, A-B to its left, B-C to its right."""
        middle = elements.centre[0]
        return middle - elements.left_length, middle, middle + elements.right_length


CASE = OppelKundt()
