"""Shoes seen from the side and a little above, toe to the right: a laced sneaker, a loafer, a wooden
clog, a ballet flat.

The view from above shows what makes each a shoe: the opening the foot goes in,
its lining dark inside. A sneaker's laces criss-cross between two rows of
eyelets over its tongue and end in a bow; a loafer has a moccasin seam and a
saddle strap over a low vamp; a Dutch clog is carved from one block of wood,
its toe pointed and turned up; a ballet flat is a slipper cut so low that its
insole shows, with a little bow at the front of the opening. Laces are their
own role, so an audit measures them by their area.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.outline import smooth, stroke
from builders.visage.drawings.primitives import circle

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "sneaker"  # sneaker | loafer | clog | flat


@dataclasses.dataclass(frozen=True)
class Geometry:
    kind: str
    upper: Shape
    sole: Shape
    opening: Shape
    trim: tuple[Shape, ...]
    #: Seams and straps drawn as lines in the trim's colour.
    seams: tuple[tuple[Point, ...], ...]
    laces: tuple[tuple[Point, ...], ...]
    eyelets: tuple[Point, ...]


ROLES = (
    Role("upper", family("white", "red", "blue", "black", "brown", "tan", "pink", "wood", "green")),
    Role("sole", family("white", "black", "tan", "cream", "dark_brown", "wood"), shaded="upper"),
    Role("trim", family("navy", "red", "dark_grey", "gold", "silver", "dark_brown")),
    Role("laces", family("white", "coal", "red", "yellow", "ivory")),
    Role("lining", family("coal", "dark_brown", "dark_grey")),
    Role("far", family("silver", "grey", "tan", "pink"), shaded="upper", lighter=True),
)
#: The far shoe of the pair stands this far behind the near one (up and toward the heel).
PAIR_OFFSET = (-9.0, -8.0)

#: The side of the sole, heel to toe: its top where the upper meets it, its bottom on the ground.
SOLE: Shape = (
    (-31.0, -1.5),
    (-10.0, -0.5),
    (12.0, -0.5),
    (27.0, -2.5),
    (32.5, -4.5),
    (32.0, -1.0),
    (27.0, 2.5),
    (10.0, 4.5),
    (-12.0, 5.0),
    (-30.0, 5.0),
    (-32.0, 2.0),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    kind = variant.kind
    if kind == "sneaker":
        return _sneaker()
    if kind == "loafer":
        return _loafer()
    if kind == "clog":
        return _clog()
    return _flat()


def _sneaker() -> Geometry:
    """High at the heel collar and the padded tongue, a rounded toe box, laces over the instep."""
    upper = (
        (-31.0, -1.0),
        (-32.0, -9.0),
        (-30.5, -17.5),
        (-25.0, -21.5),
        (-17.0, -22.0),
        (-11.0, -26.0),
        (-5.0, -25.5),
        (-3.0, -19.0),
        (6.0, -14.5),
        (17.0, -10.5),
        (26.0, -7.5),
        (31.5, -4.0),
        (30.0, -1.0),
    )
    opening = ((-28.0, -17.5), (-23.5, -20.0), (-16.5, -20.3), (-12.0, -18.8), (-16.0, -16.8), (-23.5, -16.0))
    tongue = ((-12.0, -17.0), (-11.0, -25.5), (-5.0, -25.0), (-4.0, -18.5))
    toe_cap = ((19.0, -10.2), (26.0, -7.5), (31.5, -4.0), (30.0, -1.0), (19.0, -1.0), (17.0, -5.0))
    stripe = ((-22.0, -3.0), (-8.0, -11.0), (8.0, -9.0), (-6.0, -4.0))
    near = [(-9.0 + 3.6 * k, -15.5 + 1.6 * k) for k in range(5)]
    far = [(x + 2.2, y - 3.2) for x, y in near]
    laces: list[tuple[Point, ...]] = []
    for k in range(4):
        laces.append((near[k], far[k + 1]))
        laces.append((far[k], near[k + 1]))
    knot = near[0][0] + 1.0, near[0][1] - 1.6
    laces.append((knot, (knot[0] - 5.5, knot[1] - 5.0), (knot[0] - 2.0, knot[1] - 7.0), knot))
    laces.append((knot, (knot[0] + 4.5, knot[1] - 6.0), (knot[0] + 6.5, knot[1] - 3.0), knot))
    laces.append((knot, (knot[0] - 3.5, knot[1] + 4.5)))
    laces.append((knot, (knot[0] + 1.0, knot[1] + 5.5)))
    return Geometry(
        "sneaker", upper, SOLE, opening, (tongue, toe_cap, stripe), (), tuple(laces), (*near, *far)
    )


def _loafer() -> Geometry:
    """A low vamp with a moccasin seam round its top and a saddle strap across it, a wide opening, a
    stacked heel."""
    upper = (
        (-31.0, -1.0),
        (-32.0, -8.0),
        (-30.5, -13.5),
        (-20.0, -15.5),
        (-8.0, -16.5),
        (2.0, -15.0),
        (12.0, -12.0),
        (24.0, -7.5),
        (31.5, -4.0),
        (30.0, -1.0),
    )
    opening = ((-28.5, -12.5), (-20.0, -14.5), (-8.0, -15.0), (-2.0, -13.5), (-8.0, -11.5), (-22.0, -10.8))
    # The sneaker's sole as far as the toe, then a thinner tread and a stacked heel.
    sole = (*SOLE[:7], (10.0, 3.8), (-19.0, 3.4), (-20.0, 7.0), (-31.0, 7.0), (-32.0, 2.0))
    strap = ((-4.0, -13.6), (4.0, -12.6), (5.0, -8.0), (-3.5, -8.6))
    apron = ((2.0, -11.5), (12.0, -8.8), (22.0, -5.8), (28.5, -3.2))
    slot = ((-1.0, -11.2), (2.6, -10.8))
    return Geometry("loafer", upper, sole, opening, (strap,), (apron, slot), (), ())


def _clog() -> Geometry:
    """A Dutch clog: carved from one block of wood, deep at the heel, a full toe turned up to a point."""
    upper = (
        (-29.0, 6.5),
        (-32.5, -2.0),
        (-31.5, -11.0),
        (-27.0, -16.5),
        (-14.0, -18.0),
        (-3.0, -16.5),
        (8.0, -14.5),
        (20.0, -11.5),
        (28.0, -8.5),
        (33.5, -8.5),
        (32.5, -3.0),
        (27.0, 2.5),
        (12.0, 6.0),
        (-12.0, 7.0),
    )
    opening = ((-28.5, -13.5), (-22.0, -16.5), (-12.0, -16.8), (-5.0, -14.8), (-12.0, -12.8), (-23.0, -12.2))
    sole = (
        (-29.0, 6.5),
        (-12.0, 7.0),
        (12.0, 6.0),
        (27.0, 2.5),
        (29.0, 3.5),
        (13.0, 8.0),
        (-12.0, 9.0),
        (-28.0, 8.5),
    )
    return Geometry("clog", upper, sole, opening, (), (), (), ())


def _flat() -> Geometry:
    """A ballet flat: a slipper cut so low that its insole shows, a rounded toe, a bow at the opening."""
    upper = (
        (-31.0, -1.0),
        (-31.5, -6.0),
        (-29.0, -9.5),
        (-20.0, -13.5),
        (-4.0, -15.0),
        (9.0, -13.0),
        (20.0, -8.5),
        (28.0, -4.5),
        (31.0, -2.0),
        (30.0, -0.5),
    )
    opening = (
        (-28.5, -8.0),
        (-20.0, -12.2),
        (-4.0, -13.6),
        (7.0, -11.8),
        (2.0, -8.8),
        (-12.0, -7.0),
        (-24.0, -6.5),
    )
    bow = ((8.0, -11.0), (4.0, -14.5), (3.5, -9.0), (8.0, -11.0), (12.5, -14.5), (13.0, -9.0))
    sole = ((-31.0, -1.5), (12.0, -0.5), (27.0, -2.0), (31.5, -2.5), (31.0, 0.5), (12.0, 2.0), (-31.0, 2.0))
    return Geometry("flat", upper, sole, opening, (bow,), (), (), ())


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    """A pair: the far shoe behind, its upper in a lighter tone, then the near one."""
    dx, dy = PAIR_OFFSET
    _shoe(
        ET.SubElement(parent, "g", {"transform": f"translate({dx} {dy})"}),
        g,
        {**colours, "upper": colours["far"]},
    )
    _shoe(parent, g, colours)


def _shoe(parent: ET.Element, g: Geometry, colours: Mapping[str, str]) -> None:
    smooth(parent, g.upper, colours["upper"], tension=0.6)
    smooth(parent, g.sole, colours["sole"], tension=0.5)
    smooth(parent, g.opening, colours["lining"], tension=0.7)
    for shape in g.trim:
        smooth(parent, shape, colours["trim"], tension=0.5)
    for seam in g.seams:
        stroke(parent, seam, colours["trim"], 0.8)
    for x, y in g.eyelets:
        circle(parent, (x, y), 0.8, colours["trim"])
    for lace in g.laces:
        stroke(parent, lace, colours["laces"], 1.1)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"laces": Measured(int(bool(g.laces)), presence(("laces",), min_area=6.0))}


DRAWER = Drawer("shoe", ROLES, geometry, draw, measures, silhouette=("upper", "sole"))
