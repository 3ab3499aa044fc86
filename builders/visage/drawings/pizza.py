"""A pizza from above: a round pie with a crust rim, or a rectangular pan pizza cut in squares.

Sauce, melted cheese, pepperoni, olives and basil sit on the dough; a Detroit
pizza has sauce in stripes over the cheese. The whole pizza's outline is the
attribute: an audit counts its corners (none for a round one).
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, corners
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth
from builders.visage.drawings.primitives import circle, line, polygon, rect

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "round"  # round | square | long
    stripes: bool = False  # a Detroit pizza's racing stripes of sauce


@dataclasses.dataclass(frozen=True)
class Geometry:
    shape: str
    crust: Shape
    cheese: Shape
    toppings: tuple[Point, ...]
    olives: tuple[Point, ...]
    leaves: tuple[Shape, ...]
    cuts: tuple[tuple[Point, Point], ...]
    stripes: tuple[Shape, ...]
    size: tuple[float, float]


ROLES = (
    Role("crust", family("maple", "tan", "wood")),
    Role("cheese", family("yellow", "gold", "cream")),
    Role("sauce", family("red", "orange")),
    Role("pepperoni", family("red", "brown", "dark_brown")),
    Role("olive", family("coal", "black")),
    Role("basil", family("green")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.shape == "round":
        crust = ellipse_points((0.0, 0.0), 30.0, 30.0, 64)
        cheese = tuple(
            (x + rng.uniform(-0.6, 0.6), y + rng.uniform(-0.6, 0.6))
            for x, y in ellipse_points((0.0, 0.0), 25.5, 25.5, 40)
        )
        toppings = tuple(
            (r * math.cos(a), r * math.sin(a))
            for r, n in ((16.0, 7), (7.0, 3))
            for a in (math.radians(360 * k / n + rng.uniform(-12, 12)) for k in range(n))
        )
        cuts = tuple(
            ((0.0, 0.0), (29.5 * math.cos(math.radians(a)), 29.5 * math.sin(math.radians(a))))
            for a in (0, 60, 120, 180, 240, 300)
        )
        olives = tuple(
            (r * math.cos(math.radians(a)), r * math.sin(math.radians(a)))
            for r, a in ((12.0, 35), (20.0, 150), (10.0, 260), (21.0, 300))
        )
        leaves = tuple(
            ellipse_points(
                ((12.0 * math.cos(math.radians(a))), 12.0 * math.sin(math.radians(a))), 3.2, 1.8, 10, a
            )
            for a in (95, 215, 335)
        )
        return Geometry("round", crust, cheese, toppings, olives, leaves, cuts, (), (30.0, 30.0))
    w, h = (30.0, 22.0) if variant.shape == "square" else (34.0, 16.0)
    inset = 3.0
    crust = ((-w, -h), (w, -h), (w, h), (-w, h))
    cheese = (
        (-w + inset, -h + inset),
        (w - inset, -h + inset),
        (w - inset, h - inset),
        (-w + inset, h - inset),
    )
    cols = 4 if variant.shape == "square" else 6
    rows = 3 if variant.shape == "square" else 2
    cuts = tuple(((-w + 2 * w * k / cols, -h), (-w + 2 * w * k / cols, h)) for k in range(1, cols))
    cuts += tuple(((-w, -h + 2 * h * k / rows), (w, -h + 2 * h * k / rows)) for k in range(1, rows))
    cells = [
        (-w + 2 * w * (i + 0.5) / cols, -h + 2 * h * (j + 0.5) / rows)
        for i in range(cols)
        for j in range(rows)
    ]
    toppings = tuple((x + rng.uniform(-1.5, 1.5), y + rng.uniform(-1.5, 1.5)) for x, y in cells)
    stripes = (
        tuple(
            ribbon(((-w + 5.0, y), (w - 5.0, y + rng.uniform(-1, 1))), (3.2, 3.2))
            for y in (-h * 0.5, 0.0, h * 0.5)
        )
        if variant.stripes
        else ()
    )
    olives = tuple((x + 4.0, y + 3.0) for x, y in cells[::3])
    return Geometry(
        variant.shape,
        crust,
        cheese,
        toppings if not variant.stripes else (),
        olives,
        (),
        cuts,
        stripes,
        (w, h),
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    if g.shape == "round":
        smooth(parent, g.crust, colours["crust"])
        smooth(parent, g.cheese, colours["sauce"])
        smooth(parent, tuple((x * 0.93, y * 0.93) for x, y in g.cheese), colours["cheese"])
    else:
        w, h = g.size
        rect(parent, -w, -h, 2 * w, 2 * h, colours["crust"], r=1.2)
        (x0, y0), (x1, _), (_, y2) = g.cheese[0], g.cheese[1], g.cheese[2]
        rect(parent, x0, y0, x1 - x0, y2 - y0, colours["cheese"], r=0.8)
    for stripe in g.stripes:
        polygon(parent, stripe, colours["sauce"])
    for x, y in g.toppings:
        circle(parent, (x, y), 3.4, colours["pepperoni"])
    for x, y in g.olives:
        circle(parent, (x, y), 1.4, colours["olive"])
        circle(parent, (x, y), 0.55, colours["cheese"])
    for leaf in g.leaves:
        smooth(parent, leaf, colours["basil"])
    for start, end in g.cuts:
        line(parent, start, end, colours["crust"], 0.5)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"corners": Measured(0 if g.shape == "round" else 4, corners())}


DRAWER = Drawer("pizza", ROLES, geometry, draw, measures, silhouette=("crust",))
