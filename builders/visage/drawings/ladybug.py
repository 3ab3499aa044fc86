"""Ladybugs from above: a domed shell split down the middle, black head and legs, round spots.

Spots never touch the midline, the rim or each other, and keep clear of the
points where the shell's colour is sampled.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.core.errors import SpecError
from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour, components
from builders.visage.drawings.primitives import circle, ellipse, line

SHELL = (0.0, 5.0, 21.0, 24.0)  # cx, cy, rx, ry
#: Where the shell's colour is read: clear of spots, midline and rim.
SHELL_POINTS: tuple[Point, ...] = ((-9.0, -4.0), (9.0, -4.0), (-10.0, 15.0), (10.0, 15.0))


@dataclasses.dataclass(frozen=True)
class Variant:
    spots: int = 6
    spot_radius: float = 3.4
    #: Twice-stabbed lady beetles have two red spots on a black shell ("mark" role).
    spot_role: str = "ink"


@dataclasses.dataclass(frozen=True)
class Geometry:
    spots: tuple[Point, ...]
    spot_radius: float
    spot_role: str


ROLES = (
    Role("shell", family("red")),
    Role("ink", family("black")),
    Role("mark", family("red")),
    Role("cheeks", family("white", "cream")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    r = variant.spot_radius
    cx, cy, rx, ry = SHELL
    spots: list[Point] = []
    per_side = variant.spots // 2
    attempts = 0
    while len(spots) < 2 * per_side:
        attempts += 1
        if attempts > 5000:
            raise SpecError(f"cannot place {variant.spots} spots of radius {r} on a ladybug; use fewer")
        x, y = rng.uniform(r + 2.0, rx - r - 1.0), rng.uniform(cy - ry + r + 3.0, cy + ry - r - 2.0)
        inside = ((x - cx) / (rx - r - 1.5)) ** 2 + ((y - cy) / (ry - r - 1.5)) ** 2 <= 1
        clear = all(math.dist((x, y), p) > r + 2.2 for p in SHELL_POINTS)
        apart = all(math.dist((x, y), s) > 2 * r + 1.5 and math.dist((-x, y), s) > 2 * r + 1.5 for s in spots)
        if inside and clear and apart:
            spots.extend([(x, y), (-x, y)])
    return Geometry(spots=tuple(spots), spot_radius=r, spot_role=variant.spot_role)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    cx, cy, rx, ry = SHELL
    for side in (-1, 1):
        for y, reach in ((-4.0, 8.0), (6.0, 9.0), (16.0, 7.0)):
            line(parent, (side * 15.0, y), (side * (rx + reach), y + 3.0), colours["ink"], 1.6)
        line(parent, (side * 4.0, -22.0), (side * 9.0, -30.0), colours["ink"], 1.2)
    ellipse(parent, (0, -19), 10.5, 7.5, colours["ink"])
    for side in (-1, 1):
        circle(parent, (side * 5.0, -20.0), 2.0, colours["cheeks"])
    ellipse(parent, (cx, cy), rx, ry, colours["shell"])
    line(parent, (0, cy - ry + 0.5), (0, cy + ry - 0.5), colours["ink"], 1.3)
    for spot in g.spots:
        circle(parent, spot, g.spot_radius, colours[g.spot_role])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "spots": Measured(len(g.spots), components(("ink", "mark"), shape="round", min_area=8)),
        "colour": Measured(colour_of(colours["shell"]), colour(*SHELL_POINTS)),
    }


DRAWER = Drawer("ladybug", ROLES, geometry, draw, measures, silhouette=("shell", "ink"))
