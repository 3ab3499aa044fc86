"""Case 11, Circle Ponzo: a disc near the converging end of two rails looks larger.

Two black 2 px rails run from (50, 30) and (50, H − 30) towards a vanishing
point 100 px beyond the right edge on the middle row. Black discs of radius
R = 40·base_scale px sit on the middle row at a third (wide end) and two
thirds (narrow end) of the width. Perturbation scales the right disc; the
control drops the rails; the guide is a pair of gray dashed horizontals at
the right disc's top and bottom.

A fresh edition draws where the rails start and how far away they would meet,
the discs' dark colour and their places along the rails, and whether the figure
is mirrored (the rails converging to the left); the disc at the narrow end is
always the one the strength changes.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import BLACK, DARK_INKS, EITHER, Uniform, free
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import circle, line

RAIL_START_X, RAIL_MARGIN = 50, 30
VANISHING_OFFSET = 100
GUIDE_GRAY = (0.5, 0.5, 0.5)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the rails converge to the left", draw=EITHER)
    rail_start: float = free(RAIL_START_X, meaning="where the rails start", draw=Uniform(10, 90, " px", 1))
    rail_margin: float = free(
        RAIL_MARGIN, meaning="rails' distance from the top and bottom", draw=Uniform(8, 50, " px", 1)
    )
    vanishing: float = free(
        VANISHING_OFFSET,
        meaning="how far beyond the edge the rails would meet",
        draw=Uniform(60, 260, " px", 1),
    )
    wide_disc: float = free(
        1 / 3, meaning="wide-end disc's place, over the width", draw=Uniform(0.26, 0.38, "", 3)
    )
    narrow_disc: float = free(
        2 / 3, meaning="narrow-end disc's place, over the width", draw=Uniform(0.62, 0.7, "", 3)
    )
    ink: str = free(BLACK, meaning="disc colour", draw=DARK_INKS)


@dataclasses.dataclass(frozen=True)
class Elements:
    left_radius: float
    right_radius: float
    rails: bool
    columns: tuple[float, float] = (512 / 3, 1024 / 3)  # the left and right discs' columns
    rail_start: float = RAIL_START_X
    rail_margin: float = RAIL_MARGIN
    vanishing: float = VANISHING_OFFSET
    ink: str = BLACK


class CirclePonzo(IllusionCase[Elements, Layout]):
    number = 11
    name = "circle_ponzo"
    title = "Circle Ponzo"
    category = "size"
    question = "Are the two circles the same size?"
    reversed_question = "Are the two circles different sizes?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        radius = 40 * base_scale
        return Elements(
            left_radius=radius,
            right_radius=radius,
            rails=True,
            columns=(self.width * layout.wide_disc, self.width * layout.narrow_disc),
            rail_start=layout.rail_start,
            rail_margin=layout.rail_margin,
            vanishing=layout.vanishing,
            ink=layout.ink,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, rails=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, right_radius=elements.right_radius * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        y = self.height / 2
        if elements.rails:
            vanishing = (self.width + elements.vanishing, y)
            for start_y in (elements.rail_margin, self.height - elements.rail_margin):
                line(canvas, (elements.rail_start, start_y), vanishing)
        left, right = elements.columns
        circle(canvas, (left, y), elements.left_radius, fill=elements.ink)
        circle(canvas, (right, y), elements.right_radius, fill=elements.ink)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        y = self.height / 2
        for edge in (y - elements.right_radius, y + elements.right_radius):
            line(canvas, (0, edge), (self.width, edge), color=GUIDE_GRAY, width=1, dashed=True)


CASE = CirclePonzo()
