"""Hammers: a wooden handle and a steel head, its back a split claw, a rounded peen or a second face.

The claw is drawn in its own role, so an audit measures it by its area.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth
from builders.visage.drawings.primitives import polygon

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    back: str = "claw"  # claw | peen | sledge


@dataclasses.dataclass(frozen=True)
class Geometry:
    back: str
    handle: Shape
    grip: Shape
    head: Shape
    face: Shape
    claw: Shape
    peen: Shape


ROLES = (
    Role("head", family("silver", "grey", "dark_grey")),
    Role("face", family("dark_grey", "silver", "grey"), shaded="head"),
    Role("claw", family("grey", "silver", "dark_grey")),
    Role("handle", family("maple", "wood", "tan", "orange", "red")),
    Role("grip", family("black", "red", "orange", "dark_grey", "blue")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.back == "sledge":
        handle = ribbon(((0.0, -16.0), (0.0, 10.0), (0.0, 36.0)), (4.6, 4.0, 4.6))
        grip = ribbon(((0.0, 24.0), (0.0, 36.5)), (5.2, 5.2))
        head = (
            (-17.0, -27.0),
            (17.0, -27.0),
            (18.5, -25.0),
            (18.5, -13.0),
            (17.0, -11.0),
            (-17.0, -11.0),
            (-18.5, -13.0),
            (-18.5, -25.0),
        )
        face: Shape = ((15.0, -27.0), (18.5, -25.0), (18.5, -13.0), (15.0, -11.0))
        back_face = ((-18.5, -25.0), (-15.0, -27.0), (-15.0, -11.0), (-18.5, -13.0))
        return Geometry("sledge", handle, grip, head, face, (), back_face)
    handle = ribbon(((0.0, -18.0), (0.0, 10.0), (0.0, 36.0)), (3.6, 3.2, 4.2))
    grip = ribbon(((0.0, 20.0), (0.0, 36.5)), (4.8, 5.0))
    head = (
        (-4.0, -27.0),
        (4.0, -27.0),
        (5.0, -25.0),
        (5.0, -15.0),
        (4.0, -13.0),
        (-4.0, -13.0),
        (-5.0, -15.0),
        (-5.0, -25.0),
    )
    face = ((4.0, -27.5), (17.0, -26.5), (18.5, -25.5), (18.5, -14.5), (17.0, -13.5), (4.0, -13.0))
    claw: Shape = ()
    peen: Shape = ()
    if variant.back == "claw":
        # Two curved prongs with a V-split between them, curving down and back.
        claw = (
            (-4.0, -27.0),
            (-11.0, -27.0),
            (-18.0, -24.5),
            (-24.0, -18.0),
            (-26.0, -11.0),
            (-23.5, -12.5),
            (-19.5, -18.0),
            (-14.0, -21.0),
            (-10.0, -21.0),
            (-15.0, -17.5),
            (-19.0, -10.0),
            (-16.5, -10.5),
            (-11.5, -15.5),
            (-4.0, -15.0),
        )
    else:
        peen = ellipse_points((-12.5, -20.0), 5.0, 5.0, 18)
    return Geometry(variant.back, handle, grip, head, face, claw, peen)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    smooth(parent, g.handle, colours["handle"])
    smooth(parent, g.grip, colours["grip"])
    if g.peen:
        if g.back == "peen":
            polygon(parent, ((-4.0, -24.5), (-11.0, -23.5), (-11.0, -16.5), (-4.0, -15.5)), colours["head"])
            smooth(parent, g.peen, colours["head"])
        else:
            polygon(parent, g.peen, colours["face"])
    if g.claw:
        polygon(parent, g.claw, colours["claw"])
    polygon(parent, g.head, colours["head"])
    polygon(parent, g.face, colours["face"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"claw": Measured(int(bool(g.claw)), presence(("claw",), min_area=12.0))}


DRAWER = Drawer("hammer", ROLES, geometry, draw, measures, silhouette=("head", "handle"))
