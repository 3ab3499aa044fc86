"""Case 23, Twisted Cord: 45° stripes inside two straight vertical poles make them look twisted.

On a 512 x 512 light-gray (0.9) canvas stand two poles, W px wide and 460 px
tall, centred on y = 256 at x = g + W//2 and x = 2g + W + W//2 with gap
g = (512 − 2W) // 3; W comes from the release's per-scale table (15 at base
scale 0.5 up to 35 at 1.5, one per 0.05). Each pole is filled with 10 px
black and white stripes at 45° (starting black in its top-left corner,
running "/" in the left pole and mirrored to "\\" in the right one), and a
10 px black ground bar spans the canvas at y = 486…496, over the poles' feet.
Perturbation turns the poles about their centres by (s−1)·10° in opposite
directions, stripes and all: for s > 1 the left pole turns counter-clockwise
and the right one clockwise, so their tops splay apart. The control paints
the poles solid black and keeps their tilt (the release's perturbed_control
is tilted too). The guide is two 3 px red bars flanking each pole's upright
outline (y 26…486), drawn over the illusion.

The release rasterises the stripes per pixel and rotates them with OpenCV;
here each pole is an SVG polygon with its light stripes clipped to it.

A fresh edition draws the stripes' width, the poles' height (they stand on the
ground bar), their distance and place, and whether the figure is mirrored
(stripes and turns mirrored with it); the poles stay upright in originals, as
the question's "vertical columns" says.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections.abc import Callable
from typing import ClassVar

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import Color, hex_color, polygon, rect, table_value

#: Pole width per base scale, 0.5 to 1.5 in steps of 0.05 (release table).
CORD_WIDTHS = tuple(range(15, 36))
CORD_HEIGHT = 460
STRIPE_WIDTH = 10
#: Pole turn in degrees per unit of (s − 1).
TURN_PER_STRENGTH = 10
GROUND_HEIGHT = 10
GUIDE_WIDTH = 3
#: Control poles are solid black in both palettes (the release zeroes the stripe pattern).
CONTROL_FILL = (0.0, 0.0, 0.0)
#: The ground bar's top: every pole stands on it.
GROUND_TOP = 486
#: Space kept between a pole, turned its most, and the canvas's side.
MARGIN = 30


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored, stripes and turns with it", draw=EITHER)
    stripe: float = free(STRIPE_WIDTH, meaning="stripe width", draw=Uniform(6, 15, " px", 1))
    height: float = free(CORD_HEIGHT, meaning="pole height", draw=Uniform(300, 460, " px", 0))
    spread: float = free(0, meaning="poles' distance beyond the release's", draw=Uniform(-80, 140, " px", 1))
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)


@dataclasses.dataclass(frozen=True)
class Elements:
    cord_width: int
    turn: float  # degrees the left pole turns clockwise on screen; the right pole turns the other way
    striped: bool  # False in the control: solid black poles
    centres: tuple[float, float] = (166, 345)  # the poles' middle columns
    height: float = CORD_HEIGHT
    stripe: float = STRIPE_WIDTH


class TwistedCord(IllusionCase[Elements, Layout]):
    number = 23
    name = "twisted_cord"
    title = "Twisted Cord"
    category = "orientation"
    width = 512
    height = 512
    background = hex_color((0.9, 0.9, 0.9))
    question = "Are those vertical columns parallel?"
    reversed_question = "Are those vertical columns not parallel?"
    dark: ClassVar[Color] = (0.0, 0.0, 0.0)
    light: ClassVar[Color] = (1.0, 1.0, 1.0)
    ground: ClassVar[Color] = (0.0, 0.0, 0.0)
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        width = int(table_value(CORD_WIDTHS, base_scale))
        # The release's places: the two poles and three equal gaps fill the width.
        gap = (self.width - 2 * width) // 3
        first, second = (
            gap + width // 2 - layout.spread / 2,
            gap + width // 2 + width + gap + layout.spread / 2,
        )
        room = 2 * min(first - width - MARGIN, self.width - MARGIN - width - second)
        shift = slide(layout.across, room)
        return Elements(
            cord_width=width,
            turn=0.0,
            striped=True,
            centres=(first + shift, second + shift),
            height=layout.height,
            stripe=layout.stripe,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, striped=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, turn=-TURN_PER_STRENGTH * (strength - 1.0))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        width, height = elements.cord_width, elements.height
        outline = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        for index in range(2):
            to_image = self._pole_transform(elements, index)
            fill = self.dark if elements.striped else CONTROL_FILL
            polygon(canvas, [to_image(p) for p in outline], fill=fill)
            if elements.striped:
                for stripe in _light_stripes(width, height, elements.stripe):
                    polygon(canvas, [to_image(p) for p in stripe], fill=self.light)
        rect(canvas, 0, GROUND_TOP, self.width, GROUND_HEIGHT, fill=self.ground)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        for centre in elements.centres:
            left, right = int(centre - elements.cord_width / 2), int(centre + elements.cord_width / 2)
            for x in (left - GUIDE_WIDTH, right):
                rect(canvas, x, self._top(elements), GUIDE_WIDTH, elements.height, fill=(1.0, 0.0, 0.0))

    def _top(self, elements: Elements) -> float:
        """The upright poles' top row: they stand on the ground bar."""
        return GROUND_TOP - elements.height

    def _pole_transform(self, elements: Elements, index: int) -> Callable[[Point], Point]:
        """Map pole-local (u right, v down from its top-left) to the image: mirrored for the right
        pole, turned about the pole centre (clockwise on screen for a positive angle)."""
        width, height = elements.cord_width, elements.height
        centre_x, centre_y = elements.centres[index], self._top(elements) + height / 2
        turn = math.radians(elements.turn if index == 0 else -elements.turn)
        cos, sin = math.cos(turn), math.sin(turn)

        def to_image(point: Point) -> Point:
            u, v = point
            du, dv = (width - u if index == 1 else u) - width / 2, v - height / 2
            return centre_x + cos * du - sin * dv, centre_y + sin * du + cos * dv

        return to_image


def _light_stripes(width: int, height: float, stripe: float) -> list[list[Point]]:
    """Pole-local polygons of the light stripes: odd bands of u + v in steps of stripe·√2."""
    pitch = stripe * math.sqrt(2)
    outline: list[Point] = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    stripes = []
    for band in range(1, math.ceil((width + height) / pitch), 2):
        low, high = band * pitch, (band + 1) * pitch
        piece = _clip(_clip(outline, functools.partial(_past, low)), functools.partial(_short_of, high))
        if len(piece) >= 3:
            stripes.append(piece)
    return stripes


def _past(low: float, p: Point) -> float:
    """How far `p` lies past the diagonal u + v = `low` (negative: short of it)."""
    return p[0] + p[1] - low


def _short_of(high: float, p: Point) -> float:
    """How far `p` lies short of the diagonal u + v = `high` (negative: past it)."""
    return high - p[0] - p[1]


def _clip(shape: list[Point], inside: Callable[[Point], float]) -> list[Point]:
    """The part of a convex polygon where the linear function `inside` is non-negative."""
    kept: list[Point] = []
    for a, b in zip(shape, shape[1:] + shape[:1], strict=True):
        fa, fb = inside(a), inside(b)
        if fa >= 0:
            kept.append(a)
        if (fa >= 0) != (fb >= 0):
            t = fa / (fa - fb)
            kept.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
    return kept


CASE = TwistedCord()
