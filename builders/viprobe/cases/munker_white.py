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

A fresh edition draws the stripes' height, the bars' width and height, how far
in from the sides each stands, and whether the figure is mirrored (the bar in light stripes on
the left) or flipped (a light stripe on top); the bar seen in the dark stripes is
always the one the strength changes.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas
from builders.illusions.color import RGB
from builders.illusions.layout import EITHER, Uniform, free
from builders.illusions.shapes import rect
from builders.viprobe.cases import simultaneous_contrast
from builders.viprobe.cases.simultaneous_contrast import Elements, SimultaneousContrast

BAR_COLOR: RGB = (0.65, 0.65, 0.35)
STRIPE = 32


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(simultaneous_contrast.Layout):
    """Case 13's mirror; no fields' split, squares' side or row (stripes fill the canvas)."""

    mirror: bool = free(False, meaning="mirrored: the bar in light stripes on the left", draw=EITHER)
    flip: bool = free(False, meaning="flipped: a light stripe on top", draw=EITHER)
    split: float = 0.5
    side: float = 128
    down: float = 0.5
    stripe: float = free(STRIPE, meaning="stripe height", draw=Uniform(18, 44, " px", 0))
    bar: float = free(128, meaning="bar width", draw=Uniform(64, 140, " px", 0))
    inset: float = free(
        0.25, meaning="left bar's distance from the side, over the width", draw=Uniform(0.16, 0.3, "", 3)
    )
    right_inset: float = free(
        0.25, meaning="right bar's distance from the side, over the width", draw=Uniform(0.16, 0.3, "", 3)
    )
    above: float = free(0, meaning="space above the bars", draw=Uniform(0, 64, " px", 0))
    below: float = free(0, meaning="space below the bars", draw=Uniform(0, 64, " px", 0))


class MunkerWhite(SimultaneousContrast):
    number = 14
    name = "munker_white"
    title = "Munker-White"
    question = "Are the two rectangle the same color?"
    reversed_question = "Are the two rectangle different colors?"
    layout_class = Layout
    target_color = BAR_COLOR
    guide_thickness = 40

    def elements(
        self, base_scale: float, layout: simultaneous_contrast.Layout, rng: random.Random
    ) -> Elements:
        elements = super().elements(base_scale, layout, rng)
        top, bottom = layout.above, self.height - layout.below
        return dataclasses.replace(
            elements,
            centres=(round(self.width * layout.inset), self.width - round(self.width * layout.right_inset)),
            size=2 * round(layout.bar / 2),  # even, so the bars' edges fall on whole pixels
            row=(top + bottom) // 2,
            stripe=layout.stripe,
            span=(top, bottom),
        )

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        """Release layering: dark stripes, left bar, light stripes, right bar, right-half dark stripes."""
        (left, right), bar_width, stripe = elements.centres, elements.size, elements.stripe
        dark_rows = [index * 2 * stripe for index in range(int(self.height // (2 * stripe)) + 1)]
        dark_rows = [y for y in dark_rows if y < self.height]
        if elements.inducers is not None:
            for y in dark_rows:
                rect(canvas, 0, y, self.width, stripe, fill=elements.inducers[0])
        top, bottom = elements.span
        rect(canvas, left - bar_width / 2, top, bar_width, bottom - top, fill=elements.left)
        if elements.inducers is not None:
            for y in dark_rows:
                rect(canvas, 0, y + stripe, self.width, stripe, fill=elements.inducers[1])
        rect(canvas, right - bar_width / 2, top, bar_width, bottom - top, fill=elements.right)
        if elements.inducers is not None:
            for y in dark_rows:
                rect(canvas, self.width / 2, y, self.width / 2, stripe, fill=elements.inducers[0])


CASE = MunkerWhite()
