"""Shoes in side view, toe to the right: a laced sneaker, a loafer, a wooden clog, a ballet flat.

Laces are their own role (criss-crossed strokes and a bow over the tongue), so
an audit measures them by their area.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.outline import ellipse_points, smooth, stroke
from builders.visage.drawings.primitives import circle, polygon

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "sneaker"  # sneaker | loafer | clog | flat


@dataclasses.dataclass(frozen=True)
class Geometry:
    kind: str
    upper: Shape
    sole: Shape
    trim: tuple[Shape, ...]
    laces: tuple[tuple[Point, ...], ...]
    eyelets: tuple[Point, ...]
    slot: Shape = ()


ROLES = (
    Role("upper", family("white", "red", "blue", "black", "brown", "tan", "pink", "wood", "green")),
    Role("sole", family("white", "black", "tan", "cream", "dark_brown", "wood"), shaded="upper"),
    Role("trim", family("navy", "red", "dark_grey", "gold", "silver", "dark_brown")),
    Role("laces", family("white", "coal", "red", "yellow", "ivory")),
)


def _down(shape: Shape) -> Shape:
    """Laid out with the sole's top at y = 0; the shoe's middle is 8 units lower."""
    return tuple((x, y + 8.0) for x, y in shape)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    kind = variant.kind
    sole = ((-29.5, -0.6), (28.8, -0.6), (30.0, 2.0), (28.0, 5.5), (-28.0, 5.5), (-30.5, 2.5))
    if kind == "sneaker":
        # High at the heel collar and tongue, a rounded toe box in front.
        upper: Shape = (
            (-28.0, 0.0),
            (-29.5, -9.0),
            (-27.0, -15.5),
            (-20.5, -12.5),
            (-14.5, -19.0),
            (-9.5, -18.5),
            (-8.0, -14.0),
            (1.0, -10.5),
            (12.0, -8.8),
            (22.0, -7.5),
            (27.5, -4.0),
            (28.8, 0.0),
        )
        toe = ((17.0, -7.9), (22.0, -7.5), (27.5, -4.0), (28.8, 0.0), (17.0, 0.0))
        stripe = ((-20.0, -3.0), (-6.0, -9.0), (8.0, -6.5), (-4.0, -2.5))
        eyelets = tuple((-9.0 + 3.2 * k, -15.0 + 1.2 * k) for k in range(5))
        laces: list[tuple[Point, ...]] = []
        for k in range(4):
            (x1, y1), (x2, y2) = eyelets[k], eyelets[k + 1]
            laces.append(((x1, y1), (x2 + 1.2, y2 + 2.6)))
            laces.append(((x1 + 1.2, y1 + 2.6), (x2, y2)))
        laces.append(((-9.0, -15.0), (-14.0, -22.0), (-10.0, -23.5), (-8.0, -16.5)))
        laces.append(((-9.0, -15.0), (-4.0, -22.0), (-1.5, -19.0), (-7.5, -14.0)))
        laces.append(((-8.5, -14.5), (-12.0, -9.0)))
        return Geometry(
            kind,
            _down(upper),
            _down(sole),
            (_down(toe), _down(stripe)),
            tuple(_down(lace) for lace in laces),
            _down(eyelets),
        )
    if kind == "loafer":
        upper = (
            (-28.0, 0.0),
            (-29.5, -7.0),
            (-27.0, -11.0),
            (-16.0, -8.5),
            (-6.0, -10.5),
            (8.0, -10.0),
            (20.0, -7.0),
            (27.0, -3.0),
            (28.5, 0.0),
        )
        heel = ((-29.5, 5.0), (-19.0, 5.0), (-19.5, 10.0), (-29.0, 10.0))
        saddle = ((-5.0, -10.2), (9.0, -9.8), (9.5, -5.8), (-5.5, -6.3))
        slot = ((-0.5, -8.8), (5.0, -8.6), (5.0, -7.2), (-0.5, -7.4))
        return Geometry(kind, _down(upper), _down(sole), (_down(saddle), _down(heel)), (), (), _down(slot))
    if kind == "clog":
        upper = ((-10.0, 0.0), (-6.0, -10.0), (4.0, -13.5), (16.0, -11.5), (25.0, -6.0), (28.5, 0.0))
        block = ((-29.5, -0.6), (28.8, -0.6), (30.0, 3.0), (27.0, 9.0), (-28.0, 9.0), (-30.5, 4.0))
        nails = tuple(
            ellipse_points((x, -10.0 + 0.018 * (x - 4.0) ** 2), 0.8, 0.8, 8)
            for x in (-3.0, 3.0, 9.0, 15.0, 21.0)
        )
        return Geometry(kind, _down(upper), _down(block), tuple(_down(n) for n in nails), (), ())
    upper = (
        (-28.0, 0.0),
        (-29.0, -5.0),
        (-25.0, -7.5),
        (-14.0, -5.5),
        (-2.0, -8.0),
        (12.0, -8.0),
        (23.0, -5.0),
        (28.0, -1.0),
        (28.5, 0.0),
    )
    flat_sole = ((-29.0, -0.6), (28.8, -0.6), (29.5, 1.5), (-29.5, 1.5))
    bow = (((10.0, -8.0), (6.0, -11.5), (5.5, -7.0)), ((10.0, -8.0), (14.5, -11.5), (14.5, -6.5)))
    return Geometry(
        kind, _down(upper), _down(flat_sole), tuple(_down((*a, (10.0, -8.0))) for a in bow), (), ()
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    if g.kind == "clog":
        smooth(parent, g.sole, colours["sole"], tension=0.5)
        smooth(parent, g.upper, colours["upper"], tension=0.6)
    else:
        smooth(parent, g.upper, colours["upper"], tension=0.6)
        smooth(parent, g.sole, colours["sole"], tension=0.5)
    for shape in g.trim:
        smooth(parent, shape, colours["trim"], tension=0.5)
    if g.slot:
        polygon(parent, g.slot, colours["sole"])
    for x, y in g.eyelets:
        circle(parent, (x, y), 0.7, colours["trim"])
    for lace in g.laces:
        stroke(parent, lace, colours["laces"], 1.0)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"laces": Measured(int(bool(g.laces)), presence(("laces",), min_area=6.0))}


DRAWER = Drawer("shoe", ROLES, geometry, draw, measures, silhouette=("upper", "sole"))
