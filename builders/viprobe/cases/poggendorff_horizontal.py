"""Case 26, Poggendorff Horizontal: a diagonal interrupted by a horizontal bar looks misaligned.

On a 512x512 white canvas a black occluder (300 px wide, 60 px tall) lies
across the centre. A 3 px diagonal of 400 px runs from lower left to upper
right through the centre, shifted horizontally by the base scale's table value
(-50…+50 px). Only its parts outside the bar's rows are drawn: below it a red
segment (its end pulled back 3 px along the line), above it a black one, so
the control shows a gap where the bar was. As in the release, originals use a
45° diagonal and perturbed images a 30° one; perturbation then shifts the black
segment horizontally by (s − 1)·80 px (right for s > 1). The control drops the
occluder; the guide is a 1 px red dashed line along the true diagonal,
extended 100 px at both ends.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import Point, line, rect, table_value

#: Horizontal offset of the whole diagonal per base scale 0.50, 0.55, …, 1.50 (orientation.yaml).
OFFSETS = (-50, -44, -39, -34, -29, -24, -19, -14, -9, -4, 0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50)
CENTER = 256
OCCLUDER_WIDTH, OCCLUDER_HEIGHT = 300, 60
HALF_LENGTH = 200
ORIGINAL_ANGLE = 45.0  # degrees; the release's original-mode angle at strength 1.0
PERTURBED_ANGLE = 30.0  # the release's fixed angle for perturbed images
LINE_WIDTH = 3
RED_RETRACT = 3  # gap between the red end and the bar's lower edge, along the line
SHIFT_PER_STRENGTH = 80
GUIDE_EXTENSION = 100
RED, BLACK = "#ff0000", "#000000"


@dataclasses.dataclass(frozen=True)
class Elements:
    offset: float  # horizontal shift of the whole diagonal (base scale)
    angle: float  # degrees above the horizontal
    shift: float  # horizontal shift of the black segment alone (perturbation)
    occluder: bool


class PoggendorffHorizontal(IllusionCase[Elements]):
    number = 26
    name = "poggendorff_horizontal"
    title = "Poggendorff Horizontal"
    category = "orientation"
    width = 512
    height = 512
    question = "Are the red and black solid diagonal lines aligned?"
    reversed_question = "Are the red and black solid diagonal lines misaligned?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        return Elements(
            offset=table_value(OFFSETS, base_scale), angle=ORIGINAL_ANGLE, shift=0.0, occluder=True
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, occluder=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(
            elements, angle=PERTURBED_ANGLE, shift=(strength - 1.0) * SHIFT_PER_STRENGTH
        )

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        start, end = _diagonal(elements)
        angle = math.radians(elements.angle)
        lower = _at_y(start, end, CENTER + OCCLUDER_HEIGHT / 2)
        red_end = (lower[0] - RED_RETRACT * math.cos(angle), lower[1] + RED_RETRACT * math.sin(angle))
        upper = _at_y(start, end, CENTER - OCCLUDER_HEIGHT / 2)
        line(canvas, start, red_end, color=RED, width=LINE_WIDTH)
        line(
            canvas, _moved(upper, elements.shift), _moved(end, elements.shift), color=BLACK, width=LINE_WIDTH
        )
        if elements.occluder:
            left, top = CENTER - OCCLUDER_WIDTH / 2, CENTER - OCCLUDER_HEIGHT / 2
            rect(canvas, left, top, OCCLUDER_WIDTH, OCCLUDER_HEIGHT, fill=BLACK)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        start, end = _diagonal(elements)
        angle = math.radians(elements.angle)
        dx, dy = GUIDE_EXTENSION * math.cos(angle), GUIDE_EXTENSION * math.sin(angle)
        line(
            canvas,
            (start[0] - dx, start[1] + dy),
            (end[0] + dx, end[1] - dy),
            color=RED,
            width=1,
            dashed=True,
        )


def _diagonal(elements: Elements) -> tuple[Point, Point]:
    """The true diagonal's lower-left and upper-right ends."""
    angle = math.radians(elements.angle)
    dx, dy = HALF_LENGTH * math.cos(angle), HALF_LENGTH * math.sin(angle)
    return (CENTER - dx + elements.offset, CENTER + dy), (CENTER + dx + elements.offset, CENTER - dy)


def _at_y(start: Point, end: Point, y: float) -> Point:
    """The point of the line through `start` and `end` at ordinate `y`."""
    t = (y - start[1]) / (end[1] - start[1])
    return start[0] + t * (end[0] - start[0]), y


def _moved(point: Point, dx: float) -> Point:
    return point[0] + dx, point[1]


CASE = PoggendorffHorizontal()
