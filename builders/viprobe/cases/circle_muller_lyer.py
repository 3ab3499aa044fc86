"""Case 2, Circle Müller-Lyer: hollow circles inside a line's ends (top) or on them (bottom) bias its length.

Case 1 with circles for fins. Lines are L = 200·base_scale px, 2 px wide,
centred at a quarter and three quarters of the height. Each end carries a
hollow circle of radius 20 px (2 px ring, fixed): on the top line it sits
inside the line, tangent to the end; on the bottom line it is centred on the
end. Perturbation scales the bottom line; the control drops the circles; the
guide marks the top line's ends.

A fresh edition draws the circles' radius and, as in case 1, the distance
between the lines, the pair's place and whether the figure is upside down.
"""

from __future__ import annotations

import dataclasses

from builders.core.svg import Canvas
from builders.illusions.layout import EITHER, Uniform, free
from builders.illusions.shapes import circle
from builders.viprobe.cases import muller_lyer
from builders.viprobe.cases.muller_lyer import Elements, MullerLyer


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(muller_lyer.Layout):
    """Case 1's free factors, with circles for fins: their radius, and no angle."""

    flip: bool = free(False, meaning="upside down: the line with circles on its ends on top", draw=EITHER)
    fin: float = free(20, meaning="circle radius", draw=Uniform(14, 26, " px", 1))
    fin_angle: float = 90  # circles have no angle: fixed


class CircleMullerLyer(MullerLyer):
    number = 2
    name = "circle_muller_lyer"
    title = "Circle Müller-Lyer"
    layout_class = Layout

    def _reach(self, inducer: float, angle: float) -> tuple[float, float]:
        """The top line's circles lie inside it and reach a radius above and below it."""
        return 0.0, inducer

    def _overhang(self, inducer: float) -> float:
        return inducer

    def _inducers(
        self, canvas: Canvas, ends: tuple[float, float], y: float, elements: Elements, top: bool
    ) -> None:
        """A hollow circle per end: inside the top line, touching the end, or centred on the bottom line's."""
        radius = elements.inducer
        shift = radius if top else 0
        left, right = ends
        for x in (left + shift, right - shift):
            circle(canvas, (x, y), radius, fill=None, stroke="#000000", width=2)


CASE = CircleMullerLyer()
