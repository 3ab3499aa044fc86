"""Case 4, Ponzo Trapezoid: a filled grey trapezoid replaces the converging lines of case 3.

The trapezoid (grey 0.7) has the Ponzo outline: 40 px wide at y = 10, 150 px
wide at 10 px above the bottom, centred; it never scales. Lines, perturbation
(top line), control (no trapezoid) and guide are those of case 3.
"""

from __future__ import annotations

from builders.core.svg import Canvas
from builders.illusions.shapes import polygon
from builders.viprobe.cases.ponzo import Elements, Ponzo

TRAPEZOID_GREY = (0.7, 0.7, 0.7)


class PonzoTrapezoid(Ponzo):
    number = 4
    name = "ponzo_trapezoid"
    title = "Ponzo Trapezoid"

    def _draw_context(self, canvas: Canvas, elements: Elements) -> None:
        polygon(canvas, self._outline(elements.top_span), fill=TRAPEZOID_GREY)


CASE = PonzoTrapezoid()
