"""Case 15, Mach Band: uniform stripes on a lightness ramp look edged by illusory bright and dark lines.

Sixteen 32 px vertical stripes fill the 512x256 canvas; their colours step
through a CIELAB ramp from HSB (h, .43, .26) to (h, .43, 1.0), h = hue_shift(base_scale).
The original has no drawn boundaries, so its truthful answer is "no"; the
perturbation draws a real semi-transparent (alpha 0.1) white border of 3·s px
inside every stripe. The control separates the stripes by 2 px white gaps; the
release keeps the non-control label for it (the gaps are arguably boundaries),
and so do we. The guide is a 30 px bar along the top showing the smooth ramp.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas, sub
from builders.illusions.color import hsb, hue_shift, lab_ramp
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import Color, lab_gradient, rect

STRIPES = 16
GAP = 2
BORDER = 3
GUIDE_BAR = 30


@dataclasses.dataclass(frozen=True)
class Elements:
    colors: tuple[tuple[float, float, float], ...]  # stripe colours, darkest first
    gap: float  # white space between adjacent stripes (the control)
    border: float  # width of the semi-transparent white border inside each stripe (the perturbation)


class MachBand(IllusionCase[Elements]):
    number = 15
    name = "mach_band"
    title = "Mach Band"
    category = "color"
    question = "Is there an boundary in between every adjecent regions?"
    reversed_question = "Is there no boundary in between any adjecent regions?"
    original_answer = 0
    #: Opacity of the perturbation's white borders.
    border_alpha = 0.1

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        hue = hue_shift(base_scale)
        colors = lab_ramp(hsb(hue, 0.43, 0.26), hsb(hue, 0.43, 1.0), STRIPES)
        return Elements(colors=tuple(colors), gap=0, border=0)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, gap=GAP)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, border=BORDER * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        pitch = self.width / len(elements.colors)
        for index, color in enumerate(elements.colors):
            x = index * pitch + elements.gap / 2
            self._stripe(canvas, (x, 0, pitch - elements.gap, self.height), color, elements.border)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        fill = lab_gradient(canvas, "mach-ramp", elements.colors[0], elements.colors[-1])
        sub(canvas.root, "rect", x=0, y=0, width=self.width, height=GUIDE_BAR, fill=fill)

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
