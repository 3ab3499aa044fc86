"""Traffic signals: a housing with a column of lamps, one of them lit, on a pole.

A pedestrian signal's two lamps are square lenses with a standing and a walking
figure; a "doghouse" signal has five sections, red on top of two columns (turn
arrows on the left). Every lamp colour (lit or dim, and the lenses) is its own
role, so the lamp probe, a path through the housing, crosses each lamp once.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Role, runs
from builders.visage.drawings.primitives import circle, polygon, rect

LAMP_ROLES = ("red_on", "red_off", "amber_on", "amber_off", "green_on", "green_off", "lens")


@dataclasses.dataclass(frozen=True)
class Variant:
    #: Lamp colours from top to bottom.
    lamps: tuple[str, ...] = ("red", "amber", "green")
    pedestrian: bool = False
    doghouse: bool = False


@dataclasses.dataclass(frozen=True)
class Geometry:
    lamps: tuple[str, ...]
    centres: tuple[float, ...]
    lit: int
    pedestrian: bool
    top: float
    bottom: float
    #: (x, y) of each lamp, and the probe's path through all of them.
    places: tuple[tuple[float, float], ...] = ()
    path: tuple[tuple[float, float], ...] = ()


ROLES = (
    Role("housing", family("dark_grey", "black", "yellow", "green")),
    Role("pole", family("silver", "grey")),
    *(Role(name, family(name)) for name in LAMP_ROLES[:-1]),
    Role("lens", family("coal")),
)

SPACING = 15.0
LAMP_RADIUS = 6.0


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.doghouse:
        return _doghouse(rng)
    count = len(variant.lamps)
    centres = tuple((k - (count - 1) / 2) * SPACING - 6 for k in range(count))
    return Geometry(
        lamps=variant.lamps,
        centres=centres,
        lit=rng.randrange(count),
        pedestrian=variant.pedestrian,
        top=centres[0] - 9.5,
        bottom=centres[-1] + 9.5,
    )


def _doghouse(rng: random.Random) -> Geometry:
    """Red alone on top; amber and green arrows on the left, amber and green balls on the right."""
    places = ((0.0, -22.0), (-8.0, -7.0), (-8.0, 8.0), (8.0, -7.0), (8.0, 8.0))
    lamps = ("red", "amber", "green", "amber", "green")
    path = ((0.0, -30.0), (0.0, -22.0), (-8.0, -7.0), (-8.0, 16.5), (8.0, 16.5), (8.0, -7.0))
    return Geometry(lamps, (), rng.randrange(5), False, -31.0, 17.5, places, path)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    if g.places:
        rect(parent, -2.4, g.bottom - 1, 4.8, 40 - g.bottom, colours["pole"])
        rect(parent, -8.0, g.top, 16.0, 18.0, colours["housing"], r=3.0)
        rect(parent, -17.0, -15.0, 34.0, g.bottom + 15.0, colours["housing"], r=3.0)
        for index, (lamp, (x, y)) in enumerate(zip(g.lamps, g.places, strict=True)):
            circle(parent, (x, y), LAMP_RADIUS, colours[f"{lamp}_{'on' if index == g.lit else 'off'}"])
            if x < 0:  # a left-turn arrow on the lens
                polygon(
                    parent,
                    [
                        (x - 3.8, y),
                        (x - 0.6, y - 3.2),
                        (x - 0.6, y - 1.2),
                        (x + 3.6, y - 1.2),
                        (x + 3.6, y + 1.2),
                        (x - 0.6, y + 1.2),
                        (x - 0.6, y + 3.2),
                    ],
                    colours["lens"],
                )
        return
    rect(parent, -2.4, g.bottom - 1, 4.8, 40 - g.bottom, colours["pole"])
    rect(parent, -10, g.top, 20, g.bottom - g.top, colours["housing"], r=3.5)
    for index, (lamp, y) in enumerate(zip(g.lamps, g.centres, strict=True)):
        lamp_colour = colours[f"{lamp}_{'on' if index == g.lit else 'off'}"]
        if not g.pedestrian:
            circle(parent, (0, y), LAMP_RADIUS, lamp_colour)
            continue
        rect(parent, -6.5, y - 6.5, 13, 13, colours["lens"], r=1.2)
        circle(parent, (0, y - 3.6), 1.5, lamp_colour)
        if lamp == "red":  # standing figure
            polygon(parent, [(-2.2, y - 1.8), (2.2, y - 1.8), (1.6, y + 5), (-1.6, y + 5)], lamp_colour)
        else:  # walking figure
            polygon(
                parent,
                [
                    (-1.2, y - 1.8),
                    (1.6, y - 1.8),
                    (3.4, y + 5),
                    (1.8, y + 5),
                    (0.2, y + 1.5),
                    (-2.4, y + 5),
                    (-4.0, y + 5),
                ],
                lamp_colour,
            )


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    probe = runs(LAMP_ROLES, *g.path) if g.path else runs(LAMP_ROLES, (0, g.top + 1.5), (0, g.bottom - 1.5))
    return {"lamps": Measured(len(g.lamps), probe)}


DRAWER = Drawer("traffic_light", ROLES, geometry, draw, measures, silhouette=("housing",))
