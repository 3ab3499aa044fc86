"""Case 7, Delboeuf: a disc in a tight ring looks larger than one in a wide ring.

Two black discs of radius R = 30·base_scale px sit at a quarter and three
quarters of the width on the middle row. Each wears a 1 px black ring: 2.0·R
around the left disc, 1.3·R around the right one. Perturbation scales the
right disc and, keeping the ratio, its ring; the control drops both rings;
the guide is a pair of gray dashed horizontals at the left disc's top and bottom.

A fresh edition draws the discs' dark colour, their distance and place, and
whether the figure is mirrored (the tight ring on the left); the disc in the
tight ring is always the one the strength changes.
"""

from __future__ import annotations

import dataclasses
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import BLACK, DARK_INKS, EITHER, PLACE, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import circle, line
from builders.viprobe.params import HIGHEST

LEFT_RING = 2.0
RIGHT_RING = 1.3
RING_WIDTH = 1.0
GUIDE_GRAY = (0.5, 0.5, 0.5)
MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the tight ring on the left", draw=EITHER)
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)
    apart: float = free(256, meaning="distance between the discs", draw=Uniform(200, 320, " px", 1))
    ink: str = free(BLACK, meaning="disc and ring colour", draw=DARK_INKS)


@dataclasses.dataclass(frozen=True)
class Elements:
    left_radius: float
    right_radius: float
    rings: bool
    left_ring: float = LEFT_RING  # ring radius over disc radius (IllusionBench+ varies them)
    right_ring: float = RIGHT_RING
    centres: tuple[Point, Point] = ((128, 128), (384, 128))  # the left disc's, then the right disc's
    ink: str = BLACK


class Delboeuf(IllusionCase[Elements, Layout]):
    number = 7
    name = "delboeuf"
    title = "Delboeuf"
    category = "size"
    question = "Are the two solid circles the same size?"
    reversed_question = "Are the two solid circles different sizes?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        radius = 30 * base_scale
        left_reach, right_reach = LEFT_RING * radius, RIGHT_RING * radius * HIGHEST
        widest = self.width - 2 * MARGIN - left_reach - right_reach  # the rings stay on the canvas
        apart = min(max(layout.apart, left_reach + right_reach), widest)
        centre = self.width / 2 + slide(layout.across, widest - apart)
        middle = self.height / 2 + slide(
            layout.down, self.height - 2 * MARGIN - 2 * max(left_reach, right_reach)
        )
        return Elements(
            left_radius=radius,
            right_radius=radius,
            rings=True,
            centres=((centre - round(apart / 2), middle), (centre + round(apart / 2), middle)),
            ink=layout.ink,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, rings=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, right_radius=elements.right_radius * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        for (x, y), radius, ratio in (
            (elements.centres[0], elements.left_radius, elements.left_ring),
            (elements.centres[1], elements.right_radius, elements.right_ring),
        ):
            if elements.rings:
                # The ring's outer edge lies at ratio·radius, as in the release's 1 px inner stroke.
                ring = ratio * radius - RING_WIDTH / 2
                circle(canvas, (x, y), ring, fill=None, stroke=elements.ink, width=RING_WIDTH)
            circle(canvas, (x, y), radius, fill=elements.ink)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        y = elements.centres[0][1]
        for edge in (y - elements.left_radius, y + elements.left_radius):
            line(canvas, (0, edge), (self.width, edge), color=GUIDE_GRAY, width=1, dashed=True)


CASE = Delboeuf()
