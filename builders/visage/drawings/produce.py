"""Fruit and vegetables whose norm is a colour: banana, apple, strawberry, carrot, pumpkin.

Each shape is a function computing its polygons; the body's colour is read at
points inside the body clear of seeds and ribs.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.primitives import ellipse, line, polar, polygon, star

Polygon = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str


@dataclasses.dataclass(frozen=True)
class Geometry:
    body: tuple[Polygon, ...]
    leaves: tuple[Polygon, ...] = ()
    stems: tuple[tuple[Point, Point, float], ...] = ()
    seeds: tuple[Point, ...] = ()
    #: Body parts outlined (a pumpkin's lobes), each drawn over the one before.
    ribbed: bool = False
    #: Inside the body, clear of seeds and ribs.
    probes: tuple[Point, ...] = ()


ROLES = (
    Role("body", family("yellow")),
    Role("leaf", family("green")),
    Role("stem", family("brown", "dark_brown")),
    Role("seeds", family("gold", "cream")),
    Role("ribs", family("dark_brown", "brown")),
)


def _ellipse(centre: Point, rx: float, ry: float, steps: int = 60) -> Polygon:
    return tuple(
        (
            centre[0] + rx * math.cos(2 * math.pi * k / steps),
            centre[1] + ry * math.sin(2 * math.pi * k / steps),
        )
        for k in range(steps)
    )


def _ribbon(axis: Callable[[float], Point], width: Callable[[float], float], steps: int = 40) -> Polygon:
    """A shape of varying `width` around a parametric `axis` (u from 0 to 1)."""
    left, right = [], []
    for k in range(steps + 1):
        u = k / steps
        (x0, y0), (x1, y1) = axis(max(u - 0.01, 0)), axis(min(u + 0.01, 1))
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        x, y = axis(u)
        half = width(u) / 2
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    return tuple(left + right[::-1])


def banana(variant: Variant, rng: random.Random) -> Geometry:
    def axis(u: float) -> Point:
        return polar((0.0, 34.0), 38.0, 212 + 116 * u)

    body = _ribbon(axis, lambda u: 15.0 * math.sin(math.pi * (0.04 + 0.92 * u)) ** 0.6)
    stem = (axis(0.02), polar((0.0, 34.0), 38.0, 205), 3.2)
    tip = (axis(0.985), polar((0.0, 34.0), 38.0, 330), 2.4)
    return Geometry(body=(body,), stems=(stem, tip), probes=tuple(axis(u) for u in (0.35, 0.5, 0.65)))


def apple(variant: Variant, rng: random.Random) -> Geometry:
    body = (_ellipse((-6.0, 4.0), 16.0, 17.0), _ellipse((6.0, 4.0), 16.0, 17.0))
    leaf = tuple(polar((8.0, -19.0), r, a) for a, r in ((200, 1.0), (150, 5.5), (20, 8.0), (-10, 5.5)))
    return Geometry(
        body=body,
        leaves=(leaf,),
        stems=(((0.0, -10.0), (2.5, -22.0), 2.0),),
        probes=((-9.0, 4.0), (9.0, 4.0), (0.0, 12.0)),
    )


def strawberry(variant: Variant, rng: random.Random) -> Geometry:
    def half_width(y: float) -> float:
        t = (y + 12.0) / 37.0
        return 19.0 * math.sqrt(max(0.0, 1 - t**1.8)) * (0.75 + 0.25 * min(1.0, 4 * t))

    body = tuple((half_width(y), y) for y in _range(-12.0, 25.0, 30)) + tuple(
        (-half_width(y), y) for y in _range(25.0, -12.0, 30)
    )
    seeds, probes = [], []
    for row, y in enumerate(_range(-5.0, 17.0, 5)):
        offset = 3.0 if row % 2 else 0.0
        for x in (-12.0, -6.0, 0.0, 6.0, 12.0):
            if abs(x + offset) < half_width(y) - 3.0:
                seeds.append((x + offset, y))
    for y in (-1.0, 9.0):
        probes.extend([(-4.5, y + 1.0), (4.5, y + 1.0)])
    calyx = tuple(star((0.0, -12.0), 11.0, 4.0, 6, -90 + rng.uniform(-10, 10)))
    return Geometry(
        body=(body,),
        leaves=(calyx,),
        stems=(((0.0, -12.0), (1.5, -20.0), 1.8),),
        seeds=tuple(seeds),
        probes=tuple(probes),
    )


def carrot(variant: Variant, rng: random.Random) -> Geometry:
    bend = rng.uniform(-4, 4)

    def axis(u: float) -> Point:
        return bend * u * u, -14.0 + 48.0 * u

    body = _ribbon(axis, lambda u: 13.0 * (1 - u) ** 0.8 + 0.6)
    leaves = tuple(
        tuple(polar((0.0, -14.0), r, angle + d) for r, d in ((0.0, 0), (12.0, -7), (22.0, 0), (12.0, 7)))
        for angle in (-125.0, -100.0, -80.0, -55.0)
    )
    return Geometry(body=(body,), leaves=leaves, probes=(axis(0.12), axis(0.25), axis(0.4)))


def pumpkin(variant: Variant, rng: random.Random) -> Geometry:
    lobes = (
        _ellipse((-16.0, 6.0), 11.0, 15.0),
        _ellipse((16.0, 6.0), 11.0, 15.0),
        _ellipse((-8.0, 6.0), 12.0, 17.0),
        _ellipse((8.0, 6.0), 12.0, 17.0),
        _ellipse((0.0, 6.0), 11.0, 18.0),
    )
    stem = ((-2.5, -11.0), (2.5, -11.0), (4.5 + rng.uniform(0, 2), -21.0), (0.5, -21.0))
    probes = ((0.0, 6.0), (-9.0, 12.0), (9.0, 12.0))
    return Geometry(body=lobes, ribbed=True, leaves=(stem,), probes=probes)


def _range(start: float, stop: float, count: int) -> list[float]:
    return [start + (stop - start) * k / (count - 1) for k in range(count)]


SHAPES: dict[str, Callable[[Variant, random.Random], Geometry]] = {
    "banana": banana,
    "apple": apple,
    "strawberry": strawberry,
    "carrot": carrot,
    "pumpkin": pumpkin,
}


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    return SHAPES[variant.shape](variant, rng)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for start, end, width in g.stems:
        line(parent, start, end, colours["stem"], width)
    for outline in g.body:
        if g.ribbed:
            polygon(parent, outline, colours["body"], stroke=colours["ribs"], stroke_width=0.9)
        else:
            polygon(parent, outline, colours["body"])
    for seed in g.seeds:
        ellipse(parent, seed, 0.8, 1.2, colours["seeds"])
    for leaf in g.leaves:
        polygon(parent, leaf, colours["leaf"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["body"]), colour(*g.probes))}


DRAWER = Drawer("produce", ROLES, geometry, draw, measures)
