"""Case 25, Poggendorff: a diagonal interrupted by a vertical bar looks misaligned across it.

On a 512x512 white canvas a black occluder (60 px wide, 300 px tall) stands
at the centre. A 3 px diagonal of 400 px at 45° runs from lower left to upper
right through the centre, shifted vertically by the base scale's table value
(-50…+50 px). It is split at the occluder's right edge: the left part is red
(drawn under the occluder up to that edge, its end pulled back 5 px along the
line), the right part black. Perturbation shifts the black part vertically by
(s − 1)·80 px (down for s > 1); the control drops the occluder; the guide is a
1 px red dashed line along the true diagonal, extended 100 px at both ends.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import Point, line, rect, table_value

#: Vertical offset of the whole diagonal per base scale 0.50, 0.55, …, 1.50 (orientation.yaml).
OFFSETS = (-50, -44, -39, -34, -29, -24, -19, -14, -9, -4, 0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50)
CENTER = 256
OCCLUDER_WIDTH, OCCLUDER_HEIGHT = 60, 300
HALF_LENGTH = 200
ANGLE = math.radians(45)
LINE_WIDTH = 3
RED_RETRACT = 5  # gap between the red end and the colour split, along the line
SHIFT_PER_STRENGTH = 80
GUIDE_EXTENSION = 100
RED, BLACK = "#ff0000", "#000000"


@dataclasses.dataclass(frozen=True)
class Elements:
    offset: float  # vertical shift of the whole diagonal (base scale)
    shift: float  # vertical shift of the black segment alone (perturbation)
    occluder: bool


class Poggendorff(IllusionCase[Elements]):
    number = 25
    name = "poggendorff"
    title = "Poggendorff"
    category = "orientation"
    width = 512
    height = 512
    question = "Are the red and black solid diagonal lines aligned?"
    reversed_question = "Are the red and black solid diagonal lines misaligned?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        return Elements(offset=table_value(OFFSETS, base_scale), shift=0.0, occluder=True)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, occluder=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, shift=(strength - 1.0) * SHIFT_PER_STRENGTH)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        start, end = _diagonal(elements.offset)
        split = _at_x(start, end, CENTER + OCCLUDER_WIDTH / 2)
        red_end = (split[0] - RED_RETRACT * math.cos(ANGLE), split[1] + RED_RETRACT * math.sin(ANGLE))
        line(canvas, start, red_end, color=RED, width=LINE_WIDTH)
        line(
            canvas, _moved(split, elements.shift), _moved(end, elements.shift), color=BLACK, width=LINE_WIDTH
        )
        if elements.occluder:
            left, top = CENTER - OCCLUDER_WIDTH / 2, CENTER - OCCLUDER_HEIGHT / 2
            rect(canvas, left, top, OCCLUDER_WIDTH, OCCLUDER_HEIGHT, fill=BLACK)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        start, end = _diagonal(elements.offset)
        dx, dy = GUIDE_EXTENSION * math.cos(ANGLE), GUIDE_EXTENSION * math.sin(ANGLE)
        line(
            canvas,
            (start[0] - dx, start[1] + dy),
            (end[0] + dx, end[1] - dy),
            color=RED,
            width=1,
            dashed=True,
        )


def _diagonal(offset: float) -> tuple[Point, Point]:
    """The true diagonal's lower-left and upper-right ends."""
    dx, dy = HALF_LENGTH * math.cos(ANGLE), HALF_LENGTH * math.sin(ANGLE)
    return (CENTER - dx, CENTER + dy + offset), (CENTER + dx, CENTER - dy + offset)


def _at_x(start: Point, end: Point, x: float) -> Point:
    """The point of the line through `start` and `end` at abscissa `x`."""
    t = (x - start[0]) / (end[0] - start[0])
    return x, start[1] + t * (end[1] - start[1])


def _moved(point: Point, dy: float) -> Point:
    return point[0], point[1] + dy


CASE = Poggendorff()
