"""An iceberg at sea: jagged ice above the waterline and its far larger bulk below it.

The ice under the water is drawn in a tone of the ice above it, so a green or a
blue berg still shows the iceberg's tell-tale shape: a little above, much more
below. Sheer faces catch the light or lie in shade, small floes drift beside
it and waves ride the sea. The ice's colour is read at points on the part
above water.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import stroke
from builders.visage.drawings.primitives import polygon, rect

Shape = tuple[Point, ...]
WATER = 4.0


@dataclasses.dataclass(frozen=True)
class Variant:
    pass


@dataclasses.dataclass(frozen=True)
class Geometry:
    top: Shape
    facets: tuple[Shape, ...]
    below: Shape
    floes: tuple[Shape, ...]
    waves: tuple[tuple[Point, ...], ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("ice", family("white", "jade", "blue", "pale_blue")),
    Role("facet", family("silver", "pale_blue", "teal", "grey"), shaded="ice"),
    Role("sea", family("navy", "blue", "teal")),
    Role("deep", family("pale_blue", "silver"), shaded="ice", lighter=True),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    j = [rng.uniform(-1.5, 1.5) for _ in range(6)]
    top = (
        (-21.0, WATER),
        (-20.0, -6.0 + j[0]),
        (-14.0, -8.0),
        (-9.0, -7.0 + j[1]),
        (-4.0, -24.0 + j[2]),
        (1.0, -16.0),
        (6.0, -28.0 + j[3]),
        (11.0, -12.0),
        (17.0, -13.0 + j[4]),
        (22.0, -4.0),
        (23.0, WATER),
    )
    facets = (
        ((-4.0, -24.0 + j[2]), (1.0, -16.0), (-1.0, WATER), (-6.0, WATER)),
        ((6.0, -28.0 + j[3]), (11.0, -12.0), (11.0, WATER), (7.0, WATER)),
        ((17.0, -13.0 + j[4]), (22.0, -4.0), (23.0, WATER), (19.0, WATER)),
    )
    below = (
        (-25.0, WATER),
        (27.0, WATER),
        (33.0, 14.0),
        (26.0, 27.0),
        (8.0, 34.0),
        (-14.0, 32.0),
        (-30.0, 19.0),
    )
    floes = (
        ((-33.0, WATER), (-32.0, WATER - 2.5), (-28.5, WATER - 3.0), (-27.0, WATER)),
        ((29.0, WATER), (30.5, WATER - 3.5), (34.0, WATER - 2.0), (34.5, WATER)),
    )
    waves = tuple(
        ((x, y), (x + 2.0, y - 0.8), (x + 4.0, y))
        for x, y in ((-34.0, 9.0), (28.0, 12.0), (-32.0, 26.0), (24.0, 31.0))
    )
    probes = ((-13.0, 0.0), (-4.0, 0.5), (3.0, -10.0), (15.0, -6.0), (3.0, 1.0))
    return Geometry(top, facets, below, floes, waves, probes)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    rect(parent, -36.0, WATER, 72.0, 30.0, colours["sea"])
    polygon(parent, g.below, colours["deep"])
    for wave in g.waves:
        stroke(parent, wave, colours["deep"], 0.7)
    polygon(parent, g.top, colours["ice"])
    for facet in g.facets:
        polygon(parent, facet, colours["facet"])
    for floe in g.floes:
        polygon(parent, floe, colours["ice"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["ice"]), colour(*g.probes))}


DRAWER = Drawer("iceberg", ROLES, geometry, draw, measures, silhouette=("ice", "sea"))
