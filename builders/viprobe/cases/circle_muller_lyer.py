"""Case 2, Circle Müller-Lyer: hollow circles inside a line's ends (top) or on them (bottom) bias its length.

Case 1 with circles for fins. Lines are L = 200·base_scale px, 2 px wide,
centred at a quarter and three quarters of the height. Each end carries a
hollow circle of radius 20 px (2 px ring, fixed): on the top line it sits
inside the line, tangent to the end; on the bottom line it is centred on the
end. Perturbation scales the bottom line; the control drops the circles; the
guide marks the top line's ends.
"""

from __future__ import annotations

from builders.core.svg import Canvas
from builders.illusions.shapes import circle
from builders.viprobe.cases.muller_lyer import MullerLyer


class CircleMullerLyer(MullerLyer):
    number = 2
    name = "circle_muller_lyer"
    title = "Circle Müller-Lyer"
    inducer_size = 20  # the circle radius

    def _inducers(
        self, canvas: Canvas, ends: tuple[float, float], y: float, radius: float, top: bool
    ) -> None:
        """A hollow circle per end: inside the top line, touching the end, or centred on the bottom line's."""
        shift = radius if top else 0
        left, right = ends
        for x in (left + shift, right - shift):
            circle(canvas, (x, y), radius, fill=None, stroke="#000000", width=2)


CASE = CircleMullerLyer()
