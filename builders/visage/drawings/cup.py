"""Cups: a mug with a loop handle on a saucer, a paper cup, or a tall handleless Japanese yunomi.

The handle is drawn in its own role, so an audit measures it by its area.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth, stroke
from builders.visage.drawings.primitives import polygon

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "teacup"  # teacup | paper | yunomi


@dataclasses.dataclass(frozen=True)
class Geometry:
    kind: str
    body: Shape
    rim: Shape
    drink: Shape
    handle: Shape
    saucer: Shape
    bands: tuple[Shape, ...]
    steam: tuple[tuple[Point, ...], ...]


ROLES = (
    Role("body", family("white", "blue", "red", "cream", "teal", "green", "tan", "grey")),
    Role("rim", family("silver", "cream", "grey", "ivory")),
    Role("drink", family("dark_brown", "brown", "coal")),
    Role("handle", family("silver", "navy", "dark_brown", "grey", "dark_grey"), shaded="body"),
    Role("band", family("gold", "navy", "red", "brown", "green")),
    Role("steam", family("silver", "white", "ivory")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    kind = variant.kind
    steam = tuple(((x, -17.0), (x + 2.5, -23.0), (x - 1.0, -29.0), (x + 1.5, -34.0)) for x in (-5.0, 3.0))
    if kind == "paper":
        body: Shape = ((-13.0, -14.0), (13.0, -14.0), (9.5, 28.0), (-9.5, 28.0))
        rim = ribbon(((-14.0, -14.5), (14.0, -14.5)), (3.0, 3.0))
        drink = ellipse_points((0.0, -14.5), 12.0, 2.4, 18)
        bands = (((-12.0, -3.0), (12.0, -3.0), (10.9, 10.0), (-10.9, 10.0)),)
        return Geometry(kind, body, rim, (), (), (), bands, steam)
    if kind == "yunomi":
        # A handleless stoneware cup, barely tapering, on a small foot, glaze running down from the rim.
        body = (
            (-13.0, -16.0),
            (13.0, -16.0),
            (12.0, 8.0),
            (10.5, 20.0),
            (7.5, 23.0),
            (-7.5, 23.0),
            (-10.5, 20.0),
            (-12.0, 8.0),
        )
        rim = ellipse_points((0.0, -16.0), 13.0, 3.0, 24)
        drink = ellipse_points((0.0, -16.0), 11.2, 2.2, 24)
        drips = [(-12.6, -12.0)]
        for k in range(9):
            x = -12.4 + 24.8 * (k + 0.5) / 9
            drips += [(x - 1.0, -9.0 + 3.0 * (k % 2)), (x + 1.0, -11.0)]
        drips += [(12.6, -12.0), (12.8, -15.5), (-12.8, -15.5)]
        foot = ((-7.5, 23.0), (7.5, 23.0), (7.0, 26.0), (-7.0, 26.0))
        return Geometry(kind, body, rim, drink, (), (), (tuple(drips), foot), steam)
    body = ((-15.0, -10.0), (15.0, -10.0), (14.0, 6.0), (9.0, 15.0), (0.0, 17.5), (-9.0, 15.0), (-14.0, 6.0))
    rim = ellipse_points((0.0, -10.0), 15.0, 3.2, 24)
    drink = ellipse_points((0.0, -10.0), 13.2, 2.4, 24)
    handle = ribbon(
        ((14.2, -5.0), (22.0, -6.0), (24.5, 1.0), (20.0, 7.5), (12.0, 9.0)), (3.2, 3.0, 3.0, 3.0, 3.2)
    )
    saucer = ellipse_points((0.0, 18.0), 26.0, 5.0, 30)
    bands = (((-14.8, -5.0), (14.8, -5.0), (14.6, -2.5), (-14.6, -2.5)),)
    return Geometry(kind, body, rim, drink, handle, saucer, bands, steam)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for wisp in g.steam:
        stroke(parent, wisp, colours["steam"], 1.0)
    if g.saucer:
        smooth(parent, g.saucer, colours["rim"])
    if g.handle:
        smooth(parent, g.handle, colours["handle"])
    if g.kind == "paper":
        polygon(parent, g.body, colours["body"])
    else:
        smooth(parent, g.body, colours["body"], tension=0.35 if g.kind == "yunomi" else 1.0)
    for band in g.bands:
        polygon(parent, band, colours["band"])
    smooth(parent, g.rim, colours["rim"])
    if g.drink:
        smooth(parent, g.drink, colours["drink"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"handle": Measured(int(bool(g.handle)), presence(("handle",), min_area=15.0))}


DRAWER = Drawer("cup", ROLES, geometry, draw, measures, silhouette=("body",))
