"""An iceberg at sea: jagged ice above the waterline and its larger, paler bulk below it.

The ice's colour is read at points on the part above water.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.primitives import polygon, rect

Shape = tuple[Point, ...]
WATER = 6.0


@dataclasses.dataclass(frozen=True)
class Variant:
    pass


@dataclasses.dataclass(frozen=True)
class Geometry:
    top: Shape
    facets: tuple[Shape, ...]
    below: Shape
    probes: tuple[Point, ...]


ROLES = (
    Role("ice", family("white", "green", "blue", "pale_blue")),
    Role("facet", family("silver", "pale_blue", "teal", "grey"), shaded="ice"),
    Role("sea", family("navy", "blue", "teal")),
    Role("deep", family("blue", "navy", "teal", "pale_blue")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    j = [rng.uniform(-1.5, 1.5) for _ in range(6)]
    top = (
        (-22.0, WATER),
        (-17.0, -4.0 + j[0]),
        (-11.0, -2.0),
        (-5.0, -22.0 + j[1]),
        (2.0, -14.0),
        (7.0, -26.0 + j[2]),
        (13.0, -9.0),
        (19.0, -11.0 + j[3]),
        (24.0, WATER),
    )
    facets = (
        ((-5.0, -22.0 + j[1]), (2.0, -14.0), (-1.0, WATER), (-6.0, WATER)),
        ((7.0, -26.0 + j[2]), (13.0, -9.0), (12.0, WATER), (8.0, WATER)),
    )
    below = ((-26.0, WATER), (28.0, WATER), (32.0, 18.0), (20.0, 31.0), (-12.0, 33.0), (-30.0, 20.0))
    probes = ((-13.0, 2.0), (-4.0, 2.5), (4.0, -8.0), (17.0, -4.0), (3.0, 3.0))
    return Geometry(top, facets, below, probes)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    rect(parent, -36.0, WATER, 72.0, 28.0, colours["sea"])
    polygon(parent, g.below, colours["deep"])
    polygon(parent, g.top, colours["ice"])
    for facet in g.facets:
        polygon(parent, facet, colours["facet"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["ice"]), colour(*g.probes))}


DRAWER = Drawer("iceberg", ROLES, geometry, draw, measures, silhouette=("ice", "sea"))
