"""A cauliflower head: a dome of knobbly florets (the curd) cupped by broad green leaves.

The curd's colour is read at points on the florets, clear of the lines
between them and of the leaves.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import ellipse_points, smooth, stroke

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    florets: int = 11


@dataclasses.dataclass(frozen=True)
class Geometry:
    curd: Shape
    florets: tuple[Shape, ...]
    leaves: tuple[Shape, ...]
    ribs: tuple[tuple[Point, ...], ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("curd", family("white", "orange", "purple", "cream")),
    Role("floret", family("cream", "silver", "gold"), shaded="curd"),
    Role("leaf", family("green")),
    Role("rib", family("lime", "ivory", "cream")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    # The curd: a dome with a bumpy top edge, the bumps being the florets seen from the side.
    florets = []
    for row, (ry_, count, y0) in enumerate(((5.5, 6, -12.0), (5.0, 5, -5.0), (4.6, 6, 2.0))):
        for k in range(count):
            x = -19.0 + 38.0 * (k + 0.5) / count + (1.5 if row % 2 else 0.0)
            y = y0 + 0.02 * x * x * (1 if row == 0 else 0.4)
            florets.append(ellipse_points((x + rng.uniform(-0.6, 0.6), y), ry_ * 1.25, ry_, 14))
    curd = ellipse_points((0.0, -3.0), 23.0, 14.0, 40)
    probes = [(x, y) for x, y in ((-6.0, -11.0), (6.5, -11.0), (0.0, -4.0), (-10.0, -4.0), (10.0, -4.0))]
    leaves: list[tuple[Point, ...]] = []
    ribs = []
    for side in (-1.0, 1.0):
        for lift, reach in ((0.0, 30.0), (10.0, 25.0)):
            base = (side * 4.0, 16.0)
            tip = (side * reach, 2.0 - lift)
            mid = (side * reach * 0.55, 12.0 - lift * 0.5)
            leaves.append((base, (mid[0], mid[1] + 6.0), tip, (mid[0] - side * 4.0, mid[1] - 6.5)))
            ribs.append((base, mid, tip))
    leaves.append(ellipse_points((0.0, 14.0), 14.0, 5.5, 16))
    return Geometry(curd, tuple(florets), tuple(leaves), tuple(ribs), tuple(probes))


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for leaf in g.leaves[:-1]:
        smooth(parent, leaf, colours["leaf"])
    for rib in g.ribs:
        stroke(parent, rib, colours["rib"], 0.8)
    smooth(parent, g.curd, colours["curd"])
    for floret in g.florets:
        smooth(parent, floret, colours["floret"])
        smooth(parent, tuple((x, y - 0.8) for x, y in floret), colours["curd"])
    smooth(parent, g.leaves[-1], colours["leaf"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["curd"]), colour(*g.probes))}


DRAWER = Drawer("cauliflower", ROLES, geometry, draw, measures, silhouette=("curd", "leaf"))
