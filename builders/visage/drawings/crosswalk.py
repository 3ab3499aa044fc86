"""A crosswalk seen from above: a stretch of road between two kerbs, broad bars painted across it.

The bars are the attribute: white on most roads, yellow in some school zones,
one colour each in a rainbow crosswalk. Their colour is read at points on the
middle bar (in a rainbow crosswalk, the bar painted in the `stripe` role).
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.primitives import rect

BARS = 6
RAINBOW = ("stripe", "band_orange", "band_yellow", "band_green", "band_blue", "band_purple")


@dataclasses.dataclass(frozen=True)
class Variant:
    rainbow: bool = False


@dataclasses.dataclass(frozen=True)
class Geometry:
    rainbow: bool
    bars: tuple[tuple[float, float, float, float], ...]  # x, y, width, height
    dashes: tuple[tuple[float, float, float, float], ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("road", family("dark_grey", "grey")),
    Role("kerb", family("silver", "tan", "cream")),
    Role("stripe", family("white", "yellow", "red")),
    Role("line", family("yellow", "white", "gold")),
    Role("band_orange", family("orange")),
    Role("band_yellow", family("yellow")),
    Role("band_green", family("green")),
    Role("band_blue", family("blue")),
    Role("band_purple", family("purple")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    width, gap = 5.2, 3.0
    start = -(BARS * width + (BARS - 1) * gap) / 2
    bars = tuple((start + k * (width + gap), -16.0, width, 32.0) for k in range(BARS))
    dashes = ((-36.0, -1.0, 7.0, 2.0), (29.0, -1.0, 7.0, 2.0))
    first = bars[0]
    probes = ((first[0] + width / 2, -9.0), (first[0] + width / 2, 0.5), (first[0] + width / 2, 9.0))
    return Geometry(variant.rainbow, bars, dashes, probes)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    rect(parent, -38.0, -24.0, 76.0, 5.0, colours["kerb"])
    rect(parent, -38.0, -19.0, 76.0, 38.0, colours["road"])
    rect(parent, -38.0, 19.0, 76.0, 5.0, colours["kerb"])
    for x, y, w, h in g.dashes:
        rect(parent, x, y, w, h, colours["line"])
    for index, (x, y, w, h) in enumerate(g.bars):
        role = RAINBOW[index % len(RAINBOW)] if g.rainbow else "stripe"
        rect(parent, x, y, w, h, colours[role])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["stripe"]), colour(*g.probes))}


DRAWER = Drawer("crosswalk", ROLES, geometry, draw, measures, silhouette=("road", "kerb"))
