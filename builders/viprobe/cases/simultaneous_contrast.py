"""Case 13, Simultaneous Contrast: equal grey squares look lighter on a dark field than on a light one.

Two 256x256 fields split the 512x256 canvas: left HSB (h, .43, .26), right
(h, .43, 1.0), h = hue_shift(base_scale); the canvas under them is black.
Grey (0.5) squares of 85 px (a third of a field) sit at the fields' centres.
Perturbation scales the left square's HSB brightness by s; the control drops
the fields (squares on black); the guide is a 10 px bar in the left square's
colour joining the two centres.

A fresh edition draws where the fields meet (each square stays centred on its
field), the squares' size and common row, and whether the figure is mirrored
(the light field on the left); the square on the dark field is always the one
the strength changes.
"""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar

from builders.core.svg import Canvas
from builders.illusions.color import RGB, hsb, hue_shift, scale_brightness
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import rect

SQUARE_COLOR: RGB = (0.5, 0.5, 0.5)
SIDE = 256 // 3
MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the light field on the left", draw=EITHER)
    split: float = free(0.5, meaning="where the fields meet, over the width", draw=Uniform(0.36, 0.64, "", 3))
    side: float = free(SIDE, meaning="square side", draw=Uniform(46, 110, " px", 0))
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)
    # Case 14's stripes and bars: fixed here, free there.
    stripe: float = 32
    bar: float = 128
    inset: float = 0.25
    right_inset: float = 0.25
    above: float = 0
    below: float = 0


@dataclasses.dataclass(frozen=True)
class Elements:
    left: RGB  # the left target's colour
    right: RGB  # the right target's colour
    inducers: tuple[RGB, RGB] | None  # dark and light inducer colours; None in the control
    split: float = 256  # where the dark (left) and light (right) inducers meet
    centres: tuple[float, float] = (128, 384)  # the targets' columns
    size: float = SIDE  # the targets' width (the squares' side, the bars' width in case 14)
    row: float = 128  # the squares' middle row (case 14's bars run the full height)
    stripe: float = 32  # the stripes' height (case 14)
    span: tuple[float, float] = (0, 256)  # the bars' top and bottom rows (case 14)


class SimultaneousContrast(IllusionCase[Elements, Layout]):
    number = 13
    name = "simultaneous_contrast"
    title = "Simultaneous Contrast"
    category = "color"
    background = "#000000"
    question = "Are the two small squares of the same color?"
    reversed_question = "Are the two small squares of different colors?"
    layout_class = Layout
    #: Colour of both targets (here the squares) in originals.
    target_color: ClassVar[RGB] = SQUARE_COLOR
    #: Height of the guide bar joining the two target centres.
    guide_thickness: ClassVar[float] = 10

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        hue = hue_shift(base_scale)
        inducers = (hsb(hue, 0.43, 0.26), hsb(hue, 0.43, 1.0))
        split = round(self.width * layout.split)
        side = layout.side
        return Elements(
            left=self.target_color,
            right=self.target_color,
            inducers=inducers,
            split=split,
            centres=(split // 2, (split + self.width) // 2),
            size=side,
            row=self.height // 2 + slide(layout.down, self.height - 2 * MARGIN - side),
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, inducers=None)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left=scale_brightness(elements.left, strength))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        """The dark field left and the light one right, then a square at each field's centre."""
        split = elements.split
        if elements.inducers is not None:
            for x, width, color in zip(
                (0, split), (split, self.width - split), elements.inducers, strict=True
            ):
                rect(canvas, x, 0, width, self.height, fill=color)
        side = elements.size
        for x, color in zip(elements.centres, (elements.left, elements.right), strict=True):
            rect(canvas, x - side // 2, elements.row - side // 2, side, side, fill=color)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        left, right = elements.centres
        top = elements.row - self.guide_thickness / 2
        rect(canvas, left, top, right - left, self.guide_thickness, fill=elements.left)


CASE = SimultaneousContrast()
