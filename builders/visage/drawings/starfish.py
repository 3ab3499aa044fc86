"""Starfish from above: a smooth star with `arms` arms and bumpy dots along them.

The arm probe is a circle between the arms' root and tips: it crosses each arm once.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, runs_on_circle
from builders.visage.drawings.primitives import circle, polar, polygon

OUTER = 33.0


@dataclasses.dataclass(frozen=True)
class Variant:
    arms: int = 5
    #: Radius of the central disc relative to the arms' reach.
    disc: float = 0.36


@dataclasses.dataclass(frozen=True)
class Geometry:
    arms: int
    outline: tuple[Point, ...]
    dots: tuple[Point, ...]
    probe_radius: float


ROLES = (
    Role("body", family("orange", "red", "purple", "tan", "pink", "carrot_orange")),
    Role("dots", family("cream", "white", "dark_brown")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    inner = OUTER * variant.disc
    phase = rng.uniform(0, 360 / variant.arms)
    outline = []
    for step in range(240):
        angle = 360 * step / 240
        wave = (1 + math.cos(math.radians(variant.arms * (angle - phase)))) / 2
        outline.append(polar((0, 0), inner + (OUTER - inner) * wave**1.6, angle))
    dots = []
    for arm in range(variant.arms):
        angle = phase + 360 * arm / variant.arms
        for reach in (0.3, 0.5, 0.7):
            dots.append(polar((0, 0), inner * 0.4 + (OUTER - inner * 0.4) * reach, angle))
    return Geometry(
        arms=variant.arms,
        outline=tuple(outline),
        dots=tuple(dots),
        probe_radius=inner + (OUTER - inner) * 0.4,
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    polygon(parent, g.outline, colours["body"])
    radius = 1.6 if g.arms <= 7 else 0.9
    for dot in g.dots:
        circle(parent, dot, radius, colours["dots"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"arms": Measured(g.arms, runs_on_circle((), 0, 0, g.probe_radius))}


DRAWER = Drawer("starfish", ROLES, geometry, draw, measures)
