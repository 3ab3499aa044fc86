"""Clocks: an analogue dial with hands, a digital LCD, or a flip clock's number cards."""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Role, runs_on_circle
from builders.visage.drawings.primitives import circle, line, polar, polygon, rect, text

FACES = ("analogue", "digital", "flip")
RADIUS = 30.0
#: The hands' probe: a circle this far from the hub crosses each hand once and nothing else.
PROBE_RADIUS = 9.0
LCD_INK = ("#34463a",)


@dataclasses.dataclass(frozen=True)
class Variant:
    face: str = "analogue"


@dataclasses.dataclass(frozen=True)
class Geometry:
    face: str
    #: (angle in degrees from 12 o'clock, length, width) per hand.
    hands: tuple[tuple[float, float, float], ...]
    hours: int
    minutes: int


ROLES = (
    Role("rim", family("black", "silver", "gold", "wood", "red", "blue")),
    Role("face", family("white", "cream", "ivory")),
    Role("ticks", family("dark_grey", "grey")),
    Role("hands", family("black", "navy")),
    Role("case", family("silver", "wood", "white", "red", "dark_grey")),
    Role("screen", family("lcd")),
    Role("digits", LCD_INK),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    hours, minutes = rng.randrange(1, 13), rng.randrange(0, 60, 5)
    hour_angle = (hours % 12) * 30 + minutes / 2
    # Hands that overlap would read as one: keep them at least 40 degrees apart.
    while abs((hour_angle - minutes * 6 + 180) % 360 - 180) < 40:
        minutes = (minutes + 25) % 60
        hour_angle = (hours % 12) * 30 + minutes / 2
    hands = ((hour_angle, 15.0, 3.2), (minutes * 6.0, 22.0, 2.4)) if variant.face == "analogue" else ()
    return Geometry(face=variant.face, hands=hands, hours=hours, minutes=minutes)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    if g.face == "analogue":
        circle(parent, (0, 0), RADIUS, colours["rim"])
        circle(parent, (0, 0), RADIUS - 3.5, colours["face"])
        for hour in range(12):
            inner = 21.5 if hour % 3 else 19.5
            line(
                parent,
                polar((0, 0), inner, hour * 30 - 90),
                polar((0, 0), 24.5, hour * 30 - 90),
                colours["ticks"],
                1.6,
            )
        for angle, length, width in g.hands:
            start, end = polar((0, 0), -2.5, angle - 90), polar((0, 0), length, angle - 90)
            line(parent, start, end, colours["hands"], width)
        circle(parent, (0, 0), 2.2, colours["hands"])
    elif g.face == "digital":
        rect(parent, -34, -19, 68, 38, colours["case"], r=5)
        rect(parent, -29, -14, 58, 28, colours["screen"], r=2)
        digits = f"{g.hours:2d}{g.minutes:02d}"
        for position, digit in enumerate(digits):
            if digit != " ":
                _seven_segment(
                    parent, -21.5 + position * 12 + (3 if position > 1 else 0), int(digit), colours["digits"]
                )
        for y in (-4.0, 4.0):
            rect(parent, 0.3, y - 1.2, 2.4, 2.4, colours["digits"])
    else:
        rect(parent, -33, -22, 66, 44, colours["case"], r=5)
        for x, label in ((-15.5, f"{g.hours:02d}"), (15.5, f"{g.minutes:02d}")):
            rect(parent, x - 13, -17, 26, 34, colours["screen"], r=2.5)
            text(parent, label, (x, 0.5), 17, colours["digits"])
            line(parent, (x - 13, 0), (x + 13, 0), colours["case"], 0.9)


#: Segments a-g of a seven-segment digit that each numeral lights.
_LIT = ("abcdef", "bc", "abged", "abgcd", "fgbc", "afgcd", "afgedc", "abc", "abcdefg", "abcdfg")


def _seven_segment(parent: ET.Element, x: float, digit: int, fill: str) -> None:
    """A 9 x 18 unit seven-segment digit whose left edge is at `x`, centred on y = 0."""
    w, h, t = 9.0, 18.0, 1.8
    ends = {
        "a": ((x, -h / 2), (x + w, -h / 2)),
        "g": ((x, 0.0), (x + w, 0.0)),
        "d": ((x, h / 2), (x + w, h / 2)),
        "f": ((x, -h / 2), (x, 0.0)),
        "b": ((x + w, -h / 2), (x + w, 0.0)),
        "e": ((x, 0.0), (x, h / 2)),
        "c": ((x + w, 0.0), (x + w, h / 2)),
    }
    for segment in _LIT[digit]:
        (x1, y1), (x2, y2) = ends[segment]
        if y1 == y2:
            coords = [
                (x1 + t / 2, y1),
                (x1 + t, y1 - t / 2),
                (x2 - t, y1 - t / 2),
                (x2 - t / 2, y1),
                (x2 - t, y1 + t / 2),
                (x1 + t, y1 + t / 2),
            ]
        else:
            coords = [
                (x1, y1 + t / 2),
                (x1 + t / 2, y1 + t),
                (x1 + t / 2, y2 - t),
                (x1, y2 - t / 2),
                (x1 - t / 2, y2 - t),
                (x1 - t / 2, y1 + t),
            ]
        polygon(parent, coords, fill)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"hands": Measured(len(g.hands), runs_on_circle(("hands",), 0, 0, PROBE_RADIUS))}


DRAWER = Drawer("clock", ROLES, geometry, draw, measures)
