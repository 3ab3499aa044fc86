"""Case 16, Mach Band Case 2: the Mach-band ramp as stacked horizontal stripes widening into a trapezoid.

Sixteen 32 px tall stripes, centred, widen evenly from 64 px (top) to 512 px
(bottom) on a 512x512 canvas; colours, polarity, perturbation (white borders of
3·s px, here at alpha 0.15) and control (2 px white gaps, keeping the
non-control label as the release does) are those of case 15. The guide is a
30 px vertical bar down the left edge showing the smooth ramp.

A fresh edition draws how many stripes there are (8, 16 or 32), how wide the
narrowest one is, how far the stack leans to one side, and whether the figure
is upside down (the narrow end at the bottom).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from builders.core.svg import Canvas, sub
from builders.illusions.layout import EITHER, Uniform, free
from builders.illusions.shapes import lab_gradient
from builders.viprobe.cases import mach_band
from builders.viprobe.cases.mach_band import GUIDE_BAR, Elements, MachBand

#: The narrowest (top) stripe's width: an eighth of the canvas width.
NARROWEST = 512 / 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(mach_band.Layout):
    """Case 15's stripe count; the stack fills the canvas, so no band length or place, and no mirror."""

    mirror: bool = False
    flip: bool = free(False, meaning="upside down: the narrow end at the bottom", draw=EITHER)
    band: float = 1.0
    place: float = 0.5
    narrowest: float = free(NARROWEST, meaning="narrowest stripe's width", draw=Uniform(24, 220, " px", 1))
    lean: float = free(
        0.0, meaning="how far the narrow end leans aside, over the room", draw=Uniform(-1, 1, "", 3)
    )


class MachBandCase2(MachBand):
    number = 16
    name = "mach_band_case2"
    title = "Mach Band Case 2"
    height = 512
    border_alpha = 0.15
    layout_class = Layout

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        count = len(elements.colors)
        pitch = self.height / count
        widths = np.linspace(elements.narrowest, self.width, count)
        for index, (color, width) in enumerate(zip(elements.colors, widths, strict=True)):
            # The stack leans by up to the room each stripe leaves, less towards the widest one.
            shift = elements.lean * (self.width - float(width)) / 2
            left = round((self.width - float(width)) / 2 + shift)
            y = index * pitch + elements.gap / 2
            span = round(float(width)) if shift else self.width - 2 * left
            self._stripe(canvas, (left, y, span, pitch - elements.gap), color, elements.border)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        fill = lab_gradient(canvas, "mach-ramp", elements.colors[0], elements.colors[-1], vertical=True)
        sub(canvas.root, "rect", x=0, y=0, width=GUIDE_BAR, height=self.height, fill=fill)


CASE = MachBandCase2()
