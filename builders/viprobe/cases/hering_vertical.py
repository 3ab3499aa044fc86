"""Case 20, Hering Vertical: case 19 with two vertical test lines.

Same ray fan, perturbation, control and guide as Hering; the 3 px test lines
stand at x = 170 and x = 341 from y = 50 to y = 462, and bow left and right
respectively for s > 1. The guide fills x 170…341, y 50…462.
"""

from __future__ import annotations

from builders.viprobe.cases.hering import Hering


class HeringVertical(Hering):
    number = 20
    name = "hering_vertical"
    title = "Hering Vertical"
    question = "Are the two vertical lines straight?"
    reversed_question = "Are the two vertical lines curved?"
    lines = (170, 341)
    span = (50, 462)
    vertical = True


CASE = HeringVertical()
