"""Four-legged animals in side view, facing right: one parametric body for cats, zebras, elephants ...

`Variant` holds the species' proportions and which parts it has (legs, tail,
mane, coat marks, horns/antlers/tusks, trunk, wool); `geometry` turns it into
polygons and strokes, `draw` only paints them. Legs are drawn first and the
body over their tops, so a probe under the belly crosses each leg once; coat
marks are laid out so that none touches another, the neck or the legs, and
each stripe is one long blob.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour, components, presence, runs
from builders.visage.drawings.primitives import circle, ellipse, line, polar, polygon, polyline
from builders.visage.drawings.quadruped_parts import (
    antlers,
    body_points,
    ear,
    horn,
    mane,
    marks,
    trunk,
    tusk,
    wool,
)

GROUND = 30.0
Polygon = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    body: tuple[float, float] = (20.0, 10.0)  # half length, half height
    body_y: float = 4.0
    legs: int = 4
    leg_width: float = 3.2
    #: Neck length and its angle above the horizontal (degrees).
    neck: tuple[float, float] = (9.0, 50.0)
    neck_width: float = 7.0
    head: tuple[float, float] = (6.0, 4.5)
    snout: float = 4.0
    ears: str = "pointed"  # pointed | round | long | big
    tail: str = "hanging"  # hanging | raised | tufted | short | none
    mane: bool = False
    coat: str = "plain"  # plain | stripes | tiger | patches | spots | dots
    horns: str = "none"  # none | horns | antlers | tusks
    trunk: bool = False
    wool: bool = False
    hooves: bool = False
    #: Overall size: cubs, calves and fawns are smaller.
    size: float = 1.0


@dataclasses.dataclass(frozen=True)
class Geometry:
    variant: Variant
    body: tuple[float, float, float]  # cy, rx, ry
    legs: tuple[tuple[float, bool], ...]  # (x, far side?) per leg
    leg_top: float
    neck: Polygon
    head: Point
    ears: tuple[Polygon, ...]
    tail: tuple[Point, ...]
    mane: Polygon
    marks: tuple[Polygon, ...]
    stripes: int
    horns: tuple[tuple[Polygon, bool], ...]  # (outline, far side?)
    antlers: tuple[tuple[Point, ...], ...]
    trunk: Polygon
    wool: tuple[tuple[Point, float], ...]
    colour_points: tuple[Point, ...]


#: Broad defaults: a role a species does not draw (a black cat's coat marks) still needs a
#: colour apart from the others, and each concept narrows the roles it shows.
ROLES = (
    Role("body", family("tan", "brown", "grey", "white", "black")),
    Role("shade", family("dark_brown", "brown", "dark_grey", "tan", "grey", "silver")),
    Role("mane", family("brown", "dark_brown", "wood", "black")),
    Role("marks", family("black", "dark_brown", "white", "brown")),
    Role("horn", family("ivory", "cream", "maple")),
    Role("hoof", family("coal", "dark_grey", "dark_brown")),
    Role("eye", family("coal", "cream", "gold")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    rx, ry = variant.body
    cy = variant.body_y
    legs = _legs(variant, rx)
    length, angle = variant.neck
    base = (rx * 0.62, cy - ry * 0.45)
    tip = polar(base, length, -angle)
    head = (tip[0] + variant.head[0] * 0.55, tip[1] - variant.head[1] * 0.2)
    half = variant.neck_width / 2
    nx, ny = math.sin(math.radians(angle)), math.cos(math.radians(angle))
    neck = (
        (base[0] - nx * half, base[1] - ny * half),
        (tip[0] - nx * half * 0.8, tip[1] - ny * half * 0.8),
        (tip[0] + nx * half * 0.8, tip[1] + ny * half * 0.8),
        (base[0] + nx * half, base[1] + ny * half),
    )
    laid = marks(variant.coat, (cy, rx, ry), neck, rng)
    horns: tuple[tuple[Polygon, bool], ...] = ()
    if variant.horns == "horns":
        horns = ((horn(head, variant.head, -3.0), True), (horn(head, variant.head, 0.0), False))
    elif variant.horns == "tusks":
        horns = ((tusk(head, variant.head), False),)
    return Geometry(
        variant=variant,
        body=(cy, rx, ry),
        legs=legs,
        leg_top=cy + ry * 0.3,
        neck=neck if length > 0 else (),
        head=head,
        ears=ear(variant.ears, head, variant.head),
        tail=_tail(variant.tail, cy, rx, ry),
        mane=mane(head, variant.head, rng) if variant.mane else (),
        marks=laid.shapes,
        stripes=laid.stripes,
        horns=horns,
        antlers=antlers(head, variant.head) if variant.horns == "antlers" else (),
        trunk=trunk(head, variant.head) if variant.trunk else (),
        wool=wool(cy, rx, ry) if variant.wool else (),
        colour_points=body_points((cy, rx, ry), laid.shapes),
    )


def _legs(variant: Variant, rx: float) -> tuple[tuple[float, bool], ...]:
    """Hind far, hind near, front far, front near; a tripod has lost its near front leg."""
    inner, outer = (0.38, 0.76) if variant.leg_width > 4 else (0.45, 0.74)
    legs = ((-rx * outer, True), (-rx * inner, False), (rx * inner, True), (rx * outer, False))
    return legs if variant.legs == 4 else legs[:3]


def _tail(kind: str, cy: float, rx: float, ry: float) -> tuple[Point, ...]:
    root = (-rx * 0.96, cy - ry * 0.35)
    # Past the tail probe (x = -rx - 4.2) each tail runs on backwards, so it crosses it once.
    if kind == "hanging" or kind == "tufted":
        return root, (-rx - 5.0, cy + 1.0), (-rx - 7.5, cy + ry + 4.0)
    if kind == "raised":
        return root, (-rx - 7.0, cy - ry - 1.0), (-rx - 8.0, cy - ry - 11.0)
    if kind == "short":
        return root, (-rx - 2.5, cy - ry * 0.2)
    return ()


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    v = g.variant
    cy, rx, ry = g.body
    group = parent if v.size == 1.0 else ET.SubElement(parent, "g", {"transform": f"scale({v.size})"})
    for x, far in g.legs:
        top, bottom = (x, g.leg_top), (x, GROUND)
        line(group, top, bottom, colours["shade" if far else "body"], v.leg_width)
        if v.hooves:
            line(group, (x, GROUND - 1.2), bottom, colours["hoof"], v.leg_width)
    if g.tail:
        polyline(group, g.tail, colours["body"], 1.8 if v.tail != "raised" else 2.6)
        if v.tail == "tufted":
            ellipse(group, g.tail[-1], 1.8, 2.6, colours["shade"])
    for centre, r in g.wool:
        circle(group, centre, r, colours["body"])
    ellipse(group, (0, cy), rx, ry, colours["body"])
    if g.mane and v.neck[0] <= 8:
        polygon(group, g.mane, colours["mane"])
    if g.neck:
        polygon(group, g.neck, colours["body"])
    for outline in g.marks:
        polygon(group, outline, colours["marks"])
    if g.mane and v.neck[0] > 8:
        polygon(group, g.mane, colours["mane"])
    for outline, far in g.horns:
        if far:
            polygon(group, outline, colours["horn"])
    for beam in g.antlers:
        polyline(group, beam, colours["horn"], 1.4)
    big_ear = v.ears == "big"
    for outline in g.ears:
        if big_ear:
            polygon(group, outline, colours["shade"])
    head_colour = colours["shade"] if v.wool else colours["body"]
    hx, hy = g.head
    hrx, hry = v.head
    ellipse(group, g.head, hrx, hry, head_colour)
    if v.snout:
        ellipse(group, (hx + hrx * 0.8, hy + hry * 0.35), v.snout, hry * 0.62, head_colour)
    for outline in g.ears:
        if not big_ear:
            polygon(group, outline, head_colour)
    if g.trunk:
        polygon(group, g.trunk, colours["body"])
    for outline, far in g.horns:
        if not far:
            polygon(group, outline, colours["horn"])
    circle(group, (hx + hrx * 0.3, hy - hry * 0.25), max(0.9, hry * 0.17), colours["eye"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    v = g.variant
    cy, rx, ry = g.body
    s = v.size
    leg_y = (cy + ry + GROUND) / 2 + 1.0
    tail_x = -rx - 4.2
    return {
        "legs": Measured(len(g.legs), runs((), (-rx * s, leg_y * s), (rx * s, leg_y * s))),
        "tail": Measured(
            int(v.tail in ("hanging", "raised", "tufted")),
            runs((), (tail_x * s, (cy - ry - 14) * s), (tail_x * s, (cy + ry + 6) * s)),
        ),
        "mane": Measured(int(bool(g.mane)), presence(("mane",), min_area=25 * s * s)),
        "stripes": Measured(g.stripes, components(("marks",), shape="elongated", min_area=2.5 * s * s)),
        "spots": Measured(len(g.marks), components(("marks",), min_area=2.0 * s * s)),
        "horn": Measured(int(bool(g.horns or g.antlers)), presence(("horn",), min_area=6 * s * s)),
        "colour": Measured(colour_of(colours["body"]), colour(*((x * s, y * s) for x, y in g.colour_points))),
    }


DRAWER = Drawer("quadruped", ROLES, geometry, draw, measures, silhouette=("body",))
