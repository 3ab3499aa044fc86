"""Case 24, Twisted Cord Light: case 23 in low contrast.

Same poles, table, perturbation, control and guide as Twisted Cord, on a
mid-gray (0.5) canvas with dark-gray (0.3) and light-gray (0.7) stripes and
a dark-gray (0.3) ground bar. Control poles are solid black, as in the
release (its stripe pattern is zeroed in both palettes).
"""

from __future__ import annotations

from builders.illusions.shapes import hex_color
from builders.viprobe.cases.twisted_cord import TwistedCord


class TwistedCordLight(TwistedCord):
    number = 24
    name = "twisted_cord_light"
    title = "Twisted Cord Light"
    background = hex_color((0.5, 0.5, 0.5))
    dark = (0.3, 0.3, 0.3)
    light = (0.7, 0.7, 0.7)
    ground = (0.3, 0.3, 0.3)


CASE = TwistedCordLight()
