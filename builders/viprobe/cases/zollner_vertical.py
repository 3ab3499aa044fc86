"""Case 22, Zöllner Vertical: case 21 with vertical red lines.

N red lines stand at x = k·(512 // (N+1)) from y = 50 to y = 462, with the
same hash marks ("\\" on even lines, "/" on odd ones). Perturbation leans
even lines top-left / bottom-right by 3·(s−1)° and odd lines the other way;
the guide is two gray dashed vertical lines through the first and last lines.
"""

from __future__ import annotations

from builders.viprobe.cases.zollner import Zollner


class ZollnerVertical(Zollner):
    number = 22
    name = "zollner_vertical"
    title = "Zöllner Vertical"
    vertical = True
    tilt_sign = 1


CASE = ZollnerVertical()
