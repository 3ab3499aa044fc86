"""Stringed instruments, upright: acoustic, electric and bass guitars, violins, banjos.

Each is drawn in a guitar's proportions, not a ukulele's: a body about half the
instrument's length, a slim neck with many frets, a head with its tuners. An
acoustic guitar has a waisted body, a sound hole in a rosette and a pickguard;
an electric a Stratocaster's double cutaway; a violin its C-bouts, f-holes,
long black fingerboard and scroll; a banjo a drum with a white head ringed by
brackets, and a fifth string starting at its own peg part way up the neck.
The strings run from the bridge up the fingerboard, each a light line edged in
dark so it shows on any wood, spaced widely enough to count where the string
probe crosses them between the bridge and the neck.
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
STRING_WIDTH = 0.55
#: The dark edge each string is laid on, so it shows over light wood and a banjo's white head.
STRING_EDGE = 1.15
KINDS = ("acoustic", "electric", "bass", "violin", "banjo")


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "acoustic"
    strings: int = 6
    #: Body size relative to the kind's usual (a tenor guitar's is smaller).
    body_scale: float = 1.0


@dataclasses.dataclass(frozen=True)
class Layout:
    """Where a kind's strings run: the bridge's and nut's heights, string spacing there, the top of
    the fingerboard's body end, and where the string probe crosses."""

    bridge_y: float
    nut_y: float
    bridge_spread: float
    nut_spread: float
    board_end: float
    probe_y: float


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
    #: The strings are edged in dark from the bridge up to here, over the light body (not over the
    #: sound hole or the fingerboard, where they show anyway).
    edged_to: float


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

LAYOUTS = {
    "acoustic": Layout(
        bridge_y=29.0, nut_y=-26.0, bridge_spread=1.75, nut_spread=0.95, board_end=6.0, probe_y=22.0
    ),
    "electric": Layout(
        bridge_y=27.0, nut_y=-26.0, bridge_spread=1.75, nut_spread=0.95, board_end=3.0, probe_y=23.0
    ),
    "bass": Layout(
        bridge_y=27.0, nut_y=-28.0, bridge_spread=2.3, nut_spread=1.3, board_end=3.0, probe_y=23.0
    ),
    "violin": Layout(
        bridge_y=16.0, nut_y=-24.0, bridge_spread=1.8, nut_spread=1.0, board_end=11.0, probe_y=13.4
    ),
    "banjo": Layout(
        bridge_y=22.0, nut_y=-27.0, bridge_spread=1.7, nut_spread=0.95, board_end=2.0, probe_y=18.5
    ),
}


def _mirror(half: list[Point]) -> Shape:
    """A symmetric outline from its right half (top to bottom)."""
    return (*half, *((-x, y) for x, y in reversed(half) if x != 0))


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


def _acoustic(s: float) -> tuple[Shape, tuple[Shape, ...], list[tuple[str, Shape]], Shape]:
    """A dreadnought: upper bout, waist, wide lower bout; a sound hole in its rosette, a pickguard."""
    body = _scaled(
        _mirror(
            [
                (0.0, -0.5),
                (6.0, -0.2),
                (10.5, 1.8),
                (12.3, 6.0),
                (11.4, 10.5),
                (9.6, 14.5),
                (11.5, 19.0),
                (15.0, 24.0),
                (16.0, 29.0),
                (14.5, 34.0),
                (9.0, 37.5),
                (0.0, 38.5),
            ]
        ),
        s,
        38.5,
    )
    centre = (0.0, 38.5 - 26.5 * s)
    hole = (ellipse_points(centre, 4.6 * s, 4.6 * s, 28),)
    extras = [
        ("inlay", ellipse_points(centre, 5.7 * s, 5.7 * s, 28)),
        (
            "guard",
            tuple(
                (centre[0] + x * s, centre[1] + y * s)
                for x, y in ((4.2, 3.0), (7.5, 1.5), (10.0, 4.5), (10.0, 9.5), (7.0, 12.0), (4.0, 8.0))
            ),
        ),
    ]
    bridge = _rect(0.0, 38.5 - 9.5 * s, 12.0 * s, 2.4)
    return body, hole, extras, bridge


