"""A stop sign on its post: an octagonal plate lettered STOP, or Japan's inverted triangle lettered 止まれ.

Japan's stop sign (tomare, "stop") is a red inverted triangle with a white
border and the word 止まれ in white across its wide top; signs made since 2017
add a small STOP below it. The glyphs come from the shipped "Tomare Glyphs"
subset (builders/core/fonts/README-TomareGlyphs.md).
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.core.fonts import SANS, TOMARE
from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Role, colour, corners
from builders.visage.drawings.primitives import polygon, rect, regular_polygon, text

SHAPES = {"octagon": 8, "triangle": 3}


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "octagon"


@dataclasses.dataclass(frozen=True)
class Lettering:
    word: str
    center: tuple[float, float]
    size: float
    family: str = SANS


@dataclasses.dataclass(frozen=True)
class Geometry:
    sides: int
    outer: tuple[tuple[float, float], ...]
    inner: tuple[tuple[float, float], ...]
    lettering: tuple[Lettering, ...]
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
        lettering: tuple[Lettering, ...] = (Lettering("STOP", (0.0, -4.0), 11.0),)
        points = ((0, -19.0), (0, 11.0), (-14.0, 7.0), (14.0, -15.0))
    else:
        # Inverted: one vertex points down. The plate's wide top holds the word, STOP below it.
        start, outer_r, inner_r = 90.0, 33.0, 28.5
        lettering = (Lettering("止まれ", (0.0, -10.0), 11.5, TOMARE), Lettering("STOP", (0.0, 1.2), 4.6))
        points = ((0, 9.0), (0, 14.0), (-5.0, 7.5), (5.0, 7.5))
    return Geometry(
        sides=sides,
        outer=tuple(regular_polygon((0, -4), outer_r, sides, start)),
        inner=tuple(regular_polygon((0, -4), inner_r, sides, start)),
        lettering=lettering,
        post_top=-4.0,
        plate_points=points,
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    rect(parent, -2.2, g.post_top, 4.4, 40 - g.post_top, colours["post"])
    polygon(parent, g.outer, colours["ink"])
    polygon(parent, g.inner, colours["plate"])
    for letters in g.lettering:
        text(parent, letters.word, letters.center, letters.size, colours["ink"], family=letters.family)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "sides": Measured(g.sides, corners(("plate",))),
        "colour": Measured(colour_of(colours["plate"]), colour(*g.plate_points)),
    }


DRAWER = Drawer("stop_sign", ROLES, geometry, draw, measures, silhouette=("ink", "plate"))
