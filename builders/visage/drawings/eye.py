"""An eye, close up: lids, iris and pupil; a human one under its brow with lashes, or an animal's.

A goat's eye is a golden iris with a horizontal bar of a pupil in a furry
face; a cuttlefish's a silver iris with a W-shaped pupil in its mottled head,
the frilled fin of its mantle above and its arms curling out below. The pupil
is its own role: an audit counts round pupils.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, components
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth, stroke, tapered
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
    #: A cuttlefish's arms under its eye and the frilled fin along its mantle.
    arms: tuple[Shape, ...] = ()
    fin: Shape = ()


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
    # A cuttlefish seen from the side, close up on its eye: a silver eye with a W-shaped pupil at the
    # front of its mottled mantle, frilled fins along the mantle's edges, its arms reaching forward.
    k, at = 0.62, (4.0, -1.0)

    def eye_part(points: tuple[Point, ...]) -> Shape:
        return tuple((at[0] + x * k, at[1] + y * k) for x, y in points)

    pupil = (
        (-10.5, -4.8),
        (-6.5, -4.8),
        (-3.6, 0.6),
        (0.0, -3.4),
        (3.6, 0.6),
        (6.5, -4.8),
        (10.5, -4.8),
        (4.8, 5.2),
        (0.0, 1.4),
        (-4.8, 5.2),
    )
    mantle = (
        (-37.0, 0.0),
        (-33.0, -9.0),
        (-20.0, -14.0),
        (0.0, -14.5),
        (14.0, -11.0),
        (20.0, -4.0),
        (20.0, 5.0),
        (14.0, 11.0),
        (0.0, 14.0),
        (-20.0, 13.5),
        (-33.0, 9.0),
    )
    fin = tuple(
        (x, sign * (12.0 + 4.0 * (1 - ((x + 10.0) / 28.0) ** 2)) + sign * 1.2 * math.sin(x * 1.1))
        for sign, xs in ((-1, range(-36, 13, 2)), (1, range(12, -37, -2)))
        for x in xs
    )
    arms = tuple(
        tapered(
            (
                (17.0, y0),
                (27.0, y0 * 0.7 + lift),
                (35.0, y0 * 0.5 + lift * 1.6),
                (38.0, y0 * 0.5 + lift * 2.4),
            ),
            3.6,
            0.8,
            12,
        )
        for y0, lift in ((-6.0, -0.8), (-2.0, 0.4), (2.0, -0.2), (6.0, 0.9))
    )
    bands = tuple(
        ribbon(
            ((x, -13.0), (x + 2.0 * rng.uniform(0.6, 1.4), -6.0), (x - 0.5, 0.0), (x + 1.5, 7.0), (x, 12.5)),
            (2.6, 2.0, 1.6, 2.0, 2.4),
        )
        for x in (-30.0, -23.0, -16.0)
    ) + tuple(
        ellipse_points((x, y), rng.uniform(1.0, 1.8), rng.uniform(0.8, 1.3), 8, rng.uniform(0, 180))
        for x, y in ((-9.0, -11.0), (-9.0, 10.5), (14.0, 8.0), (13.0, -8.5), (-4.0, 11.5))
    )
    return Geometry(
        "cuttlefish", mantle, eye_part(almond), 12.5 * k, eye_part(pupil), (), (), bands, arms, fin
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    if g.fin:
        smooth(parent, g.fin, colours["lid"], tension=0.6)
    for arm in g.arms:
        smooth(parent, arm, colours["skin"])
    smooth(parent, g.skin, colours["skin"])
    for spot in g.spots:
        smooth(parent, spot, colours["lid"])
    if g.brow:
        smooth(parent, g.brow, colours["lid"])
    cx = sum(x for x, _ in g.white) / len(g.white)
    cy = sum(y for _, y in g.white) / len(g.white)
    smooth(parent, tuple((cx + (x - cx) * 1.06, cy + (y - cy) * 1.2) for x, y in g.white), colours["lid"])
    smooth(parent, g.white, colours["white"] if g.kind == "human" else colours["iris"])
    if g.kind == "human":
        circle(parent, (0.0, 0.0), g.iris, colours["iris"])
    smooth(parent, g.pupil, colours["pupil"], tension=0.4 if g.kind != "human" else 1.0)
    circle(parent, (cx + g.iris * 0.26, cy - g.iris * 0.3), g.iris * 0.14, colours["glint"])
    for start, end in g.lashes:
        stroke(parent, (start, end), colours["lid"], 0.9)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "round_pupil": Measured(int(g.kind == "human"), components(("pupil",), shape="round", min_area=10.0))
    }


DRAWER = Drawer("eye", ROLES, geometry, draw, measures, silhouette=("skin",))