def _electric(kind: str) -> tuple[Shape, list[tuple[str, Shape]], Shape]:
    """A Stratocaster's double cutaway, pickguard, pickups and knobs (one pickup on a bass)."""
    body = (
        (0.0, 37.0),
        (12.0, 35.0),
        (16.5, 26.0),
        (14.0, 17.0),
        (15.5, 8.0),
        (18.0, -2.0),
        (14.0, -2.5),
        (9.0, 5.0),
        (3.0, 6.5),
        (-4.0, 6.0),
        (-9.0, 2.0),
        (-12.5, -5.0),
        (-16.5, -1.0),
        (-14.5, 12.0),
        (-17.0, 25.0),
        (-12.5, 35.0),
    )
    extras: list[tuple[str, Shape]] = [
        ("guard", ((-13.0, 14.0), (-5.0, 8.0), (6.0, 10.0), (13.0, 29.0), (0.0, 34.0), (-12.0, 28.0)))
    ]
    for y in (14.0, 20.0) if kind == "electric" else (17.0,):
        extras.append(("pickups", _rect(0.0, y, 9.0 if kind == "electric" else 8.0, 2.4)))
    extras.append(("pickups", ellipse_points((11.0, 26.5), 1.6, 1.6, 10)))
    extras.append(("pickups", ellipse_points((9.0, 30.5), 1.6, 1.6, 10)))
    bridge = _rect(0.0, 27.0, 10.0 if kind == "electric" else 11.0, 2.4)
    return body, extras, bridge


def _violin() -> tuple[Shape, tuple[Shape, ...], list[tuple[str, Shape]], Shape]:
    """C-bouts, f-holes, a tailpiece and a chin rest; the bridge standing between the f-holes."""
    body = _mirror(
        [
            (0.0, -4.0),
            (6.5, -3.5),
            (10.5, 1.0),
            (10.0, 6.5),
            (7.5, 10.0),
            (8.0, 13.5),
            (12.0, 18.0),
            (13.0, 25.0),
            (10.0, 32.0),
            (0.0, 34.0),
        ]
    )
    hole = tuple(
        (
            (x - 0.6, 9.0),
            (x + 0.8, 10.0),
            (x - 0.6, 14.0),
            (x + 0.9, 18.0),
            (x - 0.2, 19.0),
            (x - 1.4, 14.0),
            (x, 11.0),
        )
        for x in (-6.0, 6.0)
    )
    extras = [
        ("neck", ((-3.0, 21.0), (3.0, 21.0), (2.0, 33.5), (-2.0, 33.5))),  # tailpiece
        ("neck", ellipse_points((5.5, 32.0), 4.0, 2.2, 12, -20)),  # chin rest
    ]
    bridge = ((-5.0, 15.0), (5.0, 15.0), (4.0, 17.0), (-4.0, 17.0))
    return body, hole, extras, bridge


def _banjo() -> tuple[Shape, list[tuple[str, Shape]], Shape]:
    """A drum: the rim, a white head, a ring of brackets; a tailpiece below the bridge."""
    centre, r = (0.0, 17.0), 16.5
    body = ellipse_points(centre, r, r, 48)
    extras = [("drum", ellipse_points(centre, r - 2.4, r - 2.4, 48))]
    for k in range(20):
        a = 2 * math.pi * k / 20
        extras.append(
            (
                "pickups",
                ellipse_points(
                    (centre[0] + (r - 1.1) * math.cos(a), centre[1] + (r - 1.1) * math.sin(a)), 0.75, 0.75, 6
                ),
            )
        )
    extras.append(("neck", ((-2.2, 25.5), (2.2, 25.5), (3.2, 31.0), (-3.2, 31.0))))
    bridge = _rect(0.0, 22.0, 8.5, 1.6)
    return body, extras, bridge


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    kind, n = variant.kind, variant.strings
    at = LAYOUTS[kind]
    hole: tuple[Shape, ...] = ()
    extras: list[tuple[str, Shape]]
    if kind == "acoustic":
        body, hole, extras, bridge = _acoustic(variant.body_scale)
        bridge_y = bridge[0][1] + 1.2
        probe_y = bridge_y - 7.0 * variant.body_scale
    elif kind in ("electric", "bass"):
        body, extras, bridge = _electric(kind)
        bridge_y, probe_y = at.bridge_y, at.probe_y
    elif kind == "violin":
        body, hole, extras, bridge = _violin()
        bridge_y, probe_y = at.bridge_y, at.probe_y
    else:
        body, extras, bridge = _banjo()
        bridge_y, probe_y = at.bridge_y, at.probe_y
    fifth = kind == "banjo" and n == 5
    long_strings = n - 1 if fifth else n
    half_neck = (long_strings - 1) / 2 * at.nut_spread + 1.1
    body_top = min(y for _, y in body) + 1.0
    # The fingerboard runs from the nut over the top of the body, widening a little.
    widen = 0.6 + 0.02 * (at.board_end - at.nut_y)
    neck = (
        (-half_neck, at.nut_y),
        (half_neck, at.nut_y),
        (half_neck + widen, at.board_end),
        (-half_neck - widen, at.board_end),
    )
    # Evenly spaced at the bridge (a banjo's fifth string takes the last place there) and at the nut.
    strings = [
        (
            ((k - (n - 1) / 2) * at.bridge_spread, bridge_y),
            ((k - (long_strings - 1) / 2) * at.nut_spread, at.nut_y),
        )
        for k in range(long_strings)
    ]
    head, pegs = _head(kind, at.nut_y, half_neck, long_strings)
    if fifth:
        # The banjo's short fifth string: from its peg at the fifth fret, beside the others to the bridge.
        peg_y = at.nut_y + (body_top - at.nut_y) * 0.25
        edge = half_neck + widen * (peg_y - at.nut_y) / (at.board_end - at.nut_y)
        strings.append((((n - 1) / 2 * at.bridge_spread, bridge_y), (edge - 0.4, peg_y)))
        pegs = (*pegs, (edge + 1.1, peg_y))
    frets = tuple(at.nut_y + (body_top - at.nut_y) * (1 - 0.944**k) / (1 - 0.944**14) for k in range(1, 15))
    probe_x = (n / 2 + 1.2) * at.bridge_spread + 1.2
    return Geometry(
        variant,
        body,
        hole,
        head,
        neck,
        tuple(strings),
        pegs,
        frets if kind != "violin" else (),
        bridge,
        tuple(extras),
        probe_y,
        probe_x,
        max(y for _, y in extras[0][1]) if kind == "acoustic" else at.board_end,
    )


