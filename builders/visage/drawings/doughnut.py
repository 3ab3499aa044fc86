"""A doughnut from above and a little to the side: a ring of dough under icing and sprinkles.

Filled doughnuts have no hole: a jelly doughnut with its pale middle ring, dusted
with sugar, bitten into and running with jam, a Boston cream under chocolate, a
long john's iced bar. A line
across the middle crosses a ring doughnut twice (either side of its hole) and
a filled one once, which is how an audit tells them apart.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.core.svg import sub
from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, runs
from builders.visage.drawings.outline import curve, ellipse_points, smooth
from builders.visage.drawings.primitives import line

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "ring"  # ring | jelly | cream | long_john


@dataclasses.dataclass(frozen=True)
class Geometry:
    kind: str
    dough: Shape
    icing: Shape
    hole: Shape
    icing_hole: Shape
    filling: Shape
    sprinkles: tuple[tuple[Point, Point], ...]
    half_width: float
    #: A jelly doughnut's pale ring round its middle, where it floated in the oil.
    band: Shape = ()


ROLES = (
    Role("dough", family("tan", "maple", "wood")),
    Role("icing", family("pink", "dark_brown", "white", "brown", "cream")),
    Role("filling", family("red", "yellow", "purple")),
    Role("sprinkle_a", family("blue", "teal", "green")),
    Role("sprinkle_b", family("yellow", "white", "orange")),
    Role("sprinkle_c", family("red", "purple", "pink")),
)


def _wavy(
    centre: Point, rx: float, ry: float, rng: random.Random, bumps: int = 9, depth: float = 1.2
) -> Shape:
    """An icing edge: an ellipse whose rim drips a little, unevenly."""
    points = []
    for k in range(bumps * 4):
        a = 2 * math.pi * k / (bumps * 4)
        wobble = depth * (0.5 + 0.5 * math.cos(bumps * a)) * rng.uniform(0.7, 1.2)
        points.append(
            (centre[0] + (rx + wobble) * math.cos(a), centre[1] + (ry + wobble * 0.8) * math.sin(a))
        )
    return tuple(points)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    kind = variant.kind
    if kind == "long_john":
        dough: Shape = ((-30.0, -10.0), (30.0, -10.0), (33.0, 0.0), (30.0, 11.0), (-30.0, 11.0), (-33.0, 1.0))
        icing: Shape = ((-28.0, -9.0), (28.0, -9.0), (30.5, -2.0), (27.0, 5.5), (-27.0, 5.0), (-30.5, -2.0))
        return Geometry(kind, dough, icing, (), (), (), (), 32.0)
    dough = ellipse_points((0.0, 2.0), 28.0, 24.0, 48)
    if kind == "ring":
        icing = _wavy((0.0, 0.0), 24.5, 20.5, rng)
        hole = ellipse_points((0.0, -0.5), 8.0, 6.5, 24)
        icing_hole = ellipse_points((0.0, -0.5), 10.5, 8.8, 24)
        sprinkles: list[tuple[Point, Point]] = []
        for _ in range(34):
            a = rng.uniform(0, 2 * math.pi)
            r = rng.uniform(0.55, 0.9)
            x, y = 24.0 * r * math.cos(a), 20.0 * r * math.sin(a)
            if (x / 10.5) ** 2 + (y / 8.8) ** 2 < 1.4:
                continue
            t = rng.uniform(0, math.pi)
            sprinkles.append(((x, y), (x + 1.8 * math.cos(t), y + 1.8 * math.sin(t))))
        return Geometry(kind, dough, icing, hole, icing_hole, (), tuple(sprinkles), 28.0)
    if kind == "cream":
        icing = _wavy((0.0, -1.0), 22.0, 17.0, rng, bumps=7, depth=1.6)
        return Geometry(kind, dough, icing, (), (), (), (), 28.0)
    # A jelly doughnut: a sugared golden ball with a round bite out of its side, showing crumb and jam.
    bite, r = (31.0, -1.0), 16.0

    def on_ball(a: float) -> Point:
        return 28.0 * math.cos(a), 2.0 + 24.0 * math.sin(a)

    edge = next(a / 100 for a in range(0, 157) if math.dist(on_ball(a / 100), bite) > r)
    ball = [on_ball(edge + (2 * math.pi - 2 * edge) * k / 40) for k in range(41)]
    # The bite's edge runs inside the ball from its upper to its lower end, past the bite's leftmost point.
    upper = math.atan2(ball[-1][1] - bite[1], ball[-1][0] - bite[0]) % (2 * math.pi)
    lower = math.atan2(ball[0][1] - bite[1], ball[0][0] - bite[0]) % (2 * math.pi)

    def arc(radius: float, trim: float) -> list[Point]:
        start, end = upper - trim, lower + trim
        return [
            (
                bite[0] + radius * math.cos(start + (end - start) * k / 16),
                bite[1] + radius * math.sin(start + (end - start) * k / 16),
            )
            for k in range(17)
        ]

    outline = (*ball, *arc(r, 0.0))
    crumb = (*arc(r, 0.04), *reversed(arc(r + 5.0, 0.3)))
    inner = bite[0] - r
    # Jam welling up in the bite and running down over the front.
    jam = (
        (inner - 1.5, -7.5),
        (inner + 3.0, -8.0),
        (inner + 6.5, -4.0),
        (inner + 6.0, 3.0),
        (inner + 3.5, 7.5),
        (inner + 4.2, 13.0),
        (inner + 5.6, 19.0),
        (inner + 3.6, 21.5),
        (inner + 1.8, 18.5),
        (inner + 1.2, 12.0),
        (inner - 2.0, 8.0),
        (inner - 4.0, 0.0),
    )
    band = tuple(
        (28.0 * math.cos(a), 2.0 + 24.0 * math.sin(a)) for a in (math.radians(d) for d in range(40, 166, 9))
    ) + tuple(
        (27.0 * math.cos(a), 0.5 + 18.5 * math.sin(a)) for a in (math.radians(d) for d in range(165, 39, -9))
    )
    sugar = []
    for _ in range(90):
        a, rr = rng.uniform(math.pi, 2 * math.pi), rng.uniform(0.05, 0.95)
        x, y = 26.0 * rr * math.cos(a), 2.0 + 21.0 * rr * math.sin(a)
        if math.dist((x, y), bite) > r + 4.0:
            t = rng.uniform(0, math.pi)
            sugar.append(((x, y), (x + 1.1 * math.cos(t), y + 1.1 * math.sin(t))))
    return Geometry(kind, outline, crumb, (), (), jam, tuple(sugar), 28.0, band)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    filling_on_top = g.kind == "jelly"
    if g.filling and not filling_on_top:
        smooth(parent, g.filling, colours["filling"])
    if g.hole:  # rings: each outline minus its hole
        sub(parent, "path", d=curve(g.dough) + curve(g.hole), fill=colours["dough"], fill_rule="evenodd")
        sub(
            parent,
            "path",
            d=curve(g.icing, tension=0.6) + curve(g.icing_hole),
            fill=colours["icing"],
            fill_rule="evenodd",
        )
    else:
        smooth(parent, g.dough, colours["dough"], tension=0.6)
        if g.band:
            smooth(parent, g.band, colours["icing"], tension=0.6)
        if g.icing:
            smooth(parent, g.icing, colours["icing"], tension=0.6)
        if g.filling and filling_on_top:
            smooth(parent, g.filling, colours["filling"], tension=0.6)
    for index, (start, end) in enumerate(g.sprinkles):
        tone = "sprinkle_b" if g.kind == "jelly" else ("sprinkle_a", "sprinkle_b", "sprinkle_c")[index % 3]
        line(parent, start, end, colours[tone], 1.3 if g.kind == "jelly" else 0.9)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    # Filled: one run across; a ring: two, the hole between them.
    return {
        "hole": Measured(2 if g.hole else 1, runs((), (-g.half_width - 4, -0.5), (g.half_width + 4, -0.5)))
    }


DRAWER = Drawer("doughnut", ROLES, geometry, draw, measures, silhouette=("dough",))
