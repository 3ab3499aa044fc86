"""Case 18, Cornsweet Case 1: two equal halves meeting at a dark-light edge ramp look unequal.

The 512x512 canvas is split into two vertical bands of one colour, HSB
(0.5 + h, .5, .5) with h = hue_shift(base_scale). Over the 100 px next to the
centre line the left band darkens linearly by up to 0.3 (per RGB channel,
clipped) and the right band lightens by up to 0.3. Perturbation scales the
right band's RGB by s; the control shrinks the edge ramps to 5 px and 0.05
(as the release does, rather than removing them); the guide is a 40 px bar in
the left band's colour from a quarter to three quarters of the width.

A fresh edition draws where the bands meet, a frame around them (equal at the
sides, each band keeping as much of it; its grey drawn from four), the bar's
row, and whether the figure is mirrored (the lightened band on the left); the
lightened band is always the one the strength changes.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from builders.core.svg import Canvas, sub
from builders.illusions.color import hsb, hue_shift
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Choice, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import linear_gradient, rect

RGB = tuple[float, float, float]
RAMP_WIDTH, RAMP_CONTRAST = 100.0, 0.3
CONTROL_RAMP_WIDTH, CONTROL_RAMP_CONTRAST = 5.0, 0.05
GUIDE_THICKNESS = 40
FLAT = 40
#: Frame greys a fresh edition picks from: white, light, mid and dark grey.
FRAMES = ("#ffffff", "#d9d9d9", "#8c8c8c", "#333333")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the lightened band on the left", draw=EITHER)
    split: float = free(0.5, meaning="where the bands meet, within the room the ramps leave", draw=PLACE)
    side_frame: float = free(0, meaning="frame at each side", draw=Uniform(0, 70, " px", 0))
    top_frame: float = free(0, meaning="frame above", draw=Uniform(0, 110, " px", 0))
    bottom_frame: float = free(0, meaning="frame below", draw=Uniform(0, 110, " px", 0))
    frame: str = free(
        FRAMES[0], meaning="frame grey", draw=Choice(FRAMES, ("white", "light", "mid", "dark grey"))
    )
    bar: float = free(0.5, meaning="guide bar's row, within the bands", draw=PLACE)


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
    box: tuple[float, float, float, float] = (0, 0, 512, 512)  # the bands' left, top, right, bottom
    split: float = 256  # where the bands meet
    frame: str = FRAMES[0]  # the grey around the bands
    bar: float = 256  # the guide bar's middle row


class CornsweetCase1(IllusionCase[Elements, Layout]):
    number = 18
    name = "cornsweet_case1"
    title = "Cornsweet Case 1"
    category = "color"
    height = 512
    question = "Are the two vertical bands of the same color?"
    reversed_question = "Are the two vertical bands of different colors?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        color = hsb(0.5 + hue_shift(base_scale), 0.5, 0.5)
        left, right = layout.side_frame, self.width - layout.side_frame
        top, bottom = layout.top_frame, self.height - layout.bottom_frame
        # Each band keeps its ramp and at least FLAT px of flat colour.
        room = right - left - 2 * (RAMP_WIDTH + FLAT)
        bar_room = bottom - top - 2 * GUIDE_THICKNESS
        return Elements(
            left=color,
            right=color,
            ramp_width=RAMP_WIDTH,
            ramp_contrast=RAMP_CONTRAST,
            box=(left, top, right, bottom),
            split=(left + right) // 2 + slide(layout.split, room),
            frame=layout.frame,
            bar=(top + bottom) // 2 + slide(layout.bar, bar_room),
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(
            elements, ramp_width=CONTROL_RAMP_WIDTH, ramp_contrast=CONTROL_RAMP_CONTRAST
        )

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, right=_clip(c * strength for c in elements.right))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        left, top, right, bottom = elements.box
        if elements.box != (0, 0, self.width, self.height):
            rect(canvas, 0, 0, self.width, self.height, fill=elements.frame)
        split, width, contrast = elements.split, elements.ramp_width, elements.ramp_contrast
        rect(canvas, left, top, split - left, bottom - top, fill=elements.left)
        rect(canvas, split, top, right - split, bottom - top, fill=elements.right)
        ramps = (
            ("cornsweet-left-ramp", split - width, edge_ramp(elements.left, 0.0, -contrast)),
            ("cornsweet-right-ramp", split, edge_ramp(elements.right, contrast, 0.0)),
        )
        for gradient_id, x, stops in ramps:
            fill = linear_gradient(canvas, gradient_id, stops)
            sub(canvas.root, "rect", x=x, y=top, width=width, height=bottom - top, fill=fill)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        left, _, right, _ = elements.box
        start, end = (left + elements.split) // 2, (elements.split + right) // 2
        top = elements.bar - GUIDE_THICKNESS / 2
        rect(canvas, start, top, end - start, GUIDE_THICKNESS, fill=elements.left)


CASE = CornsweetCase1()