def _head(kind: str, nut_y: float, half_neck: float, strings: int) -> tuple[Shape, tuple[Point, ...]]:
    """The peghead and where its tuners are: two rows of pegs (a violin's pegbox its four side pegs)."""
    top = nut_y - 11.5
    if kind == "violin":
        head: Shape = ((-2.0, nut_y), (2.0, nut_y), (2.4, top + 4.0), (0.0, top + 1.5), (-2.4, top + 4.0))
        return head, tuple((side * 3.4, nut_y - 2.5 - 3.0 * k) for k in range(2) for side in (-1, 1))
    if kind in ("electric", "bass"):  # six (or four) in a line on one side
        head = (
            (-half_neck, nut_y),
            (half_neck, nut_y),
            (half_neck + 2.6, nut_y - 3.0),
            (half_neck + 2.4, top),
            (-half_neck - 0.6, top + 1.0),
            (-half_neck - 1.2, nut_y - 2.0),
        )
        return head, tuple((-half_neck - 2.2, nut_y - 1.5 - k * 9.0 / strings) for k in range(strings))
    head = (
        (-half_neck, nut_y),
        (half_neck, nut_y),
        (half_neck + 2.2, top + 1.0),
        (half_neck + 0.6, top),
        (-half_neck - 0.6, top),
        (-half_neck - 2.2, top + 1.0),
    )
    per_side = (strings + 1) // 2
    pegs = []
    for k in range(per_side):
        y = nut_y - 2.4 - k * 8.0 / max(per_side, 1)
        edge = half_neck + 2.2 * (nut_y - y) / (nut_y - top - 1.0)
        pegs += [(-edge - 0.9, y), (edge + 0.9, y)]
    return head, tuple(pegs[:strings])


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
        line(parent, (-half, y), (half, y), colours["inlay"], 0.22)
    for k in (3, 5, 7, 9):
        if len(g.frets) > k:
            circle(parent, (0.0, (g.frets[k - 1] + g.frets[k]) / 2), 0.6, colours["inlay"])
    polygon(parent, g.head, colours["neck"])
    if g.variant.kind == "violin":
        head_top = min(y for _, y in g.head)
        circle(parent, (0.0, head_top + 1.2), 2.2, colours["neck"])  # the scroll
        scroll = ((0.0, head_top + 1.2), (1.0, head_top + 1.9), (0.4, head_top + 2.7))
        stroke(parent, scroll, colours["inlay"], 0.4)
    for x, y in g.pegs:
        rect(parent, x - 1.4, y - 0.85, 2.8, 1.7, colours["pickups"], r=0.8)
    polygon(parent, g.bridge, colours["bridge"])
    for (x0, y0), (x1, y1) in g.strings:
        t = (y0 - g.edged_to) / (y0 - y1)
        line(parent, (x0, y0), (x0 + (x1 - x0) * t, g.edged_to), colours["neck"], STRING_EDGE)
    for start, end in g.strings:
        line(parent, start, end, colours["strings"], STRING_WIDTH)
        if g.variant.kind == "violin":  # on to the tailpiece
            line(parent, start, (start[0] * 0.45, 22.0), colours["strings"], STRING_WIDTH)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "strings": Measured(
            len(g.strings), runs(("strings",), (-g.probe_x, g.probe_y), (g.probe_x, g.probe_y))
        ),
        "sound_hole": Measured(int(g.variant.kind == "acoustic"), presence(("hole",), min_area=20)),
    }


DRAWER = Drawer("guitar", ROLES, geometry, draw, measures, silhouette=("body",))
