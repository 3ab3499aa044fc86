"""Case 1, Müller-Lyer: a line with tails (top) looks longer than one with arrowheads (bottom).

Lines are L = 200·base_scale px, 2 px wide, centred at a quarter and three
quarters of the height; fins are 20 px at 30°. Perturbation scales the bottom
line; the control drops the fins; the guide marks the top line's ends.

A fresh edition draws the fins' length and angle, the distance between the
lines, where the pair sits on the canvas (within the room the longest
perturbed line leaves) and whether the figure is upside down (the arrowhead
line on top); the arrowhead line is always the one the strength changes.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import line
from builders.viprobe.params import HIGHEST

#: Space kept clear between the figure and the canvas edge, in px.
MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    flip: bool = free(False, meaning="upside down: the arrowhead line on top", draw=EITHER)
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)
    gap: float = free(128, meaning="distance between the lines", draw=Uniform(90, 170, " px", 1))
    fin: float = free(20, meaning="fin length", draw=Uniform(14, 28, " px", 1))
    fin_angle: float = free(30, meaning="fin angle to the line", draw=Uniform(20, 45, "°", 1))


@dataclasses.dataclass(frozen=True)
class Elements:
    top_length: float
    bottom_length: float
    inducer: float  # size of the end inducers (fin length, or circle radius in case 2); 0 in the control
    centre: float = 256  # the lines' common middle column
    rows: tuple[float, float] = (64, 192)  # the tailed (top) line's row, then the arrowhead (bottom) line's
    fin_angle: float = 30  # degrees between a fin and its line


class MullerLyer(IllusionCase[Elements, Layout]):
    number = 1
    name = "muller_lyer"
    title = "Müller-Lyer"
    category = "size"
    question = "Are the two black lines of equal length?"
    reversed_question = "Are the two black lines of different lengths?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        length = 200 * base_scale
        inducer, angle = self._inducer(layout)
        reach_x, reach_y = self._reach(inducer, angle)
        widest = max(length + 2 * reach_x, length * HIGHEST + 2 * self._overhang(inducer))
        middle = self.height / 2 + slide(layout.down, self.height - 2 * MARGIN - layout.gap - 2 * reach_y)
        return Elements(
            top_length=length,
            bottom_length=length,
            inducer=inducer,
            centre=self.width / 2 + slide(layout.across, self.width - 2 * MARGIN - widest),
            rows=(middle - layout.gap // 2, middle + layout.gap // 2),
            fin_angle=angle,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, inducer=0)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, bottom_length=elements.bottom_length * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        for length, y, top in (
            (elements.top_length, elements.rows[0], True),
            (elements.bottom_length, elements.rows[1], False),
        ):
            left, right = self._ends(elements, length)
            line(canvas, (left, y), (right, y))
            if elements.inducer > 0:
                self._inducers(canvas, (left, right), y, elements, top)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        for x in self._ends(elements, elements.top_length):
            line(canvas, (x, 0), (x, self.height), color="#ff0000", width=1, dashed=True)

    def _inducer(self, layout: Layout) -> tuple[float, float]:
        """The inducers' size and angle (degrees) in `layout`."""
        return layout.fin, layout.fin_angle

    def _reach(self, inducer: float, angle: float) -> tuple[float, float]:
        """How far the top line's inducers reach beyond its ends, and above or below its row."""
        return inducer * math.cos(math.radians(angle)), inducer * math.sin(math.radians(angle))

    def _overhang(self, inducer: float) -> float:
        """How far the bottom line's inducers reach beyond its ends (arrowheads point inwards)."""
        return 0.0

    def _ends(self, elements: Elements, length: float) -> tuple[float, float]:
        left = elements.centre - length / 2
        return left, left + length

    def _inducers(
        self, canvas: Canvas, ends: tuple[float, float], y: float, elements: Elements, top: bool
    ) -> None:
        """Fins at both ends of the line at `y`: tails (>—<) on the top line, arrowheads (<—>) below."""
        dx, dy = self._reach(elements.inducer, elements.fin_angle)
        for end, away in zip(ends, (-1, 1), strict=True):
            reach = end + away * dx if top else end - away * dx
            for sign in (-1, 1):
                line(canvas, (end, y), (reach, y + sign * dy))


CASE = MullerLyer()
