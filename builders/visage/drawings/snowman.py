"""Snowmen: stacked snowballs with coal eyes and buttons, a carrot nose, stick arms, hat and scarf.

A Japanese snowman (yukidaruma) is two balls and no arms. The lobe probe counts
the bulges, top to bottom, of the balls' silhouette with the face on them (the
carrot nose juts out of the head; the scarf, hat and arms are left out).
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.core.svg import sub
from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, lobes, presence
from builders.visage.drawings.primitives import circle, line, polygon, rect

#: (centre y, radius) of the balls, bottom first.
THREE_BALLS = ((22.0, 13.5), (1.5, 10.0), (-15.5, 7.5))
TWO_BALLS = ((15.0, 16.5), (-10.0, 11.5))


@dataclasses.dataclass(frozen=True)
class Variant:
    balls: int = 3
    arms: bool = True


@dataclasses.dataclass(frozen=True)
class Geometry:
    balls: tuple[tuple[float, float], ...]
    arms: tuple[tuple[Point, Point, Point], ...]
    hat_tilt: float


ROLES = (
    Role("snow", family("white")),
    Role("coal", family("coal")),
    Role("carrot", family("carrot_orange")),
    Role("stick", family("brown", "dark_brown")),
    Role("hat", family("black", "red", "blue", "green")),
    Role("scarf", family("red", "blue", "green", "purple", "yellow")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    balls = THREE_BALLS if variant.balls == 3 else TWO_BALLS
    arms: tuple[tuple[Point, Point, Point], ...] = ()
    if variant.arms:
        y = balls[1][0] - 1.5
        lift = rng.uniform(6, 12)
        arms = tuple(
            (
                (side * 6.0, y),
                (side * 25.0, y - lift * (1.0 if side > 0 else 0.7)),
                (side * 21.0, y - lift - 5.0),
            )
            for side in (-1, 1)
        )
    return Geometry(balls=balls, arms=arms, hat_tilt=round(rng.uniform(-6, 6), 1))


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for start, tip, twig in g.arms:
        line(parent, start, tip, colours["stick"], 1.6)
        mid = ((start[0] + 2 * tip[0]) / 3, (start[1] + 2 * tip[1]) / 3)
        line(parent, mid, twig, colours["stick"], 1.2)
    for y, r in g.balls:
        circle(parent, (0, y), r, colours["snow"])
    head_y, head_r = g.balls[-1]
    neck_y = head_y + head_r - 1.0
    if len(g.balls) == 3:
        rect(parent, -7.0, neck_y - 1.5, 14.0, 3.2, colours["scarf"], r=1.4)
        polygon(
            parent, [(3.0, neck_y), (6.5, neck_y), (7.5, neck_y + 9.0), (4.0, neck_y + 9.0)], colours["scarf"]
        )
        for y in (g.balls[1][0] - 4.0, g.balls[1][0] + 0.5, g.balls[1][0] + 5.0):
            circle(parent, (0, y), 1.1, colours["coal"])
    # The brim covers the crown of the head, so no sliver of snow shows above it.
    hat = sub(parent, "g", transform=f"rotate({g.hat_tilt} 0 {head_y - head_r})")
    rect(hat, -head_r - 1.5, head_y - head_r - 1.6, 2 * head_r + 3.0, 2.4, colours["hat"])
    rect(hat, -head_r * 0.7, head_y - head_r - 9.6, head_r * 1.4, 8.5, colours["hat"])
    for side in (-1, 1):
        circle(parent, (side * head_r * 0.35, head_y - head_r * 0.15), 1.0, colours["coal"])
    if len(g.balls) == 3:
        polygon(parent, [(0.5, head_y + 0.3), (9.0, head_y + 2.0), (0.5, head_y + 2.6)], colours["carrot"])
    else:
        line(parent, (-2.5, head_y + head_r * 0.4), (2.5, head_y + head_r * 0.4), colours["coal"], 1.0)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "balls": Measured(len(g.balls), lobes(("snow", "carrot", "coal"))),
        "arms": Measured(int(bool(g.arms)), presence(("stick",), min_area=6)),
    }


DRAWER = Drawer("snowman", ROLES, geometry, draw, measures)
