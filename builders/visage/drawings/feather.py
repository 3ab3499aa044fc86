"""A peacock's tail feather: a long shaft, a vane of loose barbs, and at its tip an eyespot.

The eyespot is rings of bronze, gold and blue round a dark heart (the heart
its own role, measured by its area); a sword feather from the train's edge has
no eye: its tip is a glossy blade of a vane on one side of the shaft, curved
like a scimitar and frayed along its edge.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.outline import ellipse_points, smooth, stroke

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    eyespot: bool = True


@dataclasses.dataclass(frozen=True)
class Geometry:
    eyespot: bool
    shaft: tuple[Point, ...]
    barbs: tuple[tuple[Point, ...], ...]
    vane: Shape
    rings: tuple[tuple[str, Shape], ...]


ROLES = (
    Role("barb", family("green", "teal", "lime")),
    Role("vane", family("wood", "tan", "gold", "maple")),
    Role("shaft", family("ivory", "cream", "white")),
    Role("ring", family("gold", "yellow")),
    Role("heart", family("navy", "blue")),
    Role("core", family("coal", "black", "purple")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    shaft = ((0.0, 38.0), (0.6, 10.0), (0.0, -18.0), (-0.5, -36.0))
    barbs = []
    for k in range(34):
        y = 33.0 - k * 1.7
        reach = 5.0 + 8.0 * min(1.0, k / 14.0)
        for side in (-1, 1):
            droop = rng.uniform(2.5, 4.5)
            barbs.append(((0.2, y), (side * reach * 0.6, y - droop * 0.5), (side * reach, y - droop)))
    if variant.eyespot:
        vane = ellipse_points((0.0, -22.0), 12.5, 16.0, 30)
        rings = (
            ("ring", ellipse_points((0.0, -22.5), 8.5, 10.5, 26)),
            ("heart", ellipse_points((0.0, -22.0), 5.6, 7.0, 22)),
            ("core", ellipse_points((0.0, -23.0), 3.2, 3.8, 18)),
        )
        return Geometry(True, shaft, tuple(barbs), vane, rings)
    # A sword feather: at its tip a glossy blade of a vane on one side of the shaft, curved like a
    # scimitar, its outer edge frayed into barb tips; loose barbs along the rest.
    inner = [(0.6, 12.0 - 50.0 * t) for t in (k / 24 for k in range(25))]
    outer = []
    for k in range(24, -1, -1):
        t = k / 24
        y = 12.0 - 50.0 * t
        width = 9.5 * math.sin(math.pi * min(1.0, t * 1.15)) ** 0.8 + 0.8
        outer.append((0.6 + width + (1.6 if k % 2 else 0.0), y - (1.8 if k % 2 else 0.0)))
    vane = (*inner, *outer)
    return Geometry(False, shaft, tuple(barbs), vane, ())


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for barb in g.barbs:
        stroke(parent, barb, colours["barb"], 0.8)
    smooth(parent, g.vane, colours["vane"], tension=0.7 if g.eyespot else 0.3)
    for role, ring in g.rings:
        smooth(parent, ring, colours[role])
    stroke(parent, g.shaft, colours["shaft"], 1.0)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"eyespot": Measured(int(g.eyespot), presence(("core", "heart"), min_area=20.0))}


DRAWER = Drawer("feather", ROLES, geometry, draw, measures, silhouette=("barb", "vane"))
