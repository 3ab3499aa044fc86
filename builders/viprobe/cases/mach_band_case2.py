"""Case 16, Mach Band Case 2: the Mach-band ramp as stacked horizontal stripes widening into a trapezoid.

Sixteen 32 px tall stripes, centred, widen evenly from 64 px (top) to 512 px
(bottom) on a 512x512 canvas; colours, polarity, perturbation (white borders of
3·s px, here at alpha 0.15) and control (2 px white gaps, keeping the
non-control label as the release does) are those of case 15. The guide is a
30 px vertical bar down the left edge showing the smooth ramp.
"""

from __future__ import annotations

import numpy as np

from builders.core.svg import Canvas, sub
from builders.illusions.shapes import lab_gradient
from builders.viprobe.cases.mach_band import GUIDE_BAR, STRIPES, Elements, MachBand

#: Stripe widths, top to bottom: from an eighth of the canvas width to all of it.
WIDTHS = tuple(float(w) for w in np.linspace(512 / 8, 512, STRIPES))


class MachBandCase2(MachBand):
    number = 16
    name = "mach_band_case2"
    title = "Mach Band Case 2"
    height = 512
    border_alpha = 0.15

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        pitch = self.height / len(elements.colors)
        for index, (color, width) in enumerate(zip(elements.colors, WIDTHS, strict=True)):
            left = round((self.width - width) / 2)
            y = index * pitch + elements.gap / 2
            self._stripe(
                canvas, (left, y, self.width - 2 * left, pitch - elements.gap), color, elements.border
            )

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        fill = lab_gradient(canvas, "mach-ramp", elements.colors[0], elements.colors[-1], vertical=True)
        sub(canvas.root, "rect", x=0, y=0, width=GUIDE_BAR, height=self.height, fill=fill)


CASE = MachBandCase2()
