"""A stop sign on its post: an octagonal plate (or a Japanese inverted triangle) lettered STOP."""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Role, colour, corners
from builders.visage.drawings.primitives import polygon, rect, regular_polygon, text

SHAPES = {"octagon": 8, "triangle": 3}


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "octagon"


@dataclasses.dataclass(frozen=True)
class Geometry:
    sides: int
    outer: tuple[tuple[float, float], ...]
    inner: tuple[tuple[float, float], ...]
    text_center: tuple[float, float]
    text_size: float
    post_top: float
    #: Points on the plate clear of the border and the letters.
    plate_points: tuple[tuple[float, float], ...]


ROLES = (
    Role("plate", family("red")),
    Role("ink", family("white")),
    Role("post", family("silver", "grey", "dark_grey")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    sides = SHAPES[variant.shape]
    if sides == 8:
        start, outer_r, inner_r = 22.5, 26.0, 23.6
        center, size, points = (0.0, -4.0), 11.0, ((0, -19.0), (0, 11.0), (-14.0, 7.0), (14.0, -15.0))
    else:
        # Inverted: one vertex points down. The plate's wide top edge holds the word.
        start, outer_r, inner_r = 90.0, 31.0, 27.0
        center, size, points = (0.0, -5.5), 8.5, ((0, 8.0), (0, 13.0), (-16.0, -11.0), (16.0, -11.0))
    return Geometry(
        sides=sides,
        outer=tuple(regular_polygon((0, -4), outer_r, sides, start)),
        inner=tuple(regular_polygon((0, -4), inner_r, sides, start)),
        text_center=center,
        text_size=size,
        post_top=-4.0,
        plate_points=points,
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    rect(parent, -2.2, g.post_top, 4.4, 40 - g.post_top, colours["post"])
    polygon(parent, g.outer, colours["ink"])
    polygon(parent, g.inner, colours["plate"])
    text(parent, "STOP", g.text_center, g.text_size, colours["ink"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "sides": Measured(g.sides, corners(("plate",))),
        "colour": Measured(colour_of(colours["plate"]), colour(*g.plate_points)),
    }


DRAWER = Drawer("stop_sign", ROLES, geometry, draw, measures, silhouette=("ink", "plate"))
