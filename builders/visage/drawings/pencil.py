"""Pencils, lying along x: sharpened tip, painted hexagonal body, and (usually) a ferrule and eraser."""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Role, presence
from builders.visage.drawings.primitives import line, polygon, rect


@dataclasses.dataclass(frozen=True)
class Variant:
    length: float = 64.0
    thickness: float = 8.0
    eraser: bool = True
    #: A colored pencil's core (and end) is the colour of its paint.
    colored_core: bool = False
    #: A carpenter's pencil is flat, with a flat rectangular lead.
    flat: bool = False


@dataclasses.dataclass(frozen=True)
class Geometry:
    left: float
    right: float
    half: float
    eraser: bool
    colored_core: bool
    flat: bool
    cone: float


ROLES = (
    Role("body", family("yellow", "red", "green", "blue", "black", "purple")),
    Role("wood", family("maple", "tan")),
    Role("lead", family("dark_grey", "black")),
    Role("facets", family("orange", "dark_brown", "grey", "white")),
    Role("ferrule", family("silver", "gold")),
    Role("eraser", family("pink")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    return Geometry(
        left=-variant.length / 2,
        right=variant.length / 2,
        half=variant.thickness / 2,
        eraser=variant.eraser,
        colored_core=variant.colored_core,
        flat=variant.flat,
        cone=round(rng.uniform(9.0, 12.0), 2),
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    core = colours["body"] if g.colored_core else colours["lead"]
    tip, body_start = g.left, g.left + g.cone
    end = g.right - (13.0 if g.eraser else 0.0)
    if g.flat:
        polygon(
            parent,
            [(body_start, -g.half), (tip + 3, -g.half + 1.5), (tip + 3, g.half - 1.5), (body_start, g.half)],
            colours["wood"],
        )
        rect(parent, tip, -1.0, 3.4, 2.0, core)
    else:
        lead_half = g.half * 0.3
        polygon(
            parent,
            [(body_start, -g.half), (tip + 3.6, -lead_half), (tip + 3.6, lead_half), (body_start, g.half)],
            colours["wood"],
        )
        polygon(parent, [(tip + 3.6, -lead_half), (tip, 0), (tip + 3.6, lead_half)], core)
    rect(parent, body_start, -g.half, end - body_start, 2 * g.half, colours["body"])
    if not g.flat:
        for y in (-g.half / 3, g.half / 3):
            line(parent, (body_start + 0.5, y), (end - 0.5, y), colours["facets"], 0.7)
    if g.eraser:
        rect(parent, end, -g.half - 0.3, 6.0, 2 * g.half + 0.6, colours["ferrule"])
        rect(parent, end + 6.0, -g.half, 7.0, 2 * g.half, colours["eraser"], r=1.6)
    elif g.colored_core:
        rect(parent, end - 1.6, -g.half, 1.6, 2 * g.half, core)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"eraser": Measured(int(g.eraser), presence(("eraser",), min_area=12))}


DRAWER = Drawer("pencil", ROLES, geometry, draw, measures)
