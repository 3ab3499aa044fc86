"""A snowflake: a stellar dendrite of arms with side branches round a small hexagonal centre.

Six arms as a rule; twelve in a twelve-branched snowflake (two crystals grown
together), three around a triangular plate in a triangular one. A circle
through the arms crosses each arm once, so an audit counts them along it.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, runs_on_circle
from builders.visage.drawings.primitives import line, polygon, regular_polygon

Shape = tuple[Point, ...]
ARM = 32.0
PROBE = 13.0  # radius of the counting circle: past the centre, before the first side branch


@dataclasses.dataclass(frozen=True)
class Variant:
    arms: int = 6


@dataclasses.dataclass(frozen=True)
class Geometry:
    arms: tuple[float, ...]  # angles in degrees
    branches: tuple[tuple[Point, Point], ...]
    centre: Shape
    width: float


ROLES = (
    Role("ice", family("white", "pale_blue", "ivory")),
    Role("core", family("pale_blue", "silver", "white"), shaded="ice"),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    n = variant.arms
    turn = -90.0 + rng.uniform(-10, 10)
    arms = tuple(turn + 360 * k / n for k in range(n))
    branches = []
    reach = ARM if n < 12 else ARM * 0.92
    for a in arms:
        ux, uy = math.cos(math.radians(a)), math.sin(math.radians(a))
        for t, length in ((0.55, 9.0), (0.78, 6.5)):
            base = (ux * reach * t, uy * reach * t)
            for side in (-60.0, 60.0):
                b = math.radians(a + side)
                scale = length * (0.6 if n == 12 else 1.0)
                branches.append((base, (base[0] + scale * math.cos(b), base[1] + scale * math.sin(b))))
    centre_sides = 3 if n == 3 else 6
    centre = tuple(regular_polygon((0.0, 0.0), 11.0 if n == 3 else 6.0, centre_sides, turn))
    return Geometry(arms, tuple(branches), centre, 2.6 if n < 12 else 2.0)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    reach = ARM if len(g.arms) < 12 else ARM * 0.92
    for a in g.arms:
        end = (reach * math.cos(math.radians(a)), reach * math.sin(math.radians(a)))
        line(parent, (0.0, 0.0), end, colours["ice"], g.width)
    for start, end in g.branches:
        line(parent, start, end, colours["ice"], g.width * 0.7)
    polygon(parent, g.centre, colours["core"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    radius = PROBE if len(g.arms) != 3 else PROBE + 3.0
    return {"arms": Measured(len(g.arms), runs_on_circle(("ice", "core"), 0.0, 0.0, radius))}


DRAWER = Drawer("snowflake", ROLES, geometry, draw, measures, silhouette=("ice",))
