"""An eye, close up: lids, iris and pupil; a human one under its brow with lashes, or an animal's.

A goat's eye is a golden iris with a horizontal bar of a pupil in a furry
face; a cuttlefish's a silver iris with a W-shaped pupil in mottled skin. The
pupil is its own role: an audit counts round pupils.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, components
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth, stroke
from builders.visage.drawings.primitives import circle

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "human"  # human | goat | cuttlefish


@dataclasses.dataclass(frozen=True)
class Geometry:
    kind: str
    skin: Shape
    white: Shape
    iris: float
    pupil: Shape
    lashes: tuple[tuple[Point, Point], ...]
    brow: Shape
    spots: tuple[Shape, ...]


ROLES = (
    Role("skin", family("skin_pink", "tan", "wood", "grey", "brown", "maple")),
    Role("white", family("white", "ivory")),
    Role("iris", family("blue", "green", "brown", "gold", "silver", "teal")),
    Role("pupil", family("coal", "black")),
    Role("lid", family("dark_brown", "brown", "dark_grey"), shaded="skin"),
    Role("glint", family("white", "ivory")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    almond = tuple(
        (26.0 * math.cos(t), (11.0 if math.sin(t) < 0 else 9.5) * math.sin(t) * (1 - 0.25 * math.cos(t) ** 2))
        for t in (2 * math.pi * k / 40 for k in range(40))
    )
    skin = ellipse_points((0.0, -2.0), 34.0, 24.0, 40)
    if variant.kind == "human":
        pupil = ellipse_points((0.0, 0.0), 4.2, 4.2, 24)
        lashes = tuple(
            (
                (26.0 * math.cos(t), -11.0 * math.sin(t) * (1 - 0.25 * math.cos(t) ** 2)),
                (29.0 * math.cos(t), -15.5 * math.sin(t)),
            )
            for t in (math.radians(d) for d in range(35, 150, 14))
        )
        brow = ribbon(((-24.0, -19.0), (-4.0, -25.0), (20.0, -22.0)), (3.0, 4.2, 2.0))
        return Geometry("human", skin, almond, 10.0, pupil, lashes, brow, ())
    if variant.kind == "goat":
        pupil = ((-8.5, -2.6), (8.5, -2.6), (9.5, 0.0), (8.5, 2.6), (-8.5, 2.6), (-9.5, 0.0))
        return Geometry("goat", skin, almond, 12.5, pupil, (), (), ())
    # Cuttlefish: a W-shaped pupil.
    pupil = (
        (-10.0, -4.5),
        (-6.5, -4.5),
        (-3.5, 1.0),
        (0.0, -3.0),
        (3.5, 1.0),
        (6.5, -4.5),
        (10.0, -4.5),
        (4.5, 5.0),
        (0.0, 1.5),
        (-4.5, 5.0),
    )
    spots = tuple(
        ellipse_points((x, y), rng.uniform(1.5, 3.0), rng.uniform(1.0, 2.0), 8, rng.uniform(0, 180))
        for x, y in (
            (-28.0, -10.0),
            (-24.0, 12.0),
            (24.0, -14.0),
            (28.0, 8.0),
            (-10.0, -19.0),
            (12.0, 17.0),
            (0.0, 19.0),
            (-16.0, 18.0),
            (16.0, -19.0),
        )
    )
    return Geometry("cuttlefish", skin, almond, 12.5, pupil, (), (), spots)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    smooth(parent, g.skin, colours["skin"])
    for spot in g.spots:
        smooth(parent, spot, colours["lid"])
    if g.brow:
        smooth(parent, g.brow, colours["lid"])
    smooth(parent, tuple((x * 1.06, y * 1.2) for x, y in g.white), colours["lid"])
    smooth(parent, g.white, colours["white"] if g.kind == "human" else colours["iris"])
    if g.kind == "human":
        circle(parent, (0.0, 0.0), g.iris, colours["iris"])
    smooth(parent, g.pupil, colours["pupil"], tension=0.4 if g.kind != "human" else 1.0)
    circle(parent, (2.6, -3.0), 1.4, colours["glint"])
    for start, end in g.lashes:
        stroke(parent, (start, end), colours["lid"], 0.9)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "round_pupil": Measured(int(g.kind == "human"), components(("pupil",), shape="round", min_area=10.0))
    }


DRAWER = Drawer("eye", ROLES, geometry, draw, measures, silhouette=("skin",))
