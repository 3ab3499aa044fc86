"""A clover stem with one leaf of heart-shaped leaflets, each with a pale chevron.

A circle through the leaflets' middles crosses each leaflet once and the gaps
between them, so an audit counts the leaflets along it.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, runs_on_circle
from builders.visage.drawings.outline import smooth, stroke

Shape = tuple[Point, ...]
CENTRE = (0.0, -5.0)


@dataclasses.dataclass(frozen=True)
class Variant:
    leaflets: int = 3


@dataclasses.dataclass(frozen=True)
class Geometry:
    leaflets: tuple[Shape, ...]
    chevrons: tuple[Shape, ...]
    stem: tuple[Point, ...]
    probe_radius: float


ROLES = (
    Role("leaf", family("green")),
    Role("mark", family("lime", "white", "cream")),
    Role("stem", family("green", "lime", "wood"), shaded="leaf"),
)


def _heart(angle: float, length: float, width: float) -> Shape:
    """A leaflet from the centre outwards: narrow at the stalk, two lobes and a notch at its tip."""
    a = math.radians(angle)
    ux, uy, nx, ny = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    local = (
        (0.06, 0.0),
        (0.14, 0.1),
        (0.34, 0.34),
        (0.7, 0.5),
        (0.97, 0.34),
        (0.9, 0.08),
        (0.82, 0.0),
        (0.9, -0.08),
        (0.97, -0.34),
        (0.7, -0.5),
        (0.34, -0.34),
        (0.14, -0.1),
    )
    cx, cy = CENTRE
    return tuple(
        (cx + ux * u * length + nx * v * width, cy + uy * u * length + ny * v * width) for u, v in local
    )


def _chevron(angle: float, length: float, width: float) -> Shape:
    a = math.radians(angle)
    ux, uy, nx, ny = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    local = ((0.36, 0.0), (0.5, 0.26), (0.55, 0.22), (0.44, 0.0), (0.55, -0.22), (0.5, -0.26))
    cx, cy = CENTRE
    return tuple(
        (cx + ux * u * length + nx * v * width, cy + uy * u * length + ny * v * width) for u, v in local
    )


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    n = variant.leaflets
    turn = -90 + rng.uniform(-15, 15)
    length = 25.0
    width = min(26.0, 2 * length * math.tan(math.radians(160 / n)) * 0.5)
    angles = [turn + 360 * k / n for k in range(n)]
    leaflets = tuple(_heart(a, length, width) for a in angles)
    chevrons = tuple(_chevron(a, length, width) for a in angles)
    bend = rng.uniform(-5, 5)
    stem = (CENTRE, (bend, 14.0), (bend * 0.4 + 3.0, 34.0))
    return Geometry(leaflets, chevrons, stem, length * 0.5)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    stroke(parent, g.stem, colours["stem"], 2.2)
    for leaflet in g.leaflets:
        smooth(parent, leaflet, colours["leaf"])
    for chevron in g.chevrons:
        smooth(parent, chevron, colours["mark"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"leaflets": Measured(len(g.leaflets), runs_on_circle(("leaf", "mark"), *CENTRE, g.probe_radius))}


DRAWER = Drawer("clover", ROLES, geometry, draw, measures, silhouette=("leaf",))
