"""Case 15, Mach Band: uniform stripes on a lightness ramp look edged by illusory bright and dark lines.

Sixteen 32 px vertical stripes fill the 512x256 canvas; their colours step
through a CIELAB ramp from HSB (h, .43, .26) to (h, .43, 1.0), h = hue_shift(base_scale).
The original has no drawn boundaries, so its truthful answer is "no"; the
perturbation draws a real semi-transparent (alpha 0.1) white border of 3·s px
inside every stripe. The control separates the stripes by 2 px white gaps; the
release keeps the non-control label for it (the gaps are arguably boundaries),
and so do we. The guide is a 30 px bar along the top showing the smooth ramp.

A fresh edition draws how many stripes there are (8, 16 or 32, so each stays a
whole number of pixels wide), how tall the band of stripes is and where it sits
on the white canvas, and whether the figure is mirrored (the ramp light on the
left).
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas, sub
from builders.illusions.color import hsb, hue_shift, lab_ramp
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Choice, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import Color, lab_gradient, rect

STRIPES = 16
GAP = 2
BORDER = 3
GUIDE_BAR = 30


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the ramp light on the left", draw=EITHER)
    stripes: int = free(STRIPES, meaning="stripes", draw=Choice((8, 16, 32)))
    band: float = free(1.0, meaning="stripes' length over the canvas's", draw=Uniform(0.55, 1.0, "", 3))
    place: float = free(0.5, meaning="place of the band of stripes", draw=PLACE)
    # Case 16's stack: fixed here, free there.
    narrowest: float = 512 / 8
    lean: float = 0.0


@dataclasses.dataclass(frozen=True)
class Elements:
    colors: tuple[tuple[float, float, float], ...]  # stripe colours, darkest first
    gap: float  # white space between adjacent stripes (the control)
    border: float  # width of the semi-transparent white border inside each stripe (the perturbation)
    extent: tuple[float, float] = (0, 256)  # where the stripes start and end along their length
    narrowest: float = 512 / 8  # case 16: the top stripe's width ...
    lean: float = 0.0  # ... and how far the stack leans aside (-1 to 1 of the room)


class MachBand(IllusionCase[Elements, Layout]):
    number = 15
    name = "mach_band"
    title = "Mach Band"
    category = "color"
    question = "Is there an boundary in between every adjecent regions?"
    reversed_question = "Is there no boundary in between any adjecent regions?"
    original_answer = 0
    layout_class = Layout
    #: Opacity of the perturbation's white borders.
    border_alpha = 0.1

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        hue = hue_shift(base_scale)
        colors = lab_ramp(hsb(hue, 0.43, 0.26), hsb(hue, 0.43, 1.0), layout.stripes)
        full = self.height
        length = round(full * layout.band)
        start = round((full - length) / 2 + slide(layout.place, full - length))
        return Elements(
            colors=tuple(colors),
            gap=0,
            border=0,
            extent=(start, start + length),
            narrowest=layout.narrowest,
            lean=layout.lean,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, gap=GAP)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, border=BORDER * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        pitch = self.width / len(elements.colors)
        top, bottom = elements.extent
        for index, color in enumerate(elements.colors):
            x = index * pitch + elements.gap / 2
            self._stripe(canvas, (x, top, pitch - elements.gap, bottom - top), color, elements.border)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        fill = lab_gradient(canvas, "mach-ramp", elements.colors[0], elements.colors[-1])
        sub(canvas.root, "rect", x=0, y=elements.extent[0], width=self.width, height=GUIDE_BAR, fill=fill)

    def _stripe(
        self, canvas: Canvas, box: tuple[float, float, float, float], color: Color, border: float
    ) -> None:
        """A flat stripe and, if `border` > 0, a translucent white band of that width along its inner edge."""
        x, y, width, height = box
        rect(canvas, x, y, width, height, fill=color)
        if border > 0:
            sub(
                canvas.root,
                "rect",
                x=x + border / 2,
                y=y + border / 2,
                width=width - border,
                height=height - border,
                fill="none",
                stroke="#ffffff",
                stroke_width=border,
                stroke_opacity=self.border_alpha,
            )


CASE = MachBand()
