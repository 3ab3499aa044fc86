"""A broadleaf tree: a trunk forking into branches under a crown of leafy clumps.

`Variant.shape` gives a round crown (a beech, a plum) or a low spreading one in
layers (a Japanese maple). The leaves' colour is read at points in the crown.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "round"  # round | spreading


@dataclasses.dataclass(frozen=True)
class Geometry:
    trunk: Shape
    branches: tuple[Shape, ...]
    back: tuple[Shape, ...]
    front: tuple[Shape, ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("leaf", family("green", "purple", "red")),
    Role("shadow", family("green", "navy", "dark_brown"), shaded="leaf"),
    Role("trunk", family("brown", "dark_brown", "wood", "dark_grey")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.shape == "spreading":
        trunk = ribbon(((0.0, 33.0), (-1.0, 20.0), (1.0, 10.0)), (5.5, 4.2, 3.4))
        branches = (
            ribbon(((0.0, 14.0), (-12.0, 4.0), (-24.0, 0.0)), (2.6, 1.8, 1.0)),
            ribbon(((0.5, 12.0), (12.0, 2.0), (24.0, -2.0)), (2.6, 1.8, 1.0)),
        )
        layers = [
            ((-16.0, 2.0), 12.0, 6.5),
            ((14.0, 0.0), 12.0, 6.5),
            ((-2.0, -6.0), 15.0, 7.5),
            ((-10.0, -14.0), 10.0, 5.5),
            ((9.0, -15.0), 10.0, 5.5),
            ((0.0, -21.0), 8.0, 4.5),
        ]
        probes: tuple[Point, ...] = ((-2.0, -6.0), (-10.0, -14.0), (9.0, -15.0), (-16.0, 2.0))
    else:
        trunk = ribbon(((0.0, 33.0), (0.0, 18.0), (0.0, 6.0)), (6.5, 5.0, 4.0))
        branches = (
            ribbon(((0.0, 12.0), (-8.0, 2.0), (-13.0, -4.0)), (2.6, 1.8, 1.2)),
            ribbon(((0.0, 10.0), (8.0, 0.0), (12.0, -6.0)), (2.6, 1.8, 1.2)),
        )
        layers = [
            ((-14.0, -6.0), 10.0, 9.0),
            ((14.0, -6.0), 10.0, 9.0),
            ((0.0, -16.0), 13.0, 11.0),
            ((-9.0, -22.0), 9.0, 8.0),
            ((9.0, -22.0), 9.0, 8.0),
            ((0.0, -3.0), 12.0, 8.0),
        ]
        probes = ((0.0, -16.0), (-9.0, -22.0), (9.0, -22.0), (-14.0, -6.0), (14.0, -6.0))
    back, front = [], []
    for (x, y), rx, ry in layers:
        jitter = rng.uniform(-1.0, 1.0)
        back.append(ellipse_points((x + 1.5, y + 1.5), rx, ry, 16))
        front.append(ellipse_points((x + jitter * 0.5, y), rx * 0.9, ry * 0.88, 16))
    return Geometry(trunk, branches, tuple(back), tuple(front), probes)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    smooth(parent, g.trunk, colours["trunk"])
    for branch in g.branches:
        smooth(parent, branch, colours["trunk"])
    for clump in g.back:
        smooth(parent, clump, colours["shadow"])
    for clump in g.front:
        smooth(parent, clump, colours["leaf"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["leaf"]), colour(*g.probes))}


DRAWER = Drawer("tree", ROLES, geometry, draw, measures, silhouette=("leaf", "shadow"))
