"""A coin face-on: a raised rim, a profile portrait and its value, on a round, seven- or twelve-sided blank.

A seven-sided coin (the UK fifty pence) has curved sides of equal width; the
audit counts the corners of the whole coin's outline (none for a round one).
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, corners
from builders.visage.drawings.outline import ellipse_points, smooth
from builders.visage.drawings.primitives import polygon, text

Shape = tuple[Point, ...]
RADIUS = 30.0


@dataclasses.dataclass(frozen=True)
class Variant:
    sides: int = 0  # 0: round
    value: str = "25"


@dataclasses.dataclass(frozen=True)
class Geometry:
    sides: int
    rim: Shape
    face: Shape
    portrait: Shape
    value: str


ROLES = (
    Role("metal", family("silver", "gold", "maple")),
    Role("rim", family("grey", "tan", "silver", "dark_grey"), shaded="metal"),
    Role("relief", family("grey", "wood", "dark_grey"), shaded="metal"),
)


def _outline(sides: int, radius: float, turn: float) -> Shape:
    if sides == 0:
        return ellipse_points((0.0, 0.0), radius, radius, 64)
    if sides == 7:  # a Reuleaux heptagon: each side an arc about the opposite corner
        tips = [
            (
                radius * math.cos(math.radians(turn + 360 * k / 7)),
                radius * math.sin(math.radians(turn + 360 * k / 7)),
            )
            for k in range(7)
        ]
        width = math.dist(tips[0], tips[3])
        points = []
        for k in range(7):
            a, b, opposite = tips[k], tips[(k + 1) % 7], tips[(k + 4) % 7]
            start = math.atan2(a[1] - opposite[1], a[0] - opposite[0])
            end = math.atan2(b[1] - opposite[1], b[0] - opposite[0])
            if end < start:
                end += 2 * math.pi
            for t in range(6):
                u = start + (end - start) * t / 6
                points.append((opposite[0] + width * math.cos(u), opposite[1] + width * math.sin(u)))
        return tuple(points)
    return tuple(
        (
            radius * math.cos(math.radians(turn + 360 * k / sides)),
            radius * math.sin(math.radians(turn + 360 * k / sides)),
        )
        for k in range(sides)
    )


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    turn = -90.0 + rng.uniform(-8, 8)
    rim = _outline(variant.sides, RADIUS, turn)
    face = tuple((x * 0.86, y * 0.86) for x, y in rim)
    portrait = (
        (-7.0, 10.0),
        (-9.0, 2.0),
        (-8.0, -6.0),
        (-3.0, -12.0),
        (3.0, -12.5),
        (7.5, -8.0),
        (8.0, -3.0),
        (10.0, -1.0),
        (8.0, 1.0),
        (8.5, 4.0),
        (6.5, 6.0),
        (5.0, 10.0),
        (10.0, 14.0),
        (-10.0, 14.0),
    )
    return Geometry(variant.sides, rim, face, portrait, variant.value)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    shape = smooth if g.sides in (0, 7) else polygon
    shape(parent, g.rim, colours["rim"])
    shape(parent, g.face, colours["metal"])
    smooth(parent, g.portrait, colours["relief"])
    text(parent, g.value, (0.0, 19.5), 6.0, colours["relief"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"corners": Measured(g.sides, corners())}


DRAWER = Drawer("coin", ROLES, geometry, draw, measures, silhouette=("rim",))
