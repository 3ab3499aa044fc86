"""Case 18, Cornsweet Case 1: two equal halves meeting at a dark-light edge ramp look unequal.

The 512x512 canvas is split into two vertical bands of one colour, HSB
(0.5 + h, .5, .5) with h = hue_shift(base_scale). Over the 100 px next to the
centre line the left band darkens linearly by up to 0.3 (per RGB channel,
clipped) and the right band lightens by up to 0.3. Perturbation scales the
right band's RGB by s; the control shrinks the edge ramps to 5 px and 0.05
(as the release does, rather than removing them); the guide is a 40 px bar in
the left band's colour from a quarter to three quarters of the width.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from builders.core.svg import Canvas, sub
from builders.illusions.color import hsb, hue_shift
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import linear_gradient, rect

RGB = tuple[float, float, float]
RAMP_WIDTH, RAMP_CONTRAST = 100.0, 0.3
CONTROL_RAMP_WIDTH, CONTROL_RAMP_CONTRAST = 5.0, 0.05
GUIDE_THICKNESS = 40


def _clip(channels: Iterable[float]) -> RGB:
    r, g, b = (min(max(c, 0.0), 1.0) for c in channels)
    return r, g, b


def edge_ramp(color: RGB, start: float, end: float) -> list[tuple[float, RGB]]:
    """Gradient stops for `color` shifted by `start`..`end` along the ramp, clipped per channel.

    Clipping bends a channel's line where it meets 0 or 1, so a stop is added at each bend and the SVG
    gradient reproduces the clipped linear ramp exactly.

    >>> [(round(t, 2), c) for t, c in edge_ramp((0.1, 0.5, 0.5), 0.0, -0.2)]
    [(0.0, (0.1, 0.5, 0.5)), (0.5, (0.0, 0.4, 0.4)), (1.0, (0.0, 0.3, 0.3))]
    """
    bends = {0.0, 1.0}
    for channel in color:
        for limit in (0.0, 1.0):
            if start != end and 0.0 < (t := (limit - channel - start) / (end - start)) < 1.0:
                bends.add(t)
    return [(t, _clip(c + start + (end - start) * t for c in color)) for t in sorted(bends)]


@dataclasses.dataclass(frozen=True)
class Elements:
    left: RGB
    right: RGB
    ramp_width: float
    ramp_contrast: float


class CornsweetCase1(IllusionCase[Elements]):
    number = 18
    name = "cornsweet_case1"
    title = "Cornsweet Case 1"
    category = "color"
    height = 512
    question = "Are the two vertical bands of the same color?"
    reversed_question = "Are the two vertical bands of different colors?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        color = hsb(0.5 + hue_shift(base_scale), 0.5, 0.5)
        return Elements(left=color, right=color, ramp_width=RAMP_WIDTH, ramp_contrast=RAMP_CONTRAST)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(
            elements, ramp_width=CONTROL_RAMP_WIDTH, ramp_contrast=CONTROL_RAMP_CONTRAST
        )

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, right=_clip(c * strength for c in elements.right))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        half, width, contrast = self.width / 2, elements.ramp_width, elements.ramp_contrast
        rect(canvas, 0, 0, half, self.height, fill=elements.left)
        rect(canvas, half, 0, half, self.height, fill=elements.right)
        ramps = (
            ("cornsweet-left-ramp", half - width, edge_ramp(elements.left, 0.0, -contrast)),
            ("cornsweet-right-ramp", half, edge_ramp(elements.right, contrast, 0.0)),
        )
        for gradient_id, x, stops in ramps:
            fill = linear_gradient(canvas, gradient_id, stops)
            sub(canvas.root, "rect", x=x, y=0, width=width, height=self.height, fill=fill)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        top = (self.height - GUIDE_THICKNESS) / 2
        rect(canvas, self.width / 4, top, self.width / 2, GUIDE_THICKNESS, fill=elements.left)


CASE = CornsweetCase1()
