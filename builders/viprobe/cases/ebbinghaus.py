"""Case 5, Ebbinghaus: an orange disc ringed by small discs looks larger than one ringed by large discs.

Orange discs (0.9, 0.5, 0.22) of radius R = 20·base_scale are centred at a
quarter and three quarters of the width, mid-height. Blue-grey discs
(0.57, 0.64, 0.72) surround them, evenly spaced by angle from 0°, at distance
1.3·(centre radius + surrounder radius): 8 of radius R/2 on the left, 6 of
radius 1.3·R on the right. Perturbation scales the left disc and re-places its
ring (surrounder radii stay); the control drops the surrounders; the guide is
a pair of grey dashed horizontals at the left disc's top and bottom.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.core.curves import Point
from builders.core.svg import Canvas
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import circle, line

TARGET_ORANGE = (0.9, 0.5, 0.22)
SURROUND_BLUE_GREY = (0.57, 0.64, 0.72)
GUIDE_GREY = (0.5, 0.5, 0.5)
SPACING = 1.3


@dataclasses.dataclass(frozen=True)
class Group:
    center: Point
    radius: float
    surround_radius: float
    surrounders: tuple[Point, ...]  # centres of the context discs; empty in controls


@dataclasses.dataclass(frozen=True)
class Elements:
    left: Group
    right: Group


class Ebbinghaus(IllusionCase[Elements]):
    number = 5
    name = "ebbinghaus"
    title = "Ebbinghaus"
    category = "size"
    question = "Are the two orange circles the same size?"
    reversed_question = "Are the two orange circles different sizes?"
    #: Surrounder counts of the left (small) and right (large) rings.
    counts: tuple[int, int] = (8, 6)

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        radius = 20 * base_scale
        middle = self.height / 2
        return Elements(
            left=self.group((self.width / 4, middle), radius, radius / 2, self.counts[0]),
            right=self.group((self.width * 3 / 4, middle), radius, radius * 1.3, self.counts[1]),
        )

    def control(self, elements: Elements) -> Elements:
        return Elements(
            left=dataclasses.replace(elements.left, surrounders=()),
            right=dataclasses.replace(elements.right, surrounders=()),
        )

    def perturb(self, elements: Elements, strength: float) -> Elements:
        left = elements.left
        radius = left.radius * strength
        distance = SPACING * (radius + left.surround_radius)
        surrounders = self._placements(left.center, distance, self.counts[0]) if left.surrounders else ()
        resized = dataclasses.replace(left, radius=radius, surrounders=surrounders)
        return dataclasses.replace(elements, left=resized)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        groups = (elements.left, elements.right)
        for group in groups:
            for center in group.surrounders:
                circle(canvas, center, group.surround_radius, fill=SURROUND_BLUE_GREY)
        for group in groups:
            circle(canvas, group.center, group.radius, fill=TARGET_ORANGE)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        left = elements.left
        for y in (left.center[1] - left.radius, left.center[1] + left.radius):
            line(canvas, (0, y), (self.width, y), color=GUIDE_GREY, width=1, dashed=True)

    def group(self, center: Point, radius: float, surround_radius: float, count: int) -> Group:
        """A target of `radius` at `center` ringed by `count` surrounders of `surround_radius`."""
        distance = SPACING * (radius + surround_radius)
        return Group(center, radius, surround_radius, self._placements(center, distance, count))

    def _placements(self, center: Point, distance: float, count: int) -> tuple[Point, ...]:
        """Surrounder centres: `count` points on a circle of radius `distance`, from 0° on."""
        cx, cy = center
        angles = [2 * math.pi * i / count for i in range(count)]
        return tuple((cx + distance * math.cos(a), cy + distance * math.sin(a)) for a in angles)


CASE = Ebbinghaus()
