"""Case 12, Cornsweet: two equal grey discs on a dark-to-light ramp look unequal in lightness.

The 512x256 background is a CIELAB ramp, left to right, from HSB (h, .43, .20)
to (h, .43, .95) with h = hue_shift(base_scale); the canvas under it is black.
Discs of radius 17 (width / 30) sit at a quarter and three quarters of the
width, both grey 0.5. Perturbation scales the left disc's grey to 0.5·s; the
control drops the ramp (discs on black); the guide is a bar (radius / 1.5 thick)
in the left disc's grey joining the two centres.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas, sub
from builders.illusions.color import RGB, hsb, hue_shift
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import circle, lab_gradient, rect

GRAY = 0.5


@dataclasses.dataclass(frozen=True)
class Elements:
    left_gray: float
    right_gray: float
    radius: float
    ramp: tuple[RGB, RGB] | None  # the background ramp's left and right ends; None in the control


class Cornsweet(IllusionCase[Elements]):
    number = 12
    name = "cornsweet"
    title = "Cornsweet"
    category = "color"
    background = "#000000"
    question = "Are the two circles of the same color?"
    reversed_question = "Are the two circles of different colors?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        hue = hue_shift(base_scale)
        ramp = (hsb(hue, 0.43, 0.2), hsb(hue, 0.43, 0.95))
        return Elements(left_gray=GRAY, right_gray=GRAY, radius=self.width // 30, ramp=ramp)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, ramp=None)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left_gray=min(max(elements.left_gray * strength, 0.0), 1.0))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        if elements.ramp is not None:
            fill = lab_gradient(canvas, "cornsweet-ramp", *elements.ramp)
            sub(canvas.root, "rect", x=0, y=0, width=self.width, height=self.height, fill=fill)
        for x, gray in zip(self._centres(), (elements.left_gray, elements.right_gray), strict=True):
            circle(canvas, (x, self.height / 2), elements.radius, fill=(gray, gray, gray))

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        left, right = self._centres()
        thickness = elements.radius / 1.5
        gray = elements.left_gray
        rect(canvas, left, (self.height - thickness) / 2, right - left, thickness, fill=(gray, gray, gray))

    def _centres(self) -> tuple[float, float]:
        return self.width / 4, self.width * 3 / 4


CASE = Cornsweet()
