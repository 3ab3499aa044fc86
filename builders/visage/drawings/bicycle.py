"""A bicycle in side view: two spoked wheels, a diamond frame, saddle, handlebar, and its drive.

The drive is a toothed chainring with crank and pedals and a chain to the
cog at the rear hub; a shaft-drive bicycle has a closed metal shaft between
bevel boxes at the crank and the hub instead, a balance bike neither crank nor
pedals nor chain. Pedals and chain are roles of their own,
measured by their area.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence, runs
from builders.visage.drawings.outline import ribbon, smooth, stroke
from builders.visage.drawings.primitives import circle, line, polygon

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    drive: str = "chain"  # chain | shaft | none (a balance bike)


@dataclasses.dataclass(frozen=True)
class Geometry:
    drive: str
    wheels: tuple[Point, Point]
    radius: float
    frame: tuple[tuple[Point, Point], ...]
    saddle: Shape
    bars: tuple[Point, ...]
    crank: Point
    crank_angle: float
    footrest: Shape


ROLES = (
    Role("frame", family("red", "blue", "green", "black", "orange", "teal", "silver", "wood")),
    Role("tyre", family("coal", "black")),
    Role("metal", family("silver", "grey")),
    Role("saddle", family("dark_brown", "black", "tan", "dark_grey")),
    Role("chain", family("dark_grey", "grey")),
    Role("pedal", family("dark_grey", "black", "coal"), shaded="frame"),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    angle = rng.uniform(0, 360)
    if variant.drive == "none":  # a balance bike: small wheels, a low frame, a footrest
        r = 11.0
        rear, front = (-17.0, 14.0), (17.0, 14.0)
        head = (12.0, -4.0)
        seat = (-6.0, -3.0)
        frame: tuple[tuple[Point, Point], ...] = (
            (rear, seat),
            (seat, head),
            (head, front),
            (seat, (-6.0, 6.0)),
            ((-6.0, 6.0), rear),
        )
        return Geometry(
            "none",
            (rear, front),
            r,
            frame,
            ((-12.0, -7.0), (-1.0, -7.5), (0.0, -5.5), (-11.0, -5.0)),
            ((11.0, -4.0), (9.0, -13.0), (14.0, -14.0)),
            # No crank is drawn: this is the frame's bottom corner, where the chain would start, so the
            # chain probe crosses the rear wheel steeply, not along the rim (a mix of rim and tyre can
            # read as the chain's grey where the two run side by side).
            (-6.0, 6.0),
            0.0,
            ((-8.0, 8.0), (6.0, 8.0), (6.0, 10.0), (-8.0, 10.0)),
        )
    r = 14.5
    rear, front = (-22.0, 10.0), (22.0, 10.0)
    crank = (-1.0, 11.0)
    seat_top = (-6.0, -12.0)
    head_top, head_bottom = (15.0, -11.0), (17.0, -5.0)
    frame = (
        (crank, seat_top),
        (seat_top, head_top),
        (crank, head_bottom),
        (head_top, head_bottom),
        (rear, crank),
        (rear, seat_top),
        (head_bottom, front),
    )
    saddle = ((-12.5, -16.0), (-2.0, -16.5), (0.0, -14.5), (-10.0, -13.5))
    bars = (head_top, (14.0, -17.0), (19.5, -17.5))
    return Geometry(variant.drive, (rear, front), r, frame, saddle, bars, crank, angle, ())


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for hub in g.wheels:
        _wheel(parent, hub, g.radius, g.crank_angle, colours)
    rear = g.wheels[0]
    if g.drive == "chain":
        _sprocket(parent, rear, 2.8, 10, colours["metal"])
        for side in (-1.0, 1.0):
            line(
                parent,
                (rear[0], rear[1] + side * 2.6),
                (g.crank[0], g.crank[1] + side * 5.6),
                colours["chain"],
                1.5,
            )
    for start, end in g.frame:
        line(parent, start, end, colours["frame"], 2.2)
    polygon(parent, g.saddle, colours["saddle"])
    stroke(parent, g.bars, colours["metal"], 1.4)
    circle(parent, g.bars[-1], 1.4, colours["saddle"])
    if g.footrest:
        polygon(parent, g.footrest, colours["saddle"])
    if g.drive == "none":
        return
    if g.drive == "shaft":
        # A closed shaft on the drive side, from the bevel box at the crank to the one at the rear hub.
        smooth(
            parent,
            ribbon(((rear[0] + 1.5, rear[1] + 1.2), (g.crank[0] - 2.5, g.crank[1] + 1.2)), (3.6, 3.6)),
            colours["metal"],
        )
        circle(parent, (rear[0], rear[1] + 0.6), 3.4, colours["metal"])
        circle(parent, g.crank, 3.8, colours["metal"])
    else:
        _sprocket(parent, g.crank, 6.0, 20, colours["metal"])
    circle(parent, g.crank, 1.6, colours["pedal"])
    for flip in (0.0, 180.0):
        a = math.radians(g.crank_angle + flip)
        x, y = g.crank[0] + 7.5 * math.cos(a), g.crank[1] + 7.5 * math.sin(a)
        line(parent, g.crank, (x, y), colours["pedal"], 1.6)
        polygon(
            parent,
            ((x - 2.4, y - 0.9), (x + 2.4, y - 0.9), (x + 2.4, y + 0.9), (x - 2.4, y + 0.9)),
            colours["pedal"],
        )


def _sprocket(parent: ET.Element, centre: Point, radius: float, teeth: int, fill: str) -> None:
    """A toothed chainring or cog."""
    points = [
        (
            centre[0] + (radius + (0.7 if k % 2 == 0 else 0.0)) * math.cos(math.pi * k / teeth),
            centre[1] + (radius + (0.7 if k % 2 == 0 else 0.0)) * math.sin(math.pi * k / teeth),
        )
        for k in range(2 * teeth)
    ]
    polygon(parent, points, fill)


def _wheel(parent: ET.Element, hub: Point, radius: float, turn: float, colours: Mapping[str, str]) -> None:
    """A tyre, a rim and twelve spokes round the hub (the inside stays see-through)."""
    circle(parent, hub, radius - 1.2, "none", stroke=colours["tyre"], stroke_width=2.4)
    circle(parent, hub, radius - 2.8, "none", stroke=colours["metal"], stroke_width=0.8)
    inner = radius - 2.8
    for k in range(6):
        a = math.radians(30 * k + turn * 0.1)
        line(
            parent,
            (hub[0] - inner * math.cos(a), hub[1] - inner * math.sin(a)),
            (hub[0] + inner * math.cos(a), hub[1] + inner * math.sin(a)),
            colours["metal"],
            0.35,
        )
    circle(parent, hub, 1.4, colours["metal"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    mid_x, mid_y = (g.wheels[0][0] + g.crank[0]) / 2, (g.wheels[0][1] + g.crank[1]) / 2
    return {
        "pedals": Measured(int(g.drive != "none"), presence(("pedal",), min_area=6.0)),
        # The chain's upper and lower runs, crossed half way between the crank and the rear hub.
        "chain": Measured(
            2 if g.drive == "chain" else 0, runs(("chain",), (mid_x, mid_y - 7.0), (mid_x, mid_y + 7.0))
        ),
    }


DRAWER = Drawer("bicycle", ROLES, geometry, draw, measures, silhouette=("tyre", "frame"))
