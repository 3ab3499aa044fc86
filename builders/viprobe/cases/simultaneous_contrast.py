"""Case 13, Simultaneous Contrast: equal grey squares look lighter on a dark field than on a light one.

Two 256x256 fields split the 512x256 canvas: left HSB (h, .43, .26), right
(h, .43, 1.0), h = hue_shift(base_scale); the canvas under them is black.
Grey (0.5) squares of 85 px (a third of a field) sit at the fields' centres.
Perturbation scales the left square's HSB brightness by s; the control drops
the fields (squares on black); the guide is a 10 px bar in the left square's
colour joining the two centres.
"""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar

from builders.core.svg import Canvas
from builders.illusions.color import RGB, hsb, hue_shift, scale_brightness
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import rect

SQUARE_COLOR: RGB = (0.5, 0.5, 0.5)


@dataclasses.dataclass(frozen=True)
class Elements:
    left: RGB  # the left target's colour
    right: RGB  # the right target's colour
    inducers: tuple[RGB, RGB] | None  # dark and light inducer colours; None in the control


class SimultaneousContrast(IllusionCase[Elements]):
    number = 13
    name = "simultaneous_contrast"
    title = "Simultaneous Contrast"
    category = "color"
    background = "#000000"
    question = "Are the two small squares of the same color?"
    reversed_question = "Are the two small squares of different colors?"
    #: Colour of both targets (here the squares) in originals.
    target_color: ClassVar[RGB] = SQUARE_COLOR
    #: Height of the guide bar joining the two target centres.
    guide_thickness: ClassVar[float] = 10

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        hue = hue_shift(base_scale)
        inducers = (hsb(hue, 0.43, 0.26), hsb(hue, 0.43, 1.0))
        return Elements(left=self.target_color, right=self.target_color, inducers=inducers)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, inducers=None)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left=scale_brightness(elements.left, strength))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        """The dark field left and the light one right, then a square at each field's centre."""
        half = self.width / 2
        if elements.inducers is not None:
            for x, color in zip((0, half), elements.inducers, strict=True):
                rect(canvas, x, 0, half, self.height, fill=color)
        side = self.height // 3
        for x, color in zip(self._centres(), (elements.left, elements.right), strict=True):
            rect(canvas, x - side // 2, self.height // 2 - side // 2, side, side, fill=color)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        left, right = self._centres()
        top = (self.height - self.guide_thickness) / 2
        rect(canvas, left, top, right - left, self.guide_thickness, fill=elements.left)

    def _centres(self) -> tuple[int, int]:
        """Columns of the two targets' centres, at a quarter and three quarters of the width."""
        return self.width // 4, self.width * 3 // 4


CASE = SimultaneousContrast()
