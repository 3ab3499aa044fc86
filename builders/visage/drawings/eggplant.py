"""Eggplants: a long glossy fruit under a spiky green calyx, or a cluster of small round Thai ones.

Thai eggplants are golf-ball sized, green streaked with cream from the calyx
down, and grow in clusters; the calyx's pointed sepals and the short woody
stalks make them read as eggplants. The skin's colour is read below the streaks.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import at_zoom, ellipse_points, ribbon, smooth, stroke, zoomed
from builders.visage.drawings.primitives import polygon

Shape = tuple[Point, ...]
#: Drawn this much larger than its coordinates.
ZOOM = 1.2


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "long"  # long | thai


@dataclasses.dataclass(frozen=True)
class Geometry:
    fruits: tuple[Shape, ...]
    calyxes: tuple[Shape, ...]
    stalks: tuple[tuple[Point, ...], ...]
    streaks: tuple[Shape, ...]
    shine: tuple[Shape, ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("body", family("purple", "white", "green")),
    Role("leaf", family("green", "lime")),
    Role("stem", family("brown", "wood", "green")),
    Role("stripes", family("cream", "white", "ivory")),
    Role("shine", family("pale_blue", "silver", "lime"), shaded="body"),
)


def _calyx(top: Point, width: float, depth: float, lean: float) -> Shape:
    """A cap of pointed sepals hugging the fruit's top."""
    x, y = top
    points: list[Point] = [(x - width * 0.45, y - 1.0), (x + width * 0.45, y - 1.0)]
    for k in range(5, -1, -1):
        u = k / 5
        px = x - width / 2 + width * u
        points.append((px + lean, y + depth * (1.0 if k % 2 == 0 else 0.45)))
    return tuple(points)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    if variant.shape == "thai":
        return _thai(rng)
    lean = rng.uniform(-3, 3)
    spine = [
        (lean * math.sin(math.pi * u) + 4.0 * u, -18.0 + 50.0 * u) for u in (0.0, 0.2, 0.45, 0.7, 0.88, 1.0)
    ]
    fruit = ribbon(spine, (9.0, 13.0, 19.0, 24.0, 22.0, 6.0))
    calyx = _calyx((0.0, -18.0), 14.0, 9.0, lean * 0.2)
    shine = (ribbon([(x - 5.5, y) for x, y in spine[2:5]], (2.0, 3.0, 1.6)),)
    probes = tuple((x + 3.0, y) for x, y in spine[2:5])
    return Geometry((fruit,), (calyx,), (((0.0, -18.0), (1.0, -24.0), (3.0, -29.0)),), (), shine, probes)


def _thai(rng: random.Random) -> Geometry:
    """Three loose Thai eggplants: round, pale green with cream streaks running down from the top like
    meridians, each under the eggplant's cap of pointed sepals on a short curved stalk, glossy."""
    fruits, calyxes, stalks, streaks, shine, probes = [], [], [], [], [], []
    for cx, cy, r, lean in ((-14.0, -5.0, 11.5, -0.6), (13.0, -8.0, 11.0, 0.5), (0.0, 14.0, 12.5, 0.2)):
        fruits.append(ellipse_points((cx, cy), r, r * 0.92, 28))
        top = (cx, cy - r * 0.86)
        for k in (-2, -1, 0, 1, 2):
            side = math.sin(math.radians(k * 30))
            streaks.append(
                ribbon(
                    (
                        (cx + side * r * 0.4, top[1] + 2.5),
                        (cx + side * r * 0.8, cy),
                        (cx + side * r * 0.55, cy + r * 0.55),
                    ),
                    (1.4, 0.9, 0.2),
                )
            )
        calyxes.append(_calyx(top, r * 1.25, r * 0.62, rng.uniform(-1, 1)))
        stalks.append((top, (top[0] + 2.0 * lean, top[1] - 4.0), (top[0] + 4.5 * lean, top[1] - 7.0)))
        shine.append(ellipse_points((cx - r * 0.48, cy + r * 0.15), r * 0.13, r * 0.3, 10, 20))
        probes.append((cx + r * 0.12, cy + r * 0.7))
    return Geometry(tuple(fruits), tuple(calyxes), tuple(stalks), tuple(streaks), tuple(shine), tuple(probes))


def draw(g: Geometry, root: ET.Element, colours: Mapping[str, str]) -> None:
    parent = zoomed(root, ZOOM)
    for stalk in g.stalks:
        stroke(parent, stalk, colours["stem"], 2.0)
    for index, fruit in enumerate(g.fruits):
        smooth(parent, fruit, colours["body"])
        for streak in g.streaks[index * 5 : index * 5 + 5]:
            smooth(parent, streak, colours["stripes"])
        polygon(parent, g.calyxes[index], colours["leaf"])
    for shine in g.shine:
        smooth(parent, shine, colours["shine"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["body"]), colour(*at_zoom(g.probes, ZOOM)))}


DRAWER = Drawer("eggplant", ROLES, geometry, draw, measures)
