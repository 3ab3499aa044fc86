"""Forks, tines up: a handle, a neck widening into the head, and the tines."""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, runs
from builders.visage.drawings.primitives import circle, polygon, rect

HEAD_Y = -12.0


@dataclasses.dataclass(frozen=True)
class Variant:
    tines: int = 4
    tine_width: float = 2.3
    gap: float = 1.9
    tine_length: float = 21.0
    #: A pastry fork's left tine is a wide cutting edge.
    wide_left: bool = False
    #: A carving fork's handle is long, with a guard and rivets.
    carving: bool = False


@dataclasses.dataclass(frozen=True)
class Geometry:
    tines: tuple[tuple[Point, ...], ...]
    head: tuple[Point, ...]
    handle: tuple[float, float, float, float]
    rivets: tuple[Point, ...]
    probe_y: float
    half_width: float


ROLES = (
    Role("metal", family("silver")),
    Role("handle", family("black", "wood", "white", "red", "blue", "dark_grey")),
    Role("rivets", family("gold", "cream")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    widths = [variant.tine_width] * variant.tines
    if variant.wide_left:
        widths[0] = variant.tine_width * 1.7
    total = sum(widths) + variant.gap * (variant.tines - 1)
    x, tines = -total / 2, []
    top = HEAD_Y - variant.tine_length
    for width in widths:
        tip = top - 1.5 * (rng.random() * 0.3 + 0.85)
        tines.append(
            ((x, HEAD_Y + 0.5), (x, top), (x + width / 2, tip), (x + width, top), (x + width, HEAD_Y + 0.5))
        )
        x += width + variant.gap
    half = total / 2
    head = (
        (-half, HEAD_Y),
        (half, HEAD_Y),
        (half - 1.0, HEAD_Y + 5.0),
        (1.6, HEAD_Y + 12.0),
        (-1.6, HEAD_Y + 12.0),
        (-half + 1.0, HEAD_Y + 5.0),
    )
    if variant.carving:
        handle = (-2.8, 4.0, 5.6, 34.0)
        rivets: tuple[Point, ...] = ((0.0, 14.0), (0.0, 22.0), (0.0, 30.0))
    else:
        handle = (-2.4, 2.0, 4.8, 34.0)
        rivets = ()
    return Geometry(
        tines=tuple(tuple(t) for t in tines),
        head=head,
        handle=handle,
        rivets=rivets,
        probe_y=HEAD_Y - variant.tine_length * 0.45,
        half_width=half + 3.0,
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for tine in g.tines:
        polygon(parent, tine, colours["metal"])
    polygon(parent, g.head, colours["metal"])
    x, y, width, height = g.handle
    rect(parent, x, y, width, height, colours["handle"], r=width / 2)
    for rivet in g.rivets:
        circle(parent, rivet, 1.0, colours["rivets"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    probe = runs(("metal",), (-g.half_width, g.probe_y), (g.half_width, g.probe_y))
    return {"tines": Measured(len(g.tines), probe)}


DRAWER = Drawer("fork", ROLES, geometry, draw, measures, silhouette=("metal", "handle"))
