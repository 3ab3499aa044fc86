"""Case 14, Munker-White: equal olive bars look lighter set in dark stripes than set in light ones.

Horizontal stripes 32 px tall alternate dark HSB (h, .43, .26) and light
(h, .43, 1.0) from the top of the 512x256 canvas, h = hue_shift(base_scale);
the canvas under them is black. Two full-height bars 128 px wide, olive
(0.65, 0.65, 0.35), are centred at a quarter and three quarters of the width.
The left bar shows only where it lies in dark stripes (light stripes cover
it), the right bar only in light stripes (the dark stripes of the right half
cover it). Perturbation scales the left bar's HSB brightness by s; the control
drops the stripes (two whole bars on black); the guide is a 40 px bar in the
left bar's colour joining the two centres.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas
from builders.illusions.color import RGB, hsb, hue_shift, scale_brightness
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import rect

BAR_COLOR: RGB = (0.65, 0.65, 0.35)
STRIPE = 32
GUIDE_THICKNESS = 40


@dataclasses.dataclass(frozen=True)
class Elements:
    left_bar: RGB
    right_bar: RGB
    stripes: tuple[RGB, RGB] | None  # dark and light stripe colours; None in the control


class MunkerWhite(IllusionCase[Elements]):
    number = 14
    name = "munker_white"
    title = "Munker-White"
    category = "color"
    background = "#000000"
    question = "Are the two rectangle the same color?"
    reversed_question = "Are the two rectangle different colors?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        hue = hue_shift(base_scale)
        stripes = (hsb(hue, 0.43, 0.26), hsb(hue, 0.43, 1.0))
        return Elements(left_bar=BAR_COLOR, right_bar=BAR_COLOR, stripes=stripes)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, stripes=None)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left_bar=scale_brightness(elements.left_bar, strength))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        """Release layering: dark stripes, left bar, light stripes, right bar, right-half dark stripes."""
        (left, right), bar_width = self._centres(), self.width / 4
        dark_rows = range(0, self.height, 2 * STRIPE)
        if elements.stripes is not None:
            for y in dark_rows:
                rect(canvas, 0, y, self.width, STRIPE, fill=elements.stripes[0])
        rect(canvas, left - bar_width / 2, 0, bar_width, self.height, fill=elements.left_bar)
        if elements.stripes is not None:
            for y in dark_rows:
                rect(canvas, 0, y + STRIPE, self.width, STRIPE, fill=elements.stripes[1])
        rect(canvas, right - bar_width / 2, 0, bar_width, self.height, fill=elements.right_bar)
        if elements.stripes is not None:
            for y in dark_rows:
                rect(canvas, self.width / 2, y, self.width / 2, STRIPE, fill=elements.stripes[0])

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        left, right = self._centres()
        top = (self.height - GUIDE_THICKNESS) / 2
        rect(canvas, left, top, right - left, GUIDE_THICKNESS, fill=elements.left_bar)

    def _centres(self) -> tuple[float, float]:
        return self.width / 4, self.width * 3 / 4


CASE = MunkerWhite()
