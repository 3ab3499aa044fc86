"""Case 12, Cornsweet: two equal grey discs on a dark-to-light ramp look unequal in lightness.

The 512x256 background is a CIELAB ramp, left to right, from HSB (h, .43, .20)
to (h, .43, .95) with h = hue_shift(base_scale); the canvas under it is black.
Discs of radius 17 (width / 30) sit at a quarter and three quarters of the
width, both grey 0.5. Perturbation scales the left disc's grey to 0.5·s; the
control drops the ramp (discs on black); the guide is a bar (radius / 1.5 thick)
in the left disc's grey joining the two centres.

A fresh edition draws the discs' size, how far in from the sides they sit, their
common row, and whether the figure is mirrored (the ramp light on the left); the
disc on the dark end is always the one the strength changes.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas, sub
from builders.illusions.color import RGB, hsb, hue_shift
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import circle, lab_gradient, rect

GRAY = 0.5
RADIUS = 512 // 30
MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the ramp light on the left", draw=EITHER)
    radius: float = free(RADIUS, meaning="disc radius", draw=Uniform(11, 30, " px", 1))
    inset: float = free(
        0.25, meaning="discs' distance from the sides, over the width", draw=Uniform(0.1, 0.38, "", 3)
    )
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)


@dataclasses.dataclass(frozen=True)
class Elements:
    left_gray: float
    right_gray: float
    radius: float
    ramp: tuple[RGB, RGB] | None  # the background ramp's left and right ends; None in the control
    centres: tuple[float, float] = (128, 384)  # the discs' columns
    row: float = 128


class Cornsweet(IllusionCase[Elements, Layout]):
    number = 12
    name = "cornsweet"
    title = "Cornsweet"
    category = "color"
    background = "#000000"
    question = "Are the two circles of the same color?"
    reversed_question = "Are the two circles of different colors?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        hue = hue_shift(base_scale)
        ramp = (hsb(hue, 0.43, 0.2), hsb(hue, 0.43, 0.95))
        return Elements(
            left_gray=GRAY,
            right_gray=GRAY,
            radius=layout.radius,
            ramp=ramp,
            centres=(round(self.width * layout.inset), self.width - round(self.width * layout.inset)),
            row=self.height / 2 + slide(layout.down, self.height - 2 * MARGIN - 2 * layout.radius),
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, ramp=None)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left_gray=min(max(elements.left_gray * strength, 0.0), 1.0))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        if elements.ramp is not None:
            fill = lab_gradient(canvas, "cornsweet-ramp", *elements.ramp)
            sub(canvas.root, "rect", x=0, y=0, width=self.width, height=self.height, fill=fill)
        for x, gray in zip(elements.centres, (elements.left_gray, elements.right_gray), strict=True):
            circle(canvas, (x, elements.row), elements.radius, fill=(gray, gray, gray))

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        left, right = elements.centres
        thickness = elements.radius / 1.5
        gray = elements.left_gray
        rect(canvas, left, elements.row - thickness / 2, right - left, thickness, fill=(gray, gray, gray))


CASE = Cornsweet()
