"""A soft pretzel: a rope of dough knotted into a heart with a twist, or straight pretzel rods.

Salt crystals stud the crust. A vertical line down the middle crosses a
knotted pretzel's rope three times (the top of the heart, the twist, its
point) and a rod once.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, runs
from builders.visage.drawings.outline import smooth, stroke

Shape = tuple[Point, ...]
PROBE_Y = -8.0  # where the first rod lies


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "knot"  # knot | rod


@dataclasses.dataclass(frozen=True)
class Geometry:
    shape: str
    ropes: tuple[tuple[tuple[Point, ...], float], ...]  # (centre line, width)
    salt: tuple[Point, ...]


ROLES = (
    Role("dough", family("wood", "brown", "tan")),
    Role("crust", family("dark_brown", "brown"), shaded="dough"),
    Role("salt", family("white", "ivory")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.shape == "rod":
        ropes: tuple[tuple[Shape, float], ...] = (
            (((-30.0, PROBE_Y), (0.0, PROBE_Y - 0.5), (30.0, PROBE_Y)), 6.0),
            (((6.0, PROBE_Y + 13.0), (18.0, PROBE_Y + 13.5), (31.0, PROBE_Y + 12.0)), 6.0),
        )
        salt: tuple[Point, ...] = tuple((x, PROBE_Y + rng.uniform(-1.2, 1.2)) for x in range(-26, 27, 5))
        return Geometry("rod", ropes, salt)
    # The knot: a big heart-shaped loop whose ends cross in a twist and fold back up to its sides.
    loop = [
        (
            22.0 * math.sin(t) ** 3 * 1.05,
            -(17.0 * math.cos(t) - 6.5 * math.cos(2 * t) - 2.5 * math.cos(3 * t)) + 2.0,
        )
        for t in (math.radians(d) for d in range(200, 521, 16))
    ]
    left_end = ((-5.0, 16.0), (0.0, 6.0), (7.0, 0.0), (13.0, -9.0))
    right_end = ((5.0, 16.0), (0.0, 6.0), (-7.0, 0.0), (-13.0, -9.0))
    ropes = ((tuple(loop), 6.0), (left_end, 5.6), (right_end, 5.6))
    salt = tuple(
        (x + rng.uniform(-1, 1), y + rng.uniform(-1, 1))
        for x, y in (
            (-18.0, -14.0),
            (-22.0, -2.0),
            (18.0, -14.0),
            (22.0, -2.0),
            (-12.0, 12.0),
            (12.0, 12.0),
            (0.0, 8.0),
            (-6.0, -20.0),
            (6.0, -20.0),
        )
    )
    return Geometry("knot", ropes, salt)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for spine, width in g.ropes:
        stroke(parent, spine, colours["crust"], width + 1.0)
        stroke(parent, spine, colours["dough"], width - 0.6)
    for x, y in g.salt:
        smooth(
            parent,
            ((x - 0.7, y - 0.5), (x + 0.8, y - 0.7), (x + 0.6, y + 0.6), (x - 0.6, y + 0.7)),
            colours["salt"],
        )


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"loops": Measured(3 if g.shape == "knot" else 1, runs((), (0.0, -34.0), (0.0, 34.0)))}


DRAWER = Drawer("pretzel", ROLES, geometry, draw, measures, silhouette=("dough", "crust"))
