"""Case 9, Irradiation: a white square on black looks larger than a black square on white.

The left half of the canvas is black, the right half white. Squares of side
S = 100·base_scale px are centred at a quarter and three quarters of the
width on the middle row: white on the left, black on the right. Perturbation
scales the left square; the control drops the black half and paints the left
square black too (hence the control's own question); the guide is a pair of
red dashed horizontals at the left square's top and bottom.

A fresh edition draws where the black part ends and how tall it is, where each
square sits across its part (the largest perturbed one within it) and the squares' common row; the
question names the left and right squares, so the figure is never mirrored.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import line, rect
from builders.viprobe.params import HIGHEST

MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    split: float = free(
        0.5, meaning="where the black part ends, within the room the squares leave", draw=PLACE
    )
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)
    left_across: float = free(0.5, meaning="left square's place across its part", draw=PLACE)
    right_across: float = free(0.5, meaning="right square's place across its part", draw=PLACE)
    ground: float = free(1.0, meaning="black part's height, over the canvas's", draw=Uniform(0.6, 1.0, "", 3))


@dataclasses.dataclass(frozen=True)
class Elements:
    left_side: float
    right_side: float
    inverted: bool  # left part drawn white-on-black
    split: float = 256  # where the left (black) part ends
    middle: float = 128  # the squares' common middle row
    centres: tuple[float, float] = (128, 384)  # the squares' columns
    ground: tuple[float, float] = (0, 256)  # the black part's top and bottom rows


class Irradiation(IllusionCase[Elements, Layout]):
    number = 9
    name = "irradiation"
    title = "Irradiation"
    category = "size"
    question = "Are the left white square and the right black square equal in size?"
    reversed_question = "Are the left white square and the right black square different in size?"
    control_question = "Are the left black square and the right black square equal in size?"
    control_reversed_question = "Are the left black square and the right black square different in size?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        side = 100 * base_scale
        # The left part holds the largest perturbed square, the right part the fixed one.
        low, high = HIGHEST * side + 2 * MARGIN, self.width - side - 2 * MARGIN
        split = self.width / 2 + slide(layout.split, 2 * min(self.width / 2 - low, high - self.width / 2))
        # Each square slides within its part, the left one as far as its largest perturbed size allows.
        left = split // 2 + slide(layout.left_across, split - 2 * MARGIN - HIGHEST * side)
        right = (split + self.width) // 2 + slide(layout.right_across, self.width - split - 2 * MARGIN - side)
        middle = self.height / 2 + slide(layout.down, self.height - 2 * MARGIN - HIGHEST * side)
        # The black part spans the rows about the squares' that it is drawn to hold, and at least the
        # largest perturbed square and a margin.
        height = min(self.height, max(round(self.height * layout.ground), HIGHEST * side + 2 * MARGIN))
        top = min(max(middle - height // 2, 0), self.height - height)
        return Elements(
            left_side=side,
            right_side=side,
            inverted=True,
            split=split,
            middle=middle,
            centres=(left, right),
            ground=(top, top + height),
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, inverted=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left_side=elements.left_side * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        if elements.inverted:
            top, bottom = elements.ground
            rect(canvas, 0, top, elements.split, bottom - top, fill="#000000")
        left_fill = "#ffffff" if elements.inverted else "#000000"
        left, right = elements.centres
        for x, side, fill in ((left, elements.left_side, left_fill), (right, elements.right_side, "#000000")):
            rect(canvas, x - side / 2, elements.middle - side / 2, side, side, fill=fill)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        y = elements.middle
        for edge in (y - elements.left_side / 2, y + elements.left_side / 2):
            line(canvas, (0, edge), (self.width, edge), color="#ff0000", width=1, dashed=True)


CASE = Irradiation()
