"""Case 10, Irradiation Pentagon: a white pentagon on black looks larger than a black one on white.

Two regular ground pentagons of fixed circumradius 100 px are centred at a
quarter and three quarters of the width on the middle row: black on the left,
white with a 1 px black outline on the right. Inside each sits a small
pentagon of circumradius r = 40·base_scale px, white on the left and black on
the right. All pentagons have a vertex straight below the centre and a flat
top edge (the release's vertex formula points the apex down, whatever its
docs say). Perturbation scales the left small pentagon; the control drops
both grounds and paints the left pentagon black too (hence the control's own
question); the guide is a pair of red dashed horizontals at the left small
pentagon's top edge and bottom vertex.

A fresh edition draws the grounds' size, the pentagons' common turn, the two
grounds' distance and place, and whether the figure is upside down (apex up);
the question names the left and right pentagons, so it is never mirrored.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import line, polygon, polyline

GROUND_RADIUS = 100
OUTLINE_WIDTH = 1
MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    flip: bool = free(False, meaning="upside down: apex up", draw=EITHER)
    turn: float = free(0, meaning="pentagons' turn", draw=Uniform(-36, 36, "°", 1))
    ground: float = free(
        GROUND_RADIUS, meaning="ground pentagons' circumradius", draw=Uniform(100, 118, " px", 1)
    )
    apart: float = free(256, meaning="distance between the pentagons", draw=Uniform(240, 300, " px", 1))
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)


@dataclasses.dataclass(frozen=True)
class Elements:
    left_radius: float
    right_radius: float
    grounds: bool
    centres: tuple[Point, Point] = ((128, 128), (384, 128))
    ground: float = GROUND_RADIUS  # the grounds' circumradius
    turn: float = 0  # degrees every pentagon is turned by (counter-clockwise on screen)


def pentagon_points(center: Point, radius: float, turn: float = 0) -> list[Point]:
    """Vertices of a regular pentagon, its first vertex straight below `center` when `turn` (degrees) is 0."""
    cx, cy = center
    angles = [math.radians(-90 + 72 * index + turn) for index in range(5)]
    return [(cx + radius * math.cos(a), cy - radius * math.sin(a)) for a in angles]


class IrradiationPentagon(IllusionCase[Elements, Layout]):
    number = 10
    name = "irradiation_pentagon"
    title = "Irradiation Pentagon"
    category = "size"
    question = "Are the left white pentagon and the right black pentagon equal in size?"
    reversed_question = "Are the left white pentagon and the right black pentagon different in size?"
    control_question = "Are the left black pentagon and the right black pentagon equal in size?"
    control_reversed_question = "Are the left black pentagon and the right black pentagon different in size?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        radius = 40 * base_scale
        ground = layout.ground
        widest = self.width - 2 * MARGIN - 2 * ground  # the grounds stay on the canvas
        apart = min(max(layout.apart, 2 * ground + 2 * MARGIN), widest)
        x = self.width / 2 + slide(layout.across, widest - apart)
        y = self.height / 2 + slide(layout.down, self.height - 2 * MARGIN - 2 * ground)
        return Elements(
            left_radius=radius,
            right_radius=radius,
            grounds=True,
            centres=((x - round(apart / 2), y), (x + round(apart / 2), y)),
            ground=ground,
            turn=layout.turn,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, grounds=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left_radius=elements.left_radius * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        (left, right), turn = elements.centres, elements.turn
        if elements.grounds:
            polygon(canvas, pentagon_points(left, elements.ground, turn), fill="#000000")
            outline = pentagon_points(right, elements.ground, turn)
            polyline(canvas, [*outline, outline[0]], width=OUTLINE_WIDTH)
        left_fill = "#ffffff" if elements.grounds else "#000000"
        polygon(canvas, pentagon_points(left, elements.left_radius, turn), fill=left_fill)
        polygon(canvas, pentagon_points(right, elements.right_radius, turn), fill="#000000")

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        ys = [y for _, y in pentagon_points(elements.centres[0], elements.left_radius, elements.turn)]
        for edge in (min(ys), max(ys)):
            line(canvas, (0, edge), (self.width, edge), color="#ff0000", width=1, dashed=True)


CASE = IrradiationPentagon()
