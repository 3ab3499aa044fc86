"""A mushroom in side view, cap tilted to show its underside: gills, a bolete's pores, or a morel's honeycomb.

A gilled mushroom shows a fan of gill lines under its cap (their own role,
measured by area); a bolete a spongy surface of pores on a stout stem; a morel
a pitted conical cap with no underside to speak of.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth, stroke
from builders.visage.drawings.primitives import circle

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "gilled"  # gilled | bolete | morel


@dataclasses.dataclass(frozen=True)
class Geometry:
    kind: str
    cap: Shape
    underside: Shape
    stem: Shape
    gills: tuple[tuple[Point, Point], ...]
    pores: tuple[Point, ...]
    pits: tuple[Shape, ...]
    grass: tuple[tuple[Point, ...], ...]


ROLES = (
    Role("cap", family("red", "tan", "brown", "wood", "white", "cream")),
    Role("under", family("cream", "ivory", "yellow", "maple")),
    Role("gill", family("brown", "wood", "dark_brown")),
    Role("stem", family("white", "ivory", "cream", "tan")),
    Role("pit", family("dark_brown", "brown"), shaded="cap"),
    Role("grass", family("green")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    grass = tuple(((x, 30.0), (x + rng.uniform(-2, 2), 30.0 - rng.uniform(4, 8))) for x in range(-20, 21, 4))
    if variant.kind == "morel":
        cap: Shape = (
            (0.0, -34.0),
            (8.0, -26.0),
            (12.0, -12.0),
            (12.5, 0.0),
            (0.0, 3.0),
            (-12.5, 0.0),
            (-12.0, -12.0),
            (-8.0, -26.0),
        )
        stem = ribbon(((0.0, 0.0), (0.0, 16.0), (0.0, 29.0)), (15.0, 13.0, 15.0))
        pits = tuple(
            ellipse_points((x, y), 2.4, 3.2, 8, rng.uniform(-20, 20))
            for y in (-25.0, -17.0, -9.0, -2.0)
            for x in ((-4.0, 4.0) if y < -20 else (-7.5, 0.0, 7.5))
        )
        return Geometry("morel", cap, (), stem, (), (), pits, grass)
    stem_width = 9.0 if variant.kind == "gilled" else 15.0
    stem = ribbon(((0.0, -6.0), (1.0, 12.0), (0.0, 29.0)), (stem_width, stem_width * 1.05, stem_width * 1.2))
    cap = tuple(
        (26.0 * math.cos(t), -8.0 - 18.0 * abs(math.sin(t)) ** 0.9)
        for t in (math.radians(d) for d in range(180, 361, 10))
    )
    underside = ellipse_points((0.0, -5.0), 25.5, 7.5, 30)
    if variant.kind == "gilled":
        gills = tuple(
            ((0.0, -3.0), (24.5 * math.cos(math.radians(a)), -5.0 + 7.2 * math.sin(math.radians(a))))
            for a in range(0, 181, 9)
            if not 72 < a < 108
        )
        return Geometry("gilled", cap, underside, stem, gills, (), (), grass)
    pores = tuple(
        (x + rng.uniform(-0.4, 0.4), -5.0 + y)
        for x in range(-22, 23, 3)
        for y in (0.0, 2.5, 5.0)
        if (x / 24.0) ** 2 + (y / 6.5) ** 2 < 0.9
    )
    return Geometry("bolete", cap, underside, stem, (), pores, (), grass)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for blade in g.grass:
        stroke(parent, blade, colours["grass"], 1.0)
    smooth(parent, g.stem, colours["stem"])
    if g.underside:
        smooth(parent, g.underside, colours["under"])
    for start, end in g.gills:
        stroke(parent, (start, end), colours["gill"], 0.5)
    for pore in g.pores:
        circle(parent, pore, 0.45, colours["pit"])
    smooth(parent, g.cap, colours["cap"], tension=0.8)
    for pit in g.pits:
        smooth(parent, pit, colours["pit"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"gills": Measured(int(bool(g.gills)), presence(("gill",), min_area=6.0))}


DRAWER = Drawer("mushroom", ROLES, geometry, draw, measures, silhouette=("cap", "stem"))
