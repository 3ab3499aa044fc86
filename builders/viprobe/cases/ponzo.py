"""Case 3, Ponzo: between converging lines the upper (farther-looking) of two equal lines looks longer.

Two black lines (2 px) run from 10 px above the bottom, 150 px apart, to
10 px below the top, 40 px apart, centred; they never scale. Horizontal lines
are L = 80·base_scale px, 2 px wide, centred at a quarter and three quarters of
the height. Perturbation scales the top line (the bottom one is the reference);
the control drops the converging lines; the guide marks the top line's ends.

A fresh edition draws how far apart the converging lines are at either end,
how far apart the two lines are, the figure's place across the canvas and whether it is upside down (the lines
converging downwards); the line near the narrow end is always the one the
strength changes.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import hex_color, line
from builders.viprobe.params import HIGHEST

MARGIN = 10
BOTTOM_SPAN, TOP_SPAN = 150, 40
#: The trapezoid's fill in case 4 (grey 0.7); case 3 draws no fill.
TRAPEZOID_GREY = hex_color((0.7, 0.7, 0.7))


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    flip: bool = free(False, meaning="upside down: the lines converge downwards", draw=EITHER)
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)
    wide_span: float = free(
        BOTTOM_SPAN, meaning="converging lines' distance at the wide end", draw=Uniform(110, 220, " px", 1)
    )
    narrow_span: float = free(
        TOP_SPAN, meaning="converging lines' distance at the narrow end", draw=Uniform(16, 70, " px", 1)
    )
    rows: float = free(64, meaning="lines' distance from the middle row", draw=Uniform(44, 84, " px", 0))
    fill: str = TRAPEZOID_GREY  # case 4's trapezoid: fixed here, free there


@dataclasses.dataclass(frozen=True)
class Elements:
    top_length: float
    bottom_length: float
    context: bool  # the perspective inducer is drawn
    top_span: float = TOP_SPAN  # the converging lines' distance at the top (IllusionBench+ varies it)
    bottom_span: float = BOTTOM_SPAN  # ... and at the bottom
    middle: float = 256  # the figure's middle column
    rows: tuple[float, float] = (64, 192)  # the top (perturbed) and bottom lines' rows
    fill: str = TRAPEZOID_GREY  # the trapezoid's colour (case 4)


class Ponzo(IllusionCase[Elements, Layout]):
    number = 3
    name = "ponzo"
    title = "Ponzo"
    category = "size"
    question = "Are the two horizontal black lines of equal length?"
    reversed_question = "Are the two horizontal black lines of different lengths?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        length = 80 * base_scale
        widest = max(layout.wide_span, length * HIGHEST)
        return Elements(
            top_length=length,
            bottom_length=length,
            context=True,
            top_span=layout.narrow_span,
            bottom_span=layout.wide_span,
            middle=self.width / 2 + slide(layout.across, self.width - 2 * MARGIN - widest),
            rows=(self.height / 2 - layout.rows, self.height / 2 + layout.rows),
            fill=layout.fill,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, context=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, top_length=elements.top_length * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        if elements.context:
            self._draw_context(canvas, elements)
        line(canvas, *self._ends(elements, elements.top_length, elements.rows[0]))
        line(canvas, *self._ends(elements, elements.bottom_length, elements.rows[1]))

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        for x, _ in self._ends(elements, elements.top_length, 0):
            line(canvas, (x, 0), (x, self.height), color="#ff0000", width=1, dashed=True)

    def _draw_context(self, canvas: Canvas, elements: Elements) -> None:
        """The two converging lines along the sides of the perspective outline."""
        top_left, top_right, bottom_right, bottom_left = self._outline(elements)
        line(canvas, bottom_left, top_left)
        line(canvas, bottom_right, top_right)

    def _outline(self, elements: Elements) -> tuple[Point, Point, Point, Point]:
        """Corners of the perspective outline (narrow at the top), clockwise from top left."""
        middle, top, bottom = elements.middle, MARGIN, self.height - MARGIN
        return (
            (middle - elements.top_span / 2, top),
            (middle + elements.top_span / 2, top),
            (middle + elements.bottom_span / 2, bottom),
            (middle - elements.bottom_span / 2, bottom),
        )

    def _ends(self, elements: Elements, length: float, y: float) -> tuple[Point, Point]:
        return (elements.middle - length / 2, y), (elements.middle + length / 2, y)


CASE = Ponzo()
