"""A fried egg from above: a spreading white with frilled edges round its yolk, or two yolks, or none.

Each yolk is a round blob in its own role; an audit counts them.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, components
from builders.visage.drawings.outline import ellipse_points, smooth

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    yolks: int = 1


@dataclasses.dataclass(frozen=True)
class Geometry:
    white: Shape
    edge: Shape
    yolks: tuple[Point, ...]
    shine: tuple[Point, ...]


ROLES = (
    Role("white", family("white")),
    Role("edge", family("maple", "tan", "cream")),
    Role("yolk", family("yellow", "orange", "gold")),
    Role("shine", family("ivory", "cream"), shaded="yolk"),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    points = []
    for k in range(20):
        a = 2 * math.pi * k / 20
        r = 26.0 * (1 + 0.14 * math.sin(3 * a + rng.uniform(0, 6.3))) * rng.uniform(0.9, 1.08)
        points.append((r * math.cos(a) * 1.15, r * math.sin(a) * 0.95))
    edge = tuple(points)
    white = tuple((x * 0.92, y * 0.92) for x, y in edge)
    yolks = {0: (), 1: ((1.0, -1.0),), 2: ((-9.5, -1.0), (9.5, 1.0))}[variant.yolks]
    shine = tuple((x - 2.8, y - 2.8) for x, y in yolks)
    return Geometry(white, edge, yolks, shine)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    smooth(parent, g.edge, colours["edge"])
    smooth(parent, g.white, colours["white"])
    for yolk in g.yolks:
        smooth(parent, ellipse_points(yolk, 7.6, 7.3, 20), colours["yolk"])
    for spot in g.shine:
        smooth(parent, ellipse_points(spot, 2.2, 1.5, 10, -30), colours["shine"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"yolks": Measured(len(g.yolks), components(("yolk", "shine"), shape="round", min_area=30.0))}


DRAWER = Drawer("fried_egg", ROLES, geometry, draw, measures, silhouette=("edge",))
