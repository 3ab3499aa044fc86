"""A taxi in side view: a car body with windows and wheels and a lit TAXI sign on its roof.

A sedan (a New York cab, with its checker stripe) or the boxy, upright London
hackney carriage. The body's colour is read on the doors, clear of stripe,
windows and wheels.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import smooth
from builders.visage.drawings.primitives import circle, line, polygon, rect, text

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "sedan"  # sedan | hackney


@dataclasses.dataclass(frozen=True)
class Geometry:
    body: Shape
    windows: tuple[Shape, ...]
    wheels: tuple[Point, ...]
    wheel_r: float
    sign: tuple[float, float, float, float]
    checks: tuple[Shape, ...]
    lights: tuple[Shape, ...]
    doors: tuple[tuple[Point, Point], ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("body", family("yellow", "black", "white", "gold")),
    Role("glass", family("pale_blue", "lcd", "dark_grey")),
    Role("tyre", family("coal", "black")),
    Role("hub", family("silver", "grey")),
    Role("sign", family("white", "amber_on", "cream", "yellow")),
    Role("ink", family("black", "coal", "dark_grey")),
    Role("lamp", family("ivory", "white", "cream", "amber_on")),
    Role("trim", family("dark_grey", "grey", "silver"), shaded="body"),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.kind == "hackney":
        body: Shape = (
            (-32.0, 8.0),
            (-32.0, -2.0),
            (-28.0, -4.0),
            (-22.0, -17.0),
            (12.0, -17.5),
            (17.0, -6.0),
            (30.0, -4.0),
            (33.0, 1.0),
            (32.5, 8.0),
        )
        windows = (
            ((-20.0, -15.0), (-4.0, -15.0), (-4.0, -6.0), (-24.5, -6.0)),
            ((-2.0, -15.0), (10.5, -15.5), (14.5, -6.0), (-2.0, -6.0)),
        )
        wheels, r = ((-20.0, 8.5), (20.0, 8.5)), 6.2
        sign = (-7.0, -21.5, 14.0, 4.2)
        doors = (((-3.0, -16.0), (-3.0, 6.0)), ((-24.0, -5.0), (-25.0, 6.0)))
        probes = ((-12.0, 0.5), (6.0, 0.5), (-8.0, 3.0), (10.0, 3.0))
        return Geometry(
            body,
            windows,
            wheels,
            r,
            sign,
            (),
            (((30.0, -2.5), (33.0, -1.0), (33.0, 1.5), (30.0, 1.5)),),
            doors,
            probes,
        )
    body = (
        (-34.0, 8.0),
        (-34.5, -1.0),
        (-31.0, -4.0),
        (-20.0, -5.0),
        (-13.0, -13.5),
        (8.0, -13.5),
        (15.0, -5.0),
        (31.0, -3.5),
        (34.5, 1.0),
        (34.0, 8.0),
    )
    windows = (
        ((-11.5, -12.0), (-2.0, -12.0), (-2.0, -5.5), (-17.0, -5.5)),
        ((0.0, -12.0), (7.5, -12.0), (12.5, -5.5), (0.0, -5.5)),
    )
    wheels, r = ((-22.0, 8.5), (22.0, 8.5)), 5.8
    checks: tuple[tuple[Point, ...], ...] = tuple(
        ((x, -1.0), (x + 2.0, -1.0), (x + 2.0, 1.0), (x, 1.0)) for x in range(-30, 31, 4)
    )
    checks += tuple(
        ((x + 2.0, 1.0), (x + 4.0, 1.0), (x + 4.0, 3.0), (x + 2.0, 3.0)) for x in range(-30, 29, 4)
    )
    sign = (-6.0, -18.0, 12.0, 4.2)
    doors = (((-1.0, -13.0), (-1.0, 7.0)), ((-17.0, -5.0), (-17.0, 7.0)))
    probes = ((-9.0, -3.0), (6.0, -3.0), (-9.0, 5.5), (8.0, 5.5))
    return Geometry(
        body,
        windows,
        wheels,
        r,
        sign,
        checks,
        (((31.0, -2.5), (34.5, -0.5), (34.5, 0.5), (31.0, 0.5)),),
        doors,
        probes,
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    x, y, w, h = g.sign
    rect(parent, x, y, w, h, colours["sign"], r=1.0)
    text(parent, "TAXI", (x + w / 2, y + h / 2), h * 0.75, colours["ink"])
    smooth(parent, g.body, colours["body"], tension=0.4)
    for window in g.windows:
        polygon(parent, window, colours["glass"])
    for check in g.checks:
        polygon(parent, check, colours["ink"])
    for start, end in g.doors:
        line(parent, start, end, colours["trim"], 0.5)
    for lamp in g.lights:
        polygon(parent, lamp, colours["lamp"])
    for hub in g.wheels:
        circle(parent, hub, g.wheel_r, colours["tyre"])
        circle(parent, hub, g.wheel_r * 0.5, colours["hub"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["body"]), colour(*g.probes))}


DRAWER = Drawer("car", ROLES, geometry, draw, measures, silhouette=("body", "tyre"))
