"""Case 25, Poggendorff: a diagonal interrupted by a vertical bar looks misaligned across it.

On a 512x512 white canvas a black occluder (60 px wide, 300 px tall) stands
at the centre. A 3 px diagonal of 400 px at 45° runs from lower left to upper
right through the centre, shifted vertically by the base scale's table value
(-50…+50 px). It is split at the occluder's right edge: the left part is red
(drawn under the occluder up to that edge, its end pulled back 5 px along the
line), the right part black. Perturbation shifts the black part vertically by
(s − 1)·80 px (down for s > 1); the control drops the occluder; the guide is a
1 px red dashed line along the true diagonal, extended 100 px at both ends.

A fresh edition draws the diagonal's angle and length, the occluder's width,
length and dark colour, the figure's place, and whether it is mirrored or
flipped (the diagonal falling to the right, the red part on the other side).
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import ClassVar

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Choice, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import line, rect, table_value

#: Shift of the whole diagonal along the occluder per base scale 0.50, 0.55, …, 1.50 (orientation.yaml).
OFFSETS = (-50, -44, -39, -34, -29, -24, -19, -14, -9, -4, 0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50)
CENTER = 256
OCCLUDER_LENGTH, OCCLUDER_THICKNESS = 300, 60
HALF_LENGTH = 200
LINE_WIDTH = 3
SHIFT_PER_STRENGTH = 80
GUIDE_EXTENSION = 100
RED, BLACK = "#ff0000", "#000000"
#: Dark colours a fresh edition picks from for the occluder: black, slate, dark brown, dark teal.
OCCLUDERS = (BLACK, "#2f3b4a", "#3d2b1f", "#1f3d3a")
#: How far the figure's middle may move from the canvas's, either way and in either direction.
SHIFT = 40


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the diagonal falls to the right", draw=EITHER)
    flip: bool = free(False, meaning="flipped: the red part on the other side", draw=EITHER)
    angle: float = free(45, meaning="diagonal's angle", draw=Uniform(33, 57, "°", 1))
    half: float = free(HALF_LENGTH, meaning="half the diagonal's length", draw=Uniform(170, 215, " px", 1))
    thickness: float = free(OCCLUDER_THICKNESS, meaning="occluder width", draw=Uniform(36, 96, " px", 1))
    length: float = free(OCCLUDER_LENGTH, meaning="occluder length", draw=Uniform(220, 380, " px", 1))
    occluder: str = free(
        BLACK,
        meaning="occluder colour",
        draw=Choice(OCCLUDERS, ("black", "slate", "dark brown", "dark teal")),
    )
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)


@dataclasses.dataclass(frozen=True)
class Elements:
    offset: float  # shift of the whole diagonal along the occluder (base scale)
    angle: float  # degrees above the horizontal
    shift: float  # shift of the black segment alone along the occluder (perturbation)
    occluder: bool
    centre: Point = (CENTER, CENTER)  # the occluder's middle, which the true diagonal crosses
    half: float = HALF_LENGTH  # half the true diagonal's length
    size: tuple[float, float] = (OCCLUDER_LENGTH, OCCLUDER_THICKNESS)  # the occluder's length and width
    fill: str = BLACK  # the occluder's colour


class Poggendorff(IllusionCase[Elements, Layout]):
    number = 25
    name = "poggendorff"
    title = "Poggendorff"
    category = "orientation"
    width = 512
    height = 512
    question = "Are the red and black solid diagonal lines aligned?"
    reversed_question = "Are the red and black solid diagonal lines misaligned?"
    #: Whether the occluder stands upright (here) or lies across the canvas (the horizontal twin).
    vertical: ClassVar[bool] = True
    layout_class = Layout
    #: The diagonal's angle above the horizontal in perturbed images (degrees); None: the original's.
    perturbed_angle: ClassVar[float | None] = None
    #: Gap between the red end and the occluder edge it stops at, along the line.
    red_retract: ClassVar[float] = 5
    #: Whether the red segment runs under the occluder to its far edge, or stops at its near one.
    red_under_occluder: ClassVar[bool] = True

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        return Elements(
            offset=table_value(OFFSETS, base_scale),
            angle=layout.angle,
            shift=0.0,
            occluder=True,
            centre=(CENTER + slide(layout.across, 2 * SHIFT), CENTER + slide(layout.down, 2 * SHIFT)),
            half=layout.half,
            size=(
                2 * round(layout.length / 2),
                2 * round(layout.thickness / 2),
            ),  # even: edges on whole pixels
            fill=layout.occluder,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, occluder=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        angle = elements.angle if self.perturbed_angle is None else self.perturbed_angle
        return dataclasses.replace(elements, angle=angle, shift=(strength - 1.0) * SHIFT_PER_STRENGTH)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        start, end = self._diagonal(elements)
        angle = math.radians(elements.angle)
        # The occluder's edges across the diagonal's path, the one it reaches first ("near") first.
        middle = self._axes(elements.centre)[1]
        half = math.copysign(elements.size[1] / 2, self._axes(end)[1] - self._axes(start)[1])
        near, far = self._crossing(start, end, middle - half), self._crossing(start, end, middle + half)
        red_stop = far if self.red_under_occluder else near
        red_end = (
            red_stop[0] - self.red_retract * math.cos(angle),
            red_stop[1] + self.red_retract * math.sin(angle),
        )
        line(canvas, start, red_end, color=RED, width=LINE_WIDTH)
        line(
            canvas,
            self._moved(far, elements.shift),
            self._moved(end, elements.shift),
            color=BLACK,
            width=LINE_WIDTH,
        )
        if elements.occluder:
            (x, y), (width, height) = elements.centre, self._axes(elements.size)
            rect(canvas, x - width / 2, y - height / 2, width, height, fill=elements.fill)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        start, end = self._diagonal(elements)
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

    def _axes(self, point: Point) -> Point:
        """An image point as (along, across) the occluder, or back: the swap is its own inverse."""
        return (point[1], point[0]) if self.vertical else point

    def _diagonal(self, elements: Elements) -> tuple[Point, Point]:
        """The true diagonal's lower-left and upper-right ends."""
        angle = math.radians(elements.angle)
        dx, dy = elements.half * math.cos(angle), elements.half * math.sin(angle)
        (x, y) = elements.centre
        start, end = (x - dx, y + dy), (x + dx, y - dy)
        return self._moved(start, elements.offset), self._moved(end, elements.offset)

    def _crossing(self, start: Point, end: Point, across: float) -> Point:
        """The point of the line through `start` and `end` at `across` (x or y, across the occluder)."""
        (start_along, start_across), (end_along, end_across) = self._axes(start), self._axes(end)
        t = (across - start_across) / (end_across - start_across)
        return self._axes((start_along + t * (end_along - start_along), across))

    def _moved(self, point: Point, distance: float) -> Point:
        """`point` moved `distance` px along the occluder (down or right)."""
        along, across = self._axes(point)
        return self._axes((along + distance, across))


CASE = Poggendorff()
