"""A fancy goldfish in side view, facing right: egg-shaped body, a flowing double tail, fins, a big eye.

A telescope-eyed variant (the black moor) has its eyes on stalks. The body's
colour is read at points on the flank clear of fins, gill and eye.
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


@dataclasses.dataclass(frozen=True)
class Variant:
    telescope: bool = False  # eyes bulging on short stalks (a black moor's)


@dataclasses.dataclass(frozen=True)
class Geometry:
    variant: Variant
    body: Shape
    tail: tuple[Shape, ...]
    fins: tuple[Shape, ...]
    gill: tuple[Point, ...]
    scales: tuple[tuple[Point, ...], ...]
    eye: Point
    eye_r: float
    stalk: Shape
    mouth: tuple[Point, ...]
    colour_points: tuple[Point, ...]


ROLES = (
    Role("body", family("orange", "black", "red", "gold")),
    Role("fin", family("yellow", "orange", "dark_grey"), shaded="body"),
    Role("eye", family("white", "silver", "cream")),
    Role("pupil", family("coal", "black", "navy")),
    Role("line", family("dark_brown", "brown", "dark_grey", "grey")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    sway = rng.uniform(-2.5, 2.5)
    body = (
        (24.0, 0.0),
        (20.0, -9.0),
        (8.0, -16.0),
        (-6.0, -15.0),
        (-15.0, -8.0),
        (-17.0, 0.0),
        (-15.0, 8.0),
        (-4.0, 14.5),
        (10.0, 13.0),
        (21.0, 7.0),
    )
    upper = (
        (-15.0, -3.0),
        (-24.0, -14.0 + sway),
        (-36.0, -20.0 + sway),
        (-34.0, -9.0 + sway),
        (-38.0, -1.0),
        (-26.0, -2.0),
    )
    lower = (
        (-15.0, 3.0),
        (-26.0, 2.0),
        (-38.0, 2.0),
        (-33.0, 10.0 - sway),
        (-35.0, 21.0 - sway),
        (-23.0, 14.0 - sway),
    )
    dorsal = ((8.0, -15.0), (2.0, -24.0 + sway / 2), (-10.0, -21.0), (-8.0, -13.0))
    pectoral = ((9.0, 5.0), (4.0, 15.0), (1.0, 16.0), (2.0, 7.0))
    anal = ((-8.0, 12.0), (-12.0, 19.0), (-16.0, 17.0), (-13.0, 9.0))
    gill = ((13.0, -10.0), (10.0, -2.0), (12.0, 7.0))
    scales = tuple(
        tuple((x + 2.2 * math.cos(a), y + 2.2 * math.sin(a)) for a in (-1.2, -0.6, 0.0, 0.6, 1.2))
        for x, y in ((2.0, -6.0), (-4.0, -9.0), (-4.0, -2.0), (-9.0, -5.0), (-9.0, 2.0), (2.0, 1.0))
    )
    eye, eye_r = ((17.5, -4.5), 3.4) if not variant.telescope else ((20.0, -8.0), 4.4)
    stalk = ellipse_points((18.0, -6.0), 4.0, 3.0, 12, -30) if variant.telescope else ()
    mouth = ((24.0, 1.0), (22.5, 2.5), (21.0, 2.0))
    points = ((4.0, 8.0), (-2.0, 7.0), (7.0, -8.0), (-6.0, 10.0), (0.0, -12.0))
    return Geometry(
        variant,
        body,
        (upper, lower),
        (dorsal, pectoral, anal),
        gill,
        scales,
        eye,
        eye_r,
        stalk,
        mouth,
        points,
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for fin in g.tail:
        smooth(parent, fin, colours["fin"])
    smooth(parent, g.fins[0], colours["fin"])
    smooth(parent, g.fins[2], colours["fin"])
    smooth(parent, g.body, colours["body"])
    for scale in g.scales:
        stroke(parent, scale, colours["line"], 0.45)
    stroke(parent, g.gill, colours["line"], 0.7)
    stroke(parent, g.mouth, colours["line"], 0.7)
    smooth(parent, g.fins[1], colours["fin"])
    if g.stalk:
        smooth(parent, g.stalk, colours["body"])
    circle(parent, g.eye, g.eye_r, colours["eye"])
    circle(parent, g.eye, g.eye_r * 0.55, colours["pupil"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["body"]), colour(*g.colour_points))}


DRAWER = Drawer("fish", ROLES, geometry, draw, measures, silhouette=("body",))
