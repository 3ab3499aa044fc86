"""A helicopter in side view: a cabin with windows, a main rotor on its mast, skids or wheels.

A single-rotor helicopter has a tail boom ending in a small tail rotor; a
tandem-rotor one (a Chinook) a long fuselage with a rotor at each end; a
coaxial one (a Kamov) two rotors stacked on one mast and a tail with fins
only. The tail rotor is its own role, measured by its area.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth
from builders.visage.drawings.primitives import circle, line, polygon

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    layout: str = "single"  # single | tandem | coaxial


@dataclasses.dataclass(frozen=True)
class Geometry:
    layout: str
    body: tuple[Shape, ...]
    windows: tuple[Shape, ...]
    rotors: tuple[tuple[Point, float], ...]  # (hub, half span) per main rotor
    masts: tuple[tuple[Point, Point], ...]
    tail_rotor: tuple[Point, float] | None
    fins: tuple[Shape, ...]
    gear: tuple[tuple[Point, Point], ...]
    wheels: tuple[Point, ...]


ROLES = (
    Role("body", family("red", "yellow", "blue", "green", "white", "orange", "dark_grey", "silver")),
    Role("trim", family("white", "navy", "black", "dark_grey", "cream"), shaded="body"),
    Role("glass", family("pale_blue", "lcd")),
    Role("blade", family("coal", "dark_grey", "black")),
    Role("tail_rotor", family("silver", "grey", "white")),
    Role("gear", family("dark_grey", "grey", "coal")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.layout == "tandem":
        body = (
            (
                (-30.0, 2.0),
                (-28.0, -6.0),
                (-22.0, -8.0),
                (22.0, -8.0),
                (30.0, -4.0),
                (33.0, 2.0),
                (30.0, 8.0),
                (-26.0, 9.0),
            ),
            ((-31.0, -3.0), (-26.0, -17.0), (-18.0, -17.0), (-18.0, -5.0)),
        )  # rear pylon
        portholes = [ellipse_points((x, -2.0), 1.4, 1.4, 8) for x in (-12.0, -6.0, 0.0, 6.0, 12.0)]
        windows = (((24.0, -6.5), (30.0, -3.5), (31.5, 0.5), (25.0, 0.5)), *portholes)
        rotors: tuple[tuple[Point, float], ...] = (((-22.0, -19.0), 15.5), ((24.0, -11.0), 15.5))
        masts: tuple[tuple[Point, Point], ...] = (
            ((-22.0, -17.0), (-22.0, -19.0)),
            ((24.0, -8.0), (24.0, -11.0)),
        )
        gear: tuple[tuple[Point, Point], ...] = (((-18.0, 9.0), (-18.0, 12.0)), ((18.0, 9.0), (18.0, 12.0)))
        return Geometry("tandem", body, windows, rotors, masts, None, (), gear, ((-18.0, 13.5), (18.0, 13.5)))
    cabin = (
        (-10.0, 4.0),
        (-12.0, -4.0),
        (-6.0, -10.0),
        (6.0, -11.0),
        (15.0, -7.0),
        (19.0, 0.0),
        (16.0, 6.0),
        (4.0, 8.5),
        (-6.0, 8.0),
    )
    boom = ribbon(((-8.0, -2.0), (-24.0, -3.0), (-36.0, -5.0)), (6.0, 3.4, 2.4))
    windows = (
        ((6.0, -10.0), (14.5, -6.5), (18.0, -0.5), (10.0, -0.5), (6.5, -4.0)),
        ((-4.0, -8.5), (4.0, -9.5), (4.0, -3.0), (-4.0, -3.0)),
    )
    gear = (((-6.0, 8.0), (-8.0, 13.0)), ((8.0, 8.0), (10.0, 13.0)), ((-14.0, 13.0), (18.0, 13.0)))
    fins: tuple[Shape, ...] = ()
    tail = None
    if variant.layout == "coaxial":
        rotors = (((2.0, -16.0), 27.0), ((2.0, -20.0), 27.0))
        masts = (((2.0, -11.0), (2.0, -20.5)),)
        fins = (
            ((-36.0, -5.0), (-38.0, -12.0), (-35.0, -12.0), (-32.0, -5.0)),
            ((-36.0, -4.0), (-38.5, 3.0), (-35.5, 3.0), (-32.0, -4.0)),
        )
    else:
        rotors = (((2.0, -16.0), 28.0),)
        masts = (((2.0, -11.0), (2.0, -16.5)),)
        fins = (((-34.0, -5.0), (-37.5, -12.0), (-35.0, -12.5), (-31.0, -5.0)),)
        tail = ((-36.0, -5.5), 4.6)
    return Geometry(variant.layout, (cabin, boom), windows, rotors, masts, tail, fins, gear, ())


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for start, end in g.gear:
        line(parent, start, end, colours["gear"], 1.2)
    for wheel in g.wheels:
        circle(parent, wheel, 2.2, colours["gear"])
    for fin in g.fins:
        polygon(parent, fin, colours["trim"])
    for shape in g.body:
        smooth(parent, shape, colours["body"], tension=0.7)
    for window in g.windows:
        smooth(parent, window, colours["glass"], tension=0.5)
    if g.tail_rotor:
        (x, y), r = g.tail_rotor
        circle(parent, (x, y), r, colours["tail_rotor"])
        line(parent, (x, y - r), (x, y + r), colours["blade"], 0.9)
        line(parent, (x - r, y), (x + r, y), colours["blade"], 0.9)
    for start, end in g.masts:
        line(parent, start, end, colours["gear"], 1.6)
    for (x, y), span in g.rotors:
        polygon(
            parent,
            ((x - span, y - 0.7), (x + span, y - 0.7), (x + span, y + 0.7), (x - span, y + 0.7)),
            colours["blade"],
        )
        circle(parent, (x, y), 1.6, colours["gear"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"tail_rotor": Measured(int(g.tail_rotor is not None), presence(("tail_rotor",), min_area=20.0))}


DRAWER = Drawer("helicopter", ROLES, geometry, draw, measures, silhouette=("body", "blade"))
