"""An airliner seen from above: fuselage, swept wings with engines, and a tail of stabilisers and fin.

A flying wing (the B-2) is one sawtooth-edged wing with no fuselage and no
tail. The tail is its own role, measured by its area.
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
    kind: str = "airliner"  # airliner | flying_wing


@dataclasses.dataclass(frozen=True)
class Geometry:
    kind: str
    fuselage: Shape
    wings: tuple[Shape, ...]
    engines: tuple[Shape, ...]
    tail: tuple[Shape, ...]
    cockpit: Shape
    stripe: Shape


ROLES = (
    Role("body", family("white", "silver", "dark_grey", "grey")),
    Role("wing", family("silver", "grey", "white", "dark_grey"), shaded="body"),
    Role("tail", family("red", "blue", "navy", "orange", "teal", "green")),
    Role("engine", family("dark_grey", "grey", "navy", "coal")),
    Role("glass", family("coal", "navy", "pale_blue")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.kind == "flying_wing":
        wing = (
            (0.0, -16.0),
            (36.0, 6.0),
            (32.0, 10.0),
            (24.0, 5.0),
            (16.0, 11.0),
            (8.0, 5.0),
            (0.0, 11.0),
            (-8.0, 5.0),
            (-16.0, 11.0),
            (-24.0, 5.0),
            (-32.0, 10.0),
            (-36.0, 6.0),
        )
        cockpit = ((-3.0, -10.0), (3.0, -10.0), (2.0, -7.0), (-2.0, -7.0))
        engines: tuple[tuple[Point, ...], ...] = tuple(
            ((x - 2.5, -4.0), (x + 2.5, -4.0), (x + 2.0, 2.0), (x - 2.0, 2.0)) for x in (-7.0, 7.0)
        )
        return Geometry("flying_wing", (), (wing,), engines, (), cockpit, ())
    fuselage = ribbon(((0.0, -34.0), (0.0, -28.0), (0.0, 20.0), (0.0, 30.0)), (3.0, 7.0, 6.4, 2.0))
    wings = (
        ((3.0, -6.0), (33.0, 8.0), (33.0, 11.5), (3.0, 4.0)),
        ((-3.0, -6.0), (-33.0, 8.0), (-33.0, 11.5), (-3.0, 4.0)),
    )
    engines = tuple(ellipse_points((x, y), 2.4, 4.2, 12) for x, y in ((-14.0, 0.0), (14.0, 0.0)))
    tail = (
        ((1.5, 20.0), (13.0, 28.0), (13.0, 30.5), (1.5, 27.0)),
        ((-1.5, 20.0), (-13.0, 28.0), (-13.0, 30.5), (-1.5, 27.0)),
        ((-0.9, 17.0), (0.9, 17.0), (0.9, 31.0), (-0.9, 31.0)),
    )
    cockpit = ((-2.2, -30.0), (2.2, -30.0), (2.6, -27.5), (-2.6, -27.5))
    return Geometry("airliner", fuselage, wings, engines, tail, cockpit, ())


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for wing in g.wings:
        polygon(parent, wing, colours["wing"] if g.fuselage else colours["body"])
    for engine in g.engines:
        (smooth if len(engine) > 4 else polygon)(parent, engine, colours["engine"])
    for part in g.tail:
        polygon(parent, part, colours["tail"])
    if g.fuselage:
        smooth(parent, g.fuselage, colours["body"])
    polygon(parent, g.cockpit, colours["glass"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"tail": Measured(int(bool(g.tail)), presence(("tail",), min_area=15.0))}


DRAWER = Drawer("airplane", ROLES, geometry, draw, measures, silhouette=("body", "wing"))
