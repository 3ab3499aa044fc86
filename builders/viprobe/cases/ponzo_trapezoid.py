"""Case 4, Ponzo Trapezoid: a filled grey trapezoid replaces the converging lines of case 3.

The trapezoid (grey 0.7) has the Ponzo outline: 40 px wide at y = 10, 150 px
wide at 10 px above the bottom, centred; it never scales. Lines, perturbation
(top line), control (no trapezoid) and guide are those of case 3.

A fresh edition draws what case 3's does (the outline's two widths, its place,
upside down or not) and the trapezoid's colour, always light behind the black lines.
"""

from __future__ import annotations

import dataclasses

from builders.core.svg import Canvas
from builders.illusions.layout import Choice, free
from builders.illusions.shapes import polygon
from builders.viprobe.cases import ponzo
from builders.viprobe.cases.ponzo import TRAPEZOID_GREY, Elements, Ponzo

#: Light fills a fresh edition picks from: grey, sand, sky, sage, lilac, rose.
FILLS = (TRAPEZOID_GREY, "#d9c7a3", "#a9c8e0", "#b8d1a8", "#cdb9dc", "#e3b5b5")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(ponzo.Layout):
    fill: str = free(
        TRAPEZOID_GREY,
        meaning="trapezoid colour",
        draw=Choice(FILLS, ("grey", "sand", "sky", "sage", "lilac", "rose")),
    )


class PonzoTrapezoid(Ponzo):
    number = 4
    name = "ponzo_trapezoid"
    title = "Ponzo Trapezoid"
    layout_class = Layout

    def _draw_context(self, canvas: Canvas, elements: Elements) -> None:
        polygon(canvas, self._outline(elements), fill=elements.fill)


CASE = PonzoTrapezoid()
