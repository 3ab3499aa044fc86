"""Tomatoes: a whole fruit with its star-shaped calyx beside a half cut open, round or pear-shaped.

The cut half shows what makes a tomato a tomato at a glance: a fleshy wall,
seed chambers of jelly, seeds. A striped variety (Green Zebra) carries streaks
running down from the stem. The skin's colour is read at points on the whole
fruit below the streaks and clear of the half.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import at_zoom, ellipse_points, ribbon, smooth, stroke, zoomed
from builders.visage.drawings.primitives import ellipse, polygon, star

Shape = tuple[Point, ...]
#: Drawn this much larger than its coordinates (they were laid out small).
ZOOM = 1.15


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "round"  # round | pear
    streaks: bool = False  # a Green Zebra's stripes


@dataclasses.dataclass(frozen=True)
class Geometry:
    whole: tuple[Shape, ...]
    calyx: tuple[Shape, ...]
    stems: tuple[tuple[Point, ...], ...]
    streaks: tuple[Shape, ...]
    half: Shape
    flesh: Shape
    chambers: tuple[Shape, ...]
    seeds: tuple[Point, ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("body", family("red", "yellow", "green")),
    Role("leaf", family("green")),
    Role("stem", family("brown", "dark_brown", "green")),
    Role("stripes", family("yellow", "lime")),
    Role("flesh", family("pink", "lime", "cream")),
    Role("gel", family("cream", "ivory", "yellow")),
    Role("seeds", family("gold", "maple", "tan")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.shape == "pear":
        return _pears(rng)
    turn = rng.uniform(-20, 20)
    whole = (
        (-24.0, -1.0),
        (-21.0, -10.0),
        (-13.0, -15.0),
        (-6.0, -12.5),
        (1.0, -15.0),
        (9.0, -11.0),
        (13.0, -2.0),
        (9.0, 9.0),
        (-6.0, 14.5),
        (-20.0, 9.0),
    )
    calyx = tuple(star((-6.0, -12.5), 9.5, 2.2, 6, -90 + turn))
    streaks = (
        tuple(
            ribbon(((-6.0 + dx * 0.25, -11.0), (-6.0 + dx * 0.7, -3.0), (-6.0 + dx, 7.0)), (0.4, 1.5, 0.4))
            for dx in (-16.0, -9.0, -3.0)
        )
        if variant.streaks
        else ()
    )
    centre = (15.0, 10.0)
    half = ellipse_points(centre, 13.0, 10.5, 32)
    flesh = ellipse_points(centre, 11.0, 8.6, 32)
    chambers = tuple(
        ellipse_points((centre[0] + dx, centre[1] + dy), 3.4, 2.6, 14, tilt)
        for dx, dy, tilt in ((-5.0, -2.5, 30), (5.0, -2.5, -30), (0.0, 4.5, 0))
    )
    seeds = tuple(
        (centre[0] + dx, centre[1] + dy)
        for dx, dy in ((-6.0, -3.0), (-4.2, -1.6), (4.2, -1.6), (6.0, -3.0), (-1.2, 4.5), (1.2, 4.5))
    )
    probes = ((-15.0, 9.5), (-9.0, 11.0), (-3.0, 10.5), (-18.0, 4.0))
    return Geometry(
        (whole,), (calyx,), (((-6.0, -12.5), (-5.0, -18.0)),), streaks, half, flesh, chambers, seeds, probes
    )


#: A pear tomato's outline about its middle: a narrow neck under the calyx, a round bottom.
PEAR: Shape = (
    (0.0, -16.0),
    (5.0, -14.0),
    (7.0, -9.0),
    (9.5, -2.0),
    (12.5, 5.0),
    (11.5, 11.5),
    (6.0, 15.5),
    (0.0, 16.2),
    (-6.0, 15.5),
    (-11.5, 11.5),
    (-12.5, 5.0),
    (-9.5, -2.0),
    (-7.0, -9.0),
    (-5.0, -14.0),
)


def _pears(rng: random.Random) -> Geometry:
    """Two yellow pear tomatoes and a third cut in half lengthwise: a tomato's wall, flesh, seed jelly
    and seeds in a pear's outline."""
    fruits, calyxes, stems = [], [], []
    for (cx, cy), k, turn in (((7.0, -14.0), 0.7, 35.0), ((-13.0, 1.0), 1.0, -8.0)):
        a = math.radians(turn)
        fruits.append(
            tuple(
                (cx + k * (x * math.cos(a) - y * math.sin(a)), cy + k * (x * math.sin(a) + y * math.cos(a)))
                for x, y in PEAR
            )
        )
        top = (cx + k * 15.5 * math.sin(a), cy - k * 15.5 * math.cos(a))
        calyxes.append(tuple(star(top, 7.0 * k, 1.8 * k, 5, -90 + turn + rng.uniform(-15, 15))))
        stems.append((top, (top[0] + 4.5 * k * math.sin(a), top[1] - 4.5 * k * math.cos(a))))
    hx, hy, k = 15.0, 13.0, 0.72
    half = tuple((hx + x * k, hy + y * k) for x, y in PEAR)
    flesh = tuple((hx + x * k * 0.84, hy + 0.8 + y * k * 0.84) for x, y in PEAR)
    chambers = tuple(
        ellipse_points((hx + dx, hy + 4.0), 2.6, 4.0, 14, tilt) for dx, tilt in ((-3.2, 15), (3.2, -15))
    )
    seeds = tuple((hx + dx, hy + dy) for dx in (-3.4, 3.4) for dy in (2.4, 4.2, 6.0))
    cx, cy = -13.0, 1.0
    probes = ((cx - 5.0, cy + 8.0), (cx + 4.0, cy + 9.0), (cx, cy + 12.0), (cx - 7.0, cy + 3.0))
    return Geometry(tuple(fruits), tuple(calyxes), tuple(stems), (), half, flesh, chambers, seeds, probes)


def draw(g: Geometry, root: ET.Element, colours: Mapping[str, str]) -> None:
    parent = zoomed(root, ZOOM)
    for stem in g.stems:
        stroke(parent, stem, colours["stem"], 1.6)
    for fruit, calyx in zip(g.whole, g.calyx, strict=True):
        smooth(parent, fruit, colours["body"])
        polygon(parent, calyx, colours["leaf"])
    for streak in g.streaks:
        smooth(parent, streak, colours["stripes"])
    if g.half:
        smooth(parent, g.half, colours["body"])
        smooth(parent, g.flesh, colours["flesh"])
        for chamber in g.chambers:
            smooth(parent, chamber, colours["gel"])
        for seed in g.seeds:
            ellipse(parent, seed, 0.75, 0.55, colours["seeds"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["body"]), colour(*at_zoom(g.probes, ZOOM)))}


DRAWER = Drawer("tomato", ROLES, geometry, draw, measures)
