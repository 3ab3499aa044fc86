"""Guitars, upright: an acoustic body with a round sound hole, or a solid electric or bass body.

Strings run from the bridge to the nut and fan out towards the bridge; the
string probe crosses them between the sound hole and the bridge.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Role, presence, runs
from builders.visage.drawings.primitives import circle, ellipse, line, polygon, rect

BODIES = ("acoustic", "electric")
BRIDGE_Y = 27.0
PROBE_Y = 17.0
STRING_WIDTH = 1.3


@dataclasses.dataclass(frozen=True)
class Variant:
    body: str = "acoustic"
    strings: int = 6
    #: Body size relative to a standard guitar (a tenor guitar's is smaller).
    body_scale: float = 1.0
    #: Where the nut sits; a bass's longer neck reaches higher.
    nut_y: float = -28.0


@dataclasses.dataclass(frozen=True)
class Geometry:
    body: str
    body_scale: float
    nut_y: float
    #: (x at the bridge, x at the nut) per string.
    strings: tuple[tuple[float, float], ...]
    #: Frets with an inlay dot.
    inlays: tuple[float, ...]
    cutaway: float


ROLES = (
    Role("body", family("maple", "wood", "tan", "brown")),
    Role("neck", family("dark_brown", "brown")),
    Role("hole", family("coal")),
    Role("bridge", family("dark_grey", "brown", "tan")),
    Role("guard", family("white", "black", "cream", "red", "dark_grey")),
    Role("pickups", family("black", "cream", "dark_grey", "gold")),
    Role("inlay", family("ivory", "white")),
    Role("strings", family("silver")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    n = variant.strings
    bridge_spacing = 3.0 if n > 4 else 3.6
    nut_spacing = 1.5 if n > 4 else 2.0
    strings = tuple(((k - (n - 1) / 2) * bridge_spacing, (k - (n - 1) / 2) * nut_spacing) for k in range(n))
    fret = (variant.nut_y - 2) / 12
    inlays = tuple(variant.nut_y - fret * k for k in (3, 5, 7, 9))
    return Geometry(
        body=variant.body,
        body_scale=variant.body_scale,
        nut_y=variant.nut_y,
        strings=strings,
        inlays=inlays,
        cutaway=round(rng.uniform(-6, 6), 2),
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    s = g.body_scale
    neck_half = abs(g.strings[0][1]) + 1.6
    bridge_half = abs(g.strings[0][0]) + 2.0
    if g.body == "acoustic":
        ellipse(parent, (0, 20), 19 * s, 15 * s, colours["body"])
        ellipse(parent, (0, 20 - 20 * s), 14.5 * s, 11 * s, colours["body"])
        rect(parent, -neck_half, g.nut_y, 2 * neck_half, 6 - g.nut_y, colours["neck"])
        circle(parent, (0, 20 - 17 * s), 5.5 * s, colours["hole"])
    else:
        ellipse(parent, (0, 20), 17, 14, colours["body"])
        ellipse(parent, (-10, 6 + g.cutaway / 3), 6, 10, colours["body"], transform="rotate(-18 -10 6)")
        ellipse(parent, (9, 8 - g.cutaway / 3), 5.5, 9, colours["body"], transform="rotate(15 9 8)")
        polygon(parent, [(-14, 12), (4, 10), (14, 27), (-4, 33), (-13, 27)], colours["guard"])
        rect(parent, -neck_half, g.nut_y, 2 * neck_half, 12 - g.nut_y, colours["neck"])
        for y in (13.0, 20.5):
            rect(parent, -bridge_half, y - 1.6, 2 * bridge_half, 3.2, colours["pickups"], r=0.8)
        for x, y in ((11.0, 25.5), (9.0, 30.0)):
            circle(parent, (x, y), 1.6, colours["pickups"])
    rect(parent, -bridge_half, BRIDGE_Y - 1.3, 2 * bridge_half, 3.0, colours["bridge"], r=0.8)
    for y in g.inlays:
        circle(parent, (0, y), 1.1, colours["inlay"])
    head_top = g.nut_y - 9.5
    polygon(
        parent,
        [(-neck_half, g.nut_y), (neck_half, g.nut_y), (neck_half + 2, head_top), (-neck_half - 2, head_top)],
        colours["neck"],
    )
    pegs = max(len(g.strings) // 2, 2)
    for k in range(pegs):
        y = g.nut_y - 2.2 - k * (7.0 / pegs)
        for side in (-1, 1):
            circle(parent, (side * (neck_half + 2.6), y), 1.3, colours["strings"])
    for bridge_x, nut_x in g.strings:
        line(parent, (bridge_x, BRIDGE_Y), (nut_x, g.nut_y), colours["strings"], STRING_WIDTH)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "strings": Measured(len(g.strings), runs(("strings",), (-15, PROBE_Y), (15, PROBE_Y))),
        "sound_hole": Measured(int(g.body == "acoustic"), presence(("hole",), min_area=20)),
    }


DRAWER = Drawer("guitar", ROLES, geometry, draw, measures)
