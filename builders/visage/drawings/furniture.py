"""Chairs and tables in three-quarter view: a top on legs, or on a pedestal, or (a bean bag) on nothing.

The legs are the attribute. Seen from three quarters, every leg shows at its
own place left to right, so a horizontal probe under the top crosses each once.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, runs
from builders.visage.drawings.outline import ellipse_points, smooth, stroke
from builders.visage.drawings.primitives import circle, ellipse, line, polygon, rect

LEG_WIDTH = 2.8

#: Chair supports: four legs, a gas column on a five-star base, a tulip pedestal, nothing.
CHAIR_BASES = ("legs", "swivel", "tulip", "beanbag")
#: Table supports: four legs, a pedestal, a tripod.
TABLE_BASES = ("legs", "pedestal", "tripod")


@dataclasses.dataclass(frozen=True)
class Variant:
    base: str = "legs"


@dataclasses.dataclass(frozen=True)
class Geometry:
    base: str
    #: Legs as (top, bottom) segments, back legs first.
    legs: tuple[tuple[Point, Point], ...]
    probe_y: float
    probe_half: float
    tilt: float


ROLES = (
    Role("top", family("wood", "red", "blue", "white", "green", "tan", "black")),
    Role("edge", family("dark_brown", "dark_grey", "brown")),
    Role("legs", family("maple", "silver", "black", "brown")),
    Role("casters", family("coal")),
)


def chair_geometry(variant: Variant, rng: random.Random) -> Geometry:
    tilt = round(rng.uniform(-2.0, 2.0), 2)
    legs: tuple[tuple[Point, Point], ...] = ()
    if variant.base == "legs":
        legs = (
            ((-8.5, -2.0), (-8.5, 28.0)),
            ((16.5, -2.0), (16.5, 28.0)),
            ((-14.5, 7.0), (-14.5, 34.0)),
            ((10.5, 7.0), (10.5, 34.0)),
        )
    elif variant.base in ("swivel", "tulip"):
        legs = (((1.0, 8.0), (1.0, 27.0)),)
    return Geometry(base=variant.base, legs=legs, probe_y=21.0, probe_half=24.0, tilt=tilt)


def table_geometry(variant: Variant, rng: random.Random) -> Geometry:
    tilt = round(rng.uniform(-2.0, 2.0), 2)
    legs: tuple[tuple[Point, Point], ...]
    if variant.base == "legs":
        legs = (
            ((-16.0, -6.0), (-16.0, 24.0)),
            ((26.0, -6.0), (26.0, 24.0)),
            ((-24.0, 3.0), (-24.0, 31.0)),
            ((18.0, 3.0), (18.0, 31.0)),
        )
    elif variant.base == "pedestal":
        legs = (((0.0, 3.0), (0.0, 28.0)),)
    else:
        legs = (((0.0, 14.0), (0.0, 25.0)), ((0.0, 14.0), (-16.0, 31.0)), ((0.0, 14.0), (16.0, 31.0)))
    return Geometry(base=variant.base, legs=legs, probe_y=19.0, probe_half=32.0, tilt=tilt)


def draw_chair(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    if g.base == "beanbag":
        _bean_bag(parent, colours, g.tilt)
        return
    if g.base == "legs":
        for top, bottom in g.legs[:2]:
            line(parent, top, bottom, colours["legs"], LEG_WIDTH)
    back = [(-10.0, -2.0), (18.0, -2.0), (18.0 + g.tilt, -30.0), (-10.0 + g.tilt, -30.0)]
    polygon(parent, back, colours["top"])
    rect(parent, -6 + g.tilt / 2, -26, 20, 3, colours["edge"])
    if g.base == "swivel":
        for x in (-15.0, -5.0, 7.0, 17.0):
            line(parent, (1, 27), (x, 30 if abs(x) > 10 else 32), colours["legs"], LEG_WIDTH)
            circle(parent, (x, 31.5 if abs(x) > 10 else 33.5), 2.2, colours["casters"])
    if g.base == "tulip":
        ellipse(parent, (1, 29), 12, 3.5, colours["legs"])
    for top, bottom in g.legs[2:] if g.base == "legs" else g.legs:
        line(parent, top, bottom, colours["legs"], LEG_WIDTH if g.base == "legs" else 4.0)
    polygon(parent, [(-16.0, 4.0), (12.0, 4.0), (18.0, -2.0), (-10.0, -2.0)], colours["top"])
    rect(parent, -16, 4, 28, 3.2, colours["edge"])


def _bean_bag(parent: ET.Element, colours: Mapping[str, str], tilt: float) -> None:
    """A bean bag chair slumped on the floor: its back risen high behind a seat pressed deep into its
    front, the lip of the seat low, soft creases running into the hollow."""
    bag = (
        (-30.0, 33.0),
        (-34.0, 19.0),
        (-31.0, 1.0),
        (-25.0, -14.0 + tilt),
        (-16.0, -24.0 + tilt),
        (-6.0, -25.0 + tilt),
        (1.0, -19.0),
        (5.0, -8.0),
        (11.0, 1.0),
        (22.0, 3.0),
        (31.0, 8.0),
        (35.0, 18.0),
        (33.0, 28.0),
        (22.0, 33.5),
        (-4.0, 35.0),
    )
    smooth(parent, ellipse_points((1.0, 34.0), 36.0, 3.0, 24), colours["edge"])  # its shadow
    smooth(parent, bag, colours["top"])
    # The seat: a hollow pressed in front of the back, its shaded rim.
    smooth(parent, ellipse_points((13.0, 9.0), 18.0, 7.5, 28, -6.0), colours["edge"])
    smooth(parent, ellipse_points((14.5, 10.6), 16.0, 5.6, 28, -6.0), colours["top"])
    for crease in (
        ((-3.0, -17.0 + tilt), (-2.0, -6.0), (2.0, 5.0)),
        ((-14.0, -20.0 + tilt), (-15.0, -6.0), (-10.0, 8.0)),
        ((-26.0, 2.0), (-24.0, 16.0), (-27.0, 28.0)),
        ((-6.0, 18.0), (-9.0, 25.0), (-13.0, 31.0)),
        ((12.0, 19.0), (15.0, 25.0), (19.0, 31.0)),
        ((27.0, 11.0), (30.0, 17.0), (30.0, 25.0)),
    ):
        stroke(parent, crease, colours["edge"], 0.9)


def draw_table(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    if g.base == "legs":
        for top, bottom in g.legs[:2]:
            line(parent, top, bottom, colours["legs"], LEG_WIDTH)
        for top, bottom in g.legs[2:]:
            line(parent, top, bottom, colours["legs"], LEG_WIDTH)
        polygon(parent, [(-26.0, 0.0), (20.0, 0.0), (28.0, -8.0), (-18.0, -8.0)], colours["top"])
        rect(parent, -26, 0, 46, 3.4, colours["edge"])
        return
    for top, bottom in g.legs:
        line(parent, top, bottom, colours["legs"], LEG_WIDTH if g.base == "tripod" else 4.5)
    if g.base == "tripod":
        line(parent, (0, 2), (0, 14), colours["legs"], 4.5)
    else:
        ellipse(parent, (0, 29), 13, 3.5, colours["legs"])
    ellipse(parent, (0, 1.5), 27, 7.5, colours["edge"])
    ellipse(parent, (0, -1), 27, 7.5, colours["top"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    probe = runs(("legs",), (-g.probe_half, g.probe_y), (g.probe_half, g.probe_y))
    return {"legs": Measured(len(g.legs), probe)}


CHAIR = Drawer("chair", ROLES, chair_geometry, draw_chair, measures, silhouette=("top", "legs"))
TABLE = Drawer("table", ROLES, table_geometry, draw_table, measures, silhouette=("top", "legs"))
