"""Case 14, Munker-White: equal olive bars look lighter set in dark stripes than set in light ones.

Case 13 with stripes for fields. Horizontal stripes 32 px tall alternate dark
HSB (h, .43, .26) and light (h, .43, 1.0) from the top of the 512x256 canvas,
h = hue_shift(base_scale); the canvas under them is black. Two full-height bars
128 px wide, olive (0.65, 0.65, 0.35), are centred at a quarter and three
quarters of the width. The left bar shows only where it lies in dark stripes
(light stripes cover it), the right bar only in light stripes (the dark stripes
of the right half cover it). Perturbation scales the left bar's HSB brightness
by s; the control drops the stripes (two whole bars on black); the guide is a
40 px bar in the left bar's colour joining the two centres.
"""

from __future__ import annotations

from builders.core.svg import Canvas
from builders.illusions.color import RGB
from builders.illusions.shapes import rect
from builders.viprobe.cases.simultaneous_contrast import Elements, SimultaneousContrast

BAR_COLOR: RGB = (0.65, 0.65, 0.35)
STRIPE = 32


class MunkerWhite(SimultaneousContrast):
    number = 14
    name = "munker_white"
    title = "Munker-White"
    question = "Are the two rectangle the same color?"
    reversed_question = "Are the two rectangle different colors?"
    target_color = BAR_COLOR
    guide_thickness = 40

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        """Release layering: dark stripes, left bar, light stripes, right bar, right-half dark stripes."""
        (left, right), bar_width = self._centres(), self.width / 4
        dark_rows = range(0, self.height, 2 * STRIPE)
        if elements.inducers is not None:
            for y in dark_rows:
                rect(canvas, 0, y, self.width, STRIPE, fill=elements.inducers[0])
        rect(canvas, left - bar_width / 2, 0, bar_width, self.height, fill=elements.left)
        if elements.inducers is not None:
            for y in dark_rows:
                rect(canvas, 0, y + STRIPE, self.width, STRIPE, fill=elements.inducers[1])
        rect(canvas, right - bar_width / 2, 0, bar_width, self.height, fill=elements.right)
        if elements.inducers is not None:
            for y in dark_rows:
                rect(canvas, self.width / 2, y, self.width / 2, STRIPE, fill=elements.inducers[0])


CASE = MunkerWhite()
