"""A sunflower: a ring of petals round a big seed disc, on a stem with two broad leaves.

Petals are laid in two staggered rows so a circle through them is petal all
round; their colour is read at points in that ring.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import ellipse_points, smooth, stroke
from builders.visage.drawings.primitives import circle

Shape = tuple[Point, ...]
CENTRE = (0.0, -10.0)


@dataclasses.dataclass(frozen=True)
class Variant:
    petals: int = 22


@dataclasses.dataclass(frozen=True)
class Geometry:
    petals: tuple[Shape, ...]
    disc: float
    seeds: tuple[Point, ...]
    stem: tuple[Point, ...]
    leaves: tuple[Shape, ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("petal", family("yellow", "red", "white")),
    Role("back", family("gold", "orange", "cream"), shaded="petal"),
    Role("disc", family("dark_brown", "brown")),
    Role("seeds", family("coal", "black", "wood")),
    Role("stem", family("green")),
    Role("leaf", family("green", "lime"), shaded="stem"),
)


def _petal(angle: float, inner: float, outer: float, width: float) -> Shape:
    a = math.radians(angle)
    ux, uy, nx, ny = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    cx, cy = CENTRE
    pts = []
    for t, w in ((0.0, 0.3), (0.35, 1.0), (0.75, 0.8), (1.0, 0.0)):
        r = inner + (outer - inner) * t
        pts.append((cx + ux * r + nx * width * w / 2, cy + uy * r + ny * width * w / 2))
    for t, w in ((0.75, 0.8), (0.35, 1.0), (0.0, 0.3)):
        r = inner + (outer - inner) * t
        pts.append((cx + ux * r - nx * width * w / 2, cy + uy * r - ny * width * w / 2))
    return tuple(pts)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    turn = rng.uniform(0, 360 / variant.petals)
    disc = 9.5
    petals = tuple(
        _petal(turn + 360 * (k + row * 0.5) / variant.petals, disc - 1.0, disc + 12.5 - row * 2.0, 5.6)
        for row in (0, 1)
        for k in range(variant.petals)
    )
    # A golden-angle spiral of seeds on the disc.
    seeds = tuple(
        (
            CENTRE[0] + 0.85 * math.sqrt(k) * math.cos(k * 2.39996),
            CENTRE[1] + 0.85 * math.sqrt(k) * math.sin(k * 2.39996),
        )
        for k in range(8, 110)
    )
    bend = rng.uniform(-3, 3)
    stem = ((0.0, -10.0), (bend, 8.0), (bend * 0.5, 30.0))
    leaves = (
        ellipse_points((bend - 8.0, 14.0), 8.0, 3.6, 14, -25),
        ellipse_points((bend + 8.0, 20.0), 8.0, 3.6, 14, 25),
    )
    ring = disc + 5.0
    probes = tuple(
        (CENTRE[0] + ring * math.cos(math.radians(a)), CENTRE[1] + ring * math.sin(math.radians(a)))
        for a in (20, 100, 200, 290)
    )
    return Geometry(petals, disc, seeds, stem, leaves, probes)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    stroke(parent, g.stem, colours["stem"], 2.6)
    for leaf in g.leaves:
        smooth(parent, leaf, colours["leaf"])
    half = len(g.petals) // 2
    for petal in g.petals[half:]:
        smooth(parent, petal, colours["back"])
    for petal in g.petals[:half]:
        smooth(parent, petal, colours["petal"])
    circle(parent, CENTRE, g.disc, colours["disc"])
    for seed in g.seeds:
        circle(parent, seed, 0.42, colours["seeds"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["petal"]), colour(*g.probes))}


DRAWER = Drawer("sunflower", ROLES, geometry, draw, measures, silhouette=("petal",))
