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
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import line, polygon, polyline

GROUND_RADIUS = 100
OUTLINE_WIDTH = 1


@dataclasses.dataclass(frozen=True)
class Elements:
    left_radius: float
    right_radius: float
    grounds: bool


def pentagon_points(center: Point, radius: float) -> list[Point]:
    """Vertices of a regular pentagon whose first vertex lies straight below `center`."""
    cx, cy = center
    angles = [math.radians(-90 + 72 * index) for index in range(5)]
    return [(cx + radius * math.cos(a), cy - radius * math.sin(a)) for a in angles]


class IrradiationPentagon(IllusionCase[Elements]):
    number = 10
    name = "irradiation_pentagon"
    title = "Irradiation Pentagon"
    category = "size"
    question = "Are the left white pentagon and the right black pentagon equal in size?"
    reversed_question = "Are the left white pentagon and the right black pentagon different in size?"
    control_question = "Are the left black pentagon and the right black pentagon equal in size?"
    control_reversed_question = "Are the left black pentagon and the right black pentagon different in size?"

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        radius = 40 * base_scale
        return Elements(left_radius=radius, right_radius=radius, grounds=True)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, grounds=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, left_radius=elements.left_radius * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        left, right = self._centers()
        if elements.grounds:
            polygon(canvas, pentagon_points(left, GROUND_RADIUS), fill="#000000")
            outline = pentagon_points(right, GROUND_RADIUS)
            polyline(canvas, [*outline, outline[0]], width=OUTLINE_WIDTH)
        left_fill = "#ffffff" if elements.grounds else "#000000"
        polygon(canvas, pentagon_points(left, elements.left_radius), fill=left_fill)
        polygon(canvas, pentagon_points(right, elements.right_radius), fill="#000000")

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        ys = [y for _, y in pentagon_points(self._centers()[0], elements.left_radius)]
        for edge in (min(ys), max(ys)):
            line(canvas, (0, edge), (self.width, edge), color="#ff0000", width=1, dashed=True)

    def _centers(self) -> tuple[Point, Point]:
        y = self.height / 2
        return (self.width / 4, y), (self.width * 3 / 4, y)


CASE = IrradiationPentagon()
