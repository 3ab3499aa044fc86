"""Stringed instruments, upright: acoustic, electric and bass guitars, violins, banjos.

Each body is an outline a smooth curve passes through (a guitar's waisted
figure eight, a Stratocaster's double cutaway, a violin's C-bouts, a banjo's
drum); the strings run from the bridge up the fingerboard to the head and are
spaced widely enough to count between bridge and neck, where the string probe
crosses them. A banjo's fifth string starts at its own peg part way up the neck.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence, runs
from builders.visage.drawings.outline import ellipse_points, smooth, stroke
from builders.visage.drawings.primitives import circle, line, polygon, rect

Shape = tuple[Point, ...]
STRING_WIDTH = 0.9
KINDS = ("acoustic", "electric", "bass", "violin", "banjo")


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "acoustic"
    strings: int = 6
    #: Body size relative to the kind's usual (a tenor guitar's is smaller).
    body_scale: float = 1.0


@dataclasses.dataclass(frozen=True)
class Geometry:
    variant: Variant
    body: Shape
    hole: tuple[Shape, ...]
    head: Shape  # the peghead (or a violin's pegbox)
    neck: Shape
    strings: tuple[tuple[Point, Point], ...]
    pegs: tuple[Point, ...]
    frets: tuple[float, ...]
    bridge: Shape
    extras: tuple[tuple[str, Shape], ...]  # (role, shape): pickguard, pickups, tailpiece, drum head ...
    probe_y: float
    probe_x: float


ROLES = (
    Role("body", family("maple", "wood", "tan", "brown", "red", "black", "blue", "white", "orange")),
    Role("neck", family("dark_brown", "brown", "coal")),
    Role("hole", family("coal", "black")),
    Role("bridge", family("dark_grey", "dark_brown", "tan", "black")),
    Role("guard", family("white", "black", "cream", "dark_grey", "ivory")),
    Role("pickups", family("black", "cream", "dark_grey", "gold", "silver")),
    Role("inlay", family("ivory", "white", "cream")),
    Role("strings", family("silver")),
    Role("drum", family("white", "ivory", "cream")),
)


def _mirror(half: list[Point]) -> Shape:
    """A symmetric outline from its right half (top to bottom)."""
    return (*half, *((-x, y) for x, y in reversed(half) if x != 0))


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    s = variant.body_scale
    kind = variant.kind
    extras: list[tuple[str, Shape]] = []
    hole: tuple[Shape, ...] = ()
    if kind == "acoustic":
        body = _scaled(
            _mirror(
                [
                    (0.0, -9.0),
                    (8.0, -8.5),
                    (14.0, -3.0),
                    (14.5, 4.0),
                    (12.5, 9.5),
                    (17.5, 15.0),
                    (21.0, 24.0),
                    (17.0, 32.5),
                    (0.0, 35.0),
                ]
            ),
            s,
            35.0,
        )
        hole = (ellipse_points((0.0, 35.0 - 31.0 * s), 6.0 * s, 6.0 * s, 24),)
        bridge_y, neck_bottom = 35.0 - 9.0 * s, 35.0 - 38.0 * s
        bridge = _rect(0.0, bridge_y, 14.0, 2.4)
        probe_y = 35.0 - 17.0 * s
    elif kind in ("electric", "bass"):
        body = (
            (0.0, 34.0),
            (12.0, 32.0),
            (16.5, 23.0),
            (14.0, 14.0),
            (15.5, 5.0),
            (18.0, -5.0),
            (14.0, -5.5),
            (9.0, 2.0),
            (3.0, 3.5),
            (-4.0, 3.0),
            (-9.0, -1.0),
            (-12.5, -8.0),
            (-16.5, -4.0),
            (-14.5, 9.0),
            (-17.0, 22.0),
            (-12.5, 32.0),
        )
        extras.append(
            ("guard", ((-13.0, 12.0), (-5.0, 6.0), (6.0, 8.0), (13.0, 27.0), (0.0, 32.0), (-12.0, 26.0)))
        )
        for y in (12.0, 19.0) if kind == "electric" else (16.0,):
            extras.append(("pickups", _rect(0.0, y, 12.0 if kind == "electric" else 10.0, 2.6)))
        extras.append(("pickups", ellipse_points((11.0, 24.5), 1.6, 1.6, 10)))
        extras.append(("pickups", ellipse_points((9.0, 28.5), 1.6, 1.6, 10)))
        bridge_y, neck_bottom = 26.0, 2.0
        bridge = _rect(0.0, bridge_y, 12.5, 2.6)
        probe_y = 22.5
    elif kind == "violin":
        body = _mirror(
            [
                (0.0, -6.0),
                (6.5, -5.5),
                (10.5, -1.0),
                (10.0, 4.5),
                (7.5, 8.0),
                (8.0, 11.5),
                (12.0, 16.0),
                (13.0, 23.0),
                (10.0, 30.0),
                (0.0, 32.0),
            ]
        )
        hole = tuple(
            (
                (x - 0.6, 7.0),
                (x + 0.8, 8.0),
                (x - 0.6, 12.0),
                (x + 0.9, 16.0),
                (x - 0.2, 17.0),
                (x - 1.4, 12.0),
                (x, 9.0),
            )
            for x in (-5.5, 5.5)
        )
        extras.append(("neck", ((-3.0, 19.0), (3.0, 19.0), (2.0, 31.5), (-2.0, 31.5))))  # tailpiece
        extras.append(("neck", ellipse_points((5.0, 30.0), 4.0, 2.2, 12, -20)))  # chin rest
        bridge_y, neck_bottom = 14.0, 6.0
        bridge = ((-5.0, 13.0), (5.0, 13.0), (4.0, 15.0), (-4.0, 15.0))
        probe_y = 10.5
    else:  # banjo
        body = ellipse_points((0.0, 17.0), 17.0, 17.0, 40)
        extras.append(("drum", ellipse_points((0.0, 17.0), 14.6, 14.6, 40)))
        for k in range(16):
            angle = 2 * math.pi * k / 16
            extras.append(
                (
                    "pickups",
                    ellipse_points((15.8 * math.cos(angle), 17.0 + 15.8 * math.sin(angle)), 0.8, 0.8, 6),
                )
            )
        extras.append(("neck", ((-2.5, 27.0), (2.5, 27.0), (3.5, 32.5), (-3.5, 32.5))))  # tailpiece
        bridge_y, neck_bottom = 24.0, 6.0
        bridge = _rect(0.0, bridge_y, 9.0, 1.8)
        probe_y = 20.0
    n = variant.strings
    long_neck = kind == "bass" or kind == "banjo"
    nut_y = -27.0 if not long_neck else -31.0
    spread_bridge = 2.4 if n <= 7 else 1.6
    spread_nut = 1.5 if kind != "violin" else 1.2
    half_neck = (n - 1) / 2 * spread_nut + 1.6
    neck = (
        (-half_neck, nut_y),
        (half_neck, nut_y),
        (half_neck + 1.2, neck_bottom),
        (-half_neck - 1.2, neck_bottom),
    )
    fifth = kind == "banjo" and n == 5
    long_strings = n - 1 if fifth else n
    strings = []
    for k in range(long_strings):
        offset = k - (long_strings - 1) / 2
        strings.append(((offset * spread_bridge, bridge_y), (offset * spread_nut, nut_y)))
    pegs = []
    head_top = nut_y - 10.0
    if kind == "violin":
        head: Shape = (
            (-2.2, nut_y),
            (2.2, nut_y),
            (2.6, head_top + 3.0),
            (0.0, head_top),
            (-2.6, head_top + 3.0),
        )
        pegs = [(side * 3.6, nut_y - 2.5 - 2.5 * k) for k in range(2) for side in (-1, 1)]
    else:
        head = (
            (-half_neck, nut_y),
            (half_neck, nut_y),
            (half_neck + 2.5, head_top),
            (-half_neck - 2.5, head_top),
        )
        per_side = (long_strings + 1) // 2
        pegs = [
            (side * (half_neck + 3.2), nut_y - 2.0 - k * 7.0 / max(per_side, 1))
            for k in range(per_side)
            for side in (-1, 1)
        ][:long_strings]
    if fifth:
        peg = (half_neck + 2.4, nut_y + 12.0)
        strings.append((((long_strings / 2) * spread_bridge, bridge_y), (half_neck - 0.2, nut_y + 12.0)))
        pegs.append(peg)
    frets = tuple(nut_y + (neck_bottom - nut_y) * (1 - 0.944**k) / (1 - 0.944**14) for k in range(1, 13))
    probe_x = (long_strings / 2 + 1.5) * spread_bridge + 1.5
    return Geometry(
        variant,
        body,
        hole,
        head,
        neck,
        tuple(strings),
        tuple(pegs),
        frets if kind != "violin" else (),
        bridge,
        tuple(extras),
        probe_y,
        probe_x,
    )


def _scaled(shape: Shape, s: float, anchor_y: float) -> Shape:
    """The outline scaled about its bottom (a smaller body keeps its tail where it was)."""
    return tuple((x * s, anchor_y + (y - anchor_y) * s) for x, y in shape)


def _rect(cx: float, cy: float, width: float, height: float) -> Shape:
    return (
        (cx - width / 2, cy - height / 2),
        (cx + width / 2, cy - height / 2),
        (cx + width / 2, cy + height / 2),
        (cx - width / 2, cy + height / 2),
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    smooth(parent, g.body, colours["body"])
    for role, shape in g.extras:
        (smooth if len(shape) > 6 else polygon)(parent, shape, colours[role])
    for hole in g.hole:
        smooth(parent, hole, colours["hole"])
    polygon(parent, g.neck, colours["neck"])
    for y in g.frets:
        (top, bottom) = g.neck[1], g.neck[2]
        half = top[0] + (bottom[0] - top[0]) * (y - top[1]) / (bottom[1] - top[1])
        line(parent, (-half, y), (half, y), colours["inlay"], 0.25)
    for k in (3, 5, 7, 9):
        if len(g.frets) > k:
            circle(parent, (0.0, (g.frets[k - 1] + g.frets[k]) / 2), 0.8, colours["inlay"])
    polygon(parent, g.head, colours["neck"])
    if g.variant.kind == "violin":
        circle(parent, (0.0, g.head[3][1] + 1.5), 2.3, colours["neck"])  # the scroll
        stroke(
            parent,
            ((0.0, g.head[3][1] + 1.5), (1.0, g.head[3][1] + 2.2), (0.4, g.head[3][1] + 3.0)),
            colours["inlay"],
            0.4,
        )
    for x, y in g.pegs:
        rect(parent, x - 1.3, y - 0.8, 2.6, 1.6, colours["pickups"], r=0.7)
    polygon(parent, g.bridge, colours["bridge"])
    for start, end in g.strings:
        line(parent, start, end, colours["strings"], STRING_WIDTH)
        if g.variant.kind == "violin":  # on to the tailpiece
            line(parent, start, (start[0] * 0.5, 20.0), colours["strings"], STRING_WIDTH * 0.8)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "strings": Measured(
            len(g.strings), runs(("strings",), (-g.probe_x, g.probe_y), (g.probe_x, g.probe_y))
        ),
        "sound_hole": Measured(int(g.variant.kind == "acoustic"), presence(("hole",), min_area=20)),
    }


DRAWER = Drawer("guitar", ROLES, geometry, draw, measures, silhouette=("body",))
