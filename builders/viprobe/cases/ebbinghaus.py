"""Case 5, Ebbinghaus: an orange disc ringed by small discs looks larger than one ringed by large discs.

Orange discs (0.9, 0.5, 0.22) of radius R = 20·base_scale are centred at a
quarter and three quarters of the width, mid-height. Blue-grey discs
(0.57, 0.64, 0.72) surround them, evenly spaced by angle from 0°, at distance
1.3·(centre radius + surrounder radius): 8 of radius R/2 on the left, 6 of
radius 1.3·R on the right. Perturbation scales the left disc and re-places its
ring (surrounder radii stay); the control drops the surrounders; the guide is
a pair of grey dashed horizontals at the left disc's top and bottom.

A fresh edition draws how many discs ring each target, how far out and turned
how far, their colour (never the targets' orange), the two targets' distance and
place, and whether the figure is mirrored (the small-disc ring on the right); the
target ringed by small discs is always the one the strength changes.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Choice, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import circle, hex_color, line
from builders.viprobe.params import HIGHEST

TARGET_ORANGE = (0.9, 0.5, 0.22)
SURROUND_BLUE_GREY = hex_color((0.57, 0.64, 0.72))
#: Surrounder colours a fresh edition picks from: blue-grey, slate, teal, sage, lilac, mauve.
SURROUNDS = (SURROUND_BLUE_GREY, "#5f7896", "#4f9a94", "#8fae84", "#a48fc4", "#b07aa1")
GUIDE_GREY = (0.5, 0.5, 0.5)
SPACING = 1.3
#: Space kept clear between a ring and the canvas's side edges, in px.
MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the small-disc ring on the right", draw=EITHER)
    across: float = free(0.5, meaning="place across the canvas", draw=PLACE)
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)
    apart: float = free(256, meaning="distance between the targets", draw=Uniform(210, 300, " px", 1))
    # Counts and spacing keep neighbouring discs apart, at the smallest perturbed target too, and the
    # small ring has more discs than the large one, as in the classic figure.
    small_count: int = free(8, meaning="discs in the small ring", draw=Choice((7, 8)))
    large_count: int = free(6, meaning="discs in the large ring", draw=Choice((5, 6)))
    spacing: float = free(
        SPACING, meaning="ring distance over the radii it spans", draw=Uniform(1.3, 1.6, "", 2)
    )
    ring_turn: float = free(0, meaning="rings' turn", draw=Uniform(0, 360, "°", 1))
    surround: str = free(
        SURROUND_BLUE_GREY,
        meaning="ring colour",
        draw=Choice(SURROUNDS, ("blue-grey", "slate", "teal", "sage", "lilac", "mauve")),
    )


@dataclasses.dataclass(frozen=True)
class Group:
    center: Point
    radius: float
    surround_radius: float
    surrounders: tuple[Point, ...]  # centres of the context discs; empty in controls
    count: int = 8  # how many surrounders the ring has (a perturbation re-places them)
    spacing: float = SPACING  # ring distance over (centre radius + surrounder radius)
    turn: float = 0  # degrees the ring is turned by


@dataclasses.dataclass(frozen=True)
class Elements:
    left: Group
    right: Group
    surround: str = SURROUND_BLUE_GREY  # the surrounders' colour


class Ebbinghaus(IllusionCase[Elements, Layout]):
    number = 5
    name = "ebbinghaus"
    title = "Ebbinghaus"
    category = "size"
    question = "Are the two orange circles the same size?"
    reversed_question = "Are the two orange circles different sizes?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        radius = 20 * base_scale
        small, large = radius / 2, radius * 1.3
        # A wider spacing than the release's only as far as the large ring still fits the canvas's height.
        spacing = min(layout.spacing, max(SPACING, (self.height / 2 - MARGIN - large) / (radius + large)))
        # Neither ring (the left at its largest perturbed target) may meet the other or leave the canvas.
        left_reach = spacing * (radius * HIGHEST + small) + small
        right_reach = spacing * (radius + large) + large
        widest = self.width - 2 * MARGIN - left_reach - right_reach
        apart = min(max(layout.apart, left_reach + right_reach), widest)
        room = widest - apart
        centre = self.width / 2 + slide(layout.across, room)
        middle = self.height / 2 + slide(layout.down, self.height - 2 * MARGIN - 2 * right_reach)
        shape = {"spacing": spacing, "turn": layout.ring_turn}
        return Elements(
            left=self.group((centre - round(apart / 2), middle), radius, small, layout.small_count, **shape),
            right=self.group((centre + round(apart / 2), middle), radius, large, layout.large_count, **shape),
            surround=layout.surround,
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(
            elements,
            left=dataclasses.replace(elements.left, surrounders=()),
            right=dataclasses.replace(elements.right, surrounders=()),
        )

    def perturb(self, elements: Elements, strength: float) -> Elements:
        left = elements.left
        radius = left.radius * strength
        distance = left.spacing * (radius + left.surround_radius)
        surrounders = (
            self._placements(left.center, distance, left.count, left.turn) if left.surrounders else ()
        )
        resized = dataclasses.replace(left, radius=radius, surrounders=surrounders)
        return dataclasses.replace(elements, left=resized)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        groups = (elements.left, elements.right)
        for group in groups:
            for center in group.surrounders:
                circle(canvas, center, group.surround_radius, fill=elements.surround)
        for group in groups:
            circle(canvas, group.center, group.radius, fill=TARGET_ORANGE)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        left = elements.left
        for y in (left.center[1] - left.radius, left.center[1] + left.radius):
            line(canvas, (0, y), (self.width, y), color=GUIDE_GREY, width=1, dashed=True)

    def group(
        self,
        center: Point,
        radius: float,
        surround_radius: float,
        count: int,
        spacing: float = SPACING,
        turn: float = 0,
    ) -> Group:
        """A target of `radius` at `center` ringed by `count` surrounders of `surround_radius`."""
        distance = spacing * (radius + surround_radius)
        surrounders = self._placements(center, distance, count, turn)
        return Group(center, radius, surround_radius, surrounders, count, spacing, turn)

    def _placements(self, center: Point, distance: float, count: int, turn: float) -> tuple[Point, ...]:
        """Surrounder centres: `count` points on a circle of radius `distance`, from `turn` degrees on."""
        cx, cy = center
        angles = [2 * math.pi * i / count + math.radians(turn) for i in range(count)]
        return tuple((cx + distance * math.cos(a), cy + distance * math.sin(a)) for a in angles)


CASE = Ebbinghaus()
