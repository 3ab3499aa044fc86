"""Case 20, Hering Vertical: case 19 with two vertical test lines.

Same ray fan, perturbation, control and guide as Hering; the 3 px test lines
stand at x = 170 and x = 341 from y = 50 to y = 462, and bow left and right
respectively for s > 1. The guide fills x 170…341, y 50…462.

A fresh edition draws what case 19's does; the lines stay vertical.
"""

from __future__ import annotations

import dataclasses

from builders.illusions.layout import Uniform, free
from builders.viprobe.cases import hering
from builders.viprobe.cases.hering import Hering


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(hering.Layout):
    gap: float = free(171, meaning="distance between the lines", draw=Uniform(120, 240, " px", 0))
    start: float = free(50, meaning="where the lines start", draw=Uniform(8, 90, " px", 1))
    end: float = free(462, meaning="where they end", draw=Uniform(422, 504, " px", 1))


class HeringVertical(Hering):
    number = 20
    name = "hering_vertical"
    title = "Hering Vertical"
    question = "Are the two vertical lines straight?"
    reversed_question = "Are the two vertical lines curved?"
    layout_class = Layout
    lines = (170, 341)
    vertical = True


CASE = HeringVertical()
