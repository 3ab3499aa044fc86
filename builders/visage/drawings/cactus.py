"""A potted cactus: a ribbed column with two arms bristling with spines, or a spineless dome.

Spineless domes come as a star cactus (eight flat ribs, white felt tufts) or a
peyote (soft rounded lobes, tufts of hair). Spines are short strokes along
the ribs, their own role, so an audit measures them by their area.
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
from builders.visage.drawings.primitives import circle, polygon

Shape = tuple[Point, ...]
POT_TOP = 14.0


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "column"  # column | star | peyote


@dataclasses.dataclass(frozen=True)
class Geometry:
    variant: Variant
    body: tuple[Shape, ...]
    ribs: tuple[tuple[Point, ...], ...]
    spines: tuple[tuple[Point, Point], ...]
    tufts: tuple[Point, ...]
    pot: Shape
    rim: Shape


ROLES = (
    Role("body", family("green", "teal", "lime")),
    Role("rib", family("green", "teal"), shaded="body"),
    Role("spine", family("cream", "ivory", "yellow", "white")),
    Role("felt", family("white", "silver", "cream")),
    Role("pot", family("orange", "wood", "carrot_orange", "red")),
    Role("rim", family("wood", "brown", "maple"), shaded="pot"),
)


def _spines_along(points: list[Point], rng: random.Random) -> list[tuple[Point, Point]]:
    found = []
    for k, (x, y) in enumerate(points):
        side = -1 if k % 2 else 1
        for a in (-30.0, 30.0):
            angle = math.radians(a + (0 if side > 0 else 180) + rng.uniform(-10, 10))
            found.append(((x, y), (x + 1.8 * math.cos(angle), y + 1.8 * math.sin(angle))))
    return found


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    pot = ((-13.0, POT_TOP), (13.0, POT_TOP), (10.0, 34.0), (-10.0, 34.0))
    rim = ((-14.5, POT_TOP - 1.5), (14.5, POT_TOP - 1.5), (14.5, POT_TOP + 3.0), (-14.5, POT_TOP + 3.0))
    if variant.shape == "column":
        trunk = ribbon(((0.0, POT_TOP + 1.0), (0.0, -8.0), (0.0, -30.0)), (13.0, 12.5, 11.0))
        top = ellipse_points((0.0, -30.0), 5.5, 4.0, 12)
        left = ribbon(((-5.0, 0.0), (-13.0, -1.0), (-15.5, -8.0), (-15.5, -18.0)), (6.0, 6.5, 6.5, 6.0))
        right = ribbon(((5.0, -8.0), (12.0, -9.0), (14.5, -15.0), (14.5, -24.0)), (6.0, 6.5, 6.5, 6.0))
        tips = (ellipse_points((-15.5, -18.0), 3.0, 2.2, 10), ellipse_points((14.5, -24.0), 3.0, 2.2, 10))
        ribs: tuple[Shape, ...] = tuple(
            ((x, POT_TOP - 1.0), (x * 1.05, -8.0), (x * 0.9, -31.0)) for x in (-3.0, 0.0, 3.0)
        )
        ribs += (((-15.5, -2.5), (-15.5, -18.5)), ((14.5, -11.0), (14.5, -24.5)))
        spine_points: list[Point] = [(x, y) for x in (-4.6, -1.5, 1.5, 4.6) for y in range(-30, 12, 4)]
        spine_points += [(x, y) for x in (-17.4, -13.6) for y in range(-18, -3, 4)]
        spine_points += [(x, y) for x in (12.6, 16.4) for y in range(-24, -11, 4)]
        return Geometry(
            variant,
            (left, right, trunk, top, *tips),
            ribs,
            tuple(_spines_along(spine_points, rng)),
            (),
            pot,
            rim,
        )
    dome = ellipse_points((0.0, POT_TOP - 5.0), 16.0, 11.0, 36)
    if variant.shape == "star":
        ribs = tuple(
            ((0.0, POT_TOP - 13.0), (16.0 * math.cos(a), POT_TOP - 5.0 + 9.0 * math.sin(a)))
            for a in (math.radians(d) for d in (200, 225, 250, 270, 290, 315, 340))
        )
        tufts = tuple(
            (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t) for (x1, y1), (x2, y2) in ribs for t in (0.3, 0.55, 0.8)
        )
    else:
        ribs = tuple(
            ((x * 0.3, POT_TOP - 14.0), (x, POT_TOP - 9.0), (x * 1.05, POT_TOP - 2.0))
            for x in (-9.0, -3.0, 3.0, 9.0)
        )
        ring = [(x, POT_TOP - 9.5 + abs(x) * 0.15) for x in (-12.0, -6.0, 0.0, 6.0, 12.0)]
        tufts = (*ring, (0.0, POT_TOP - 15.0))
    return Geometry(variant, (dome,), ribs, (), tufts, pot, rim)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for shape in g.body:
        smooth(parent, shape, colours["body"])
    for rib in g.ribs:
        stroke(parent, rib, colours["rib"], 0.9)
    for start, end in g.spines:
        stroke(parent, (start, end), colours["spine"], 0.45)
    for tuft in g.tufts:
        circle(parent, tuft, 1.2, colours["felt"])
    polygon(parent, g.pot, colours["pot"])
    polygon(parent, g.rim, colours["rim"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"spines": Measured(int(bool(g.spines)), presence(("spine",), min_area=3.0))}


DRAWER = Drawer("cactus", ROLES, geometry, draw, measures, silhouette=("body", "pot"))
