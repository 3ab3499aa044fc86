"""A potted cactus: a ribbed column with two arms bristling with spines, or a spineless globe.

The pot is terracotta, its soil showing inside the rim. Spineless globes come
as a star cactus (eight broad ribs meeting at the top, white felt tufts and
flecks) or a peyote (a soft button of a few lumpy ribs, tufts of wool). Spines
stand out of the column's and arms' edges in tufts, their own role, so an
audit measures them by their area.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.outline import ellipse_points, ribbon, smooth, stroke
from builders.visage.drawings.primitives import circle, polygon

Shape = tuple[Point, ...]
POT_TOP = 14.0


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "column"  # column | star | peyote


@dataclasses.dataclass(frozen=True)
class Geometry:
    variant: Variant
    body: tuple[Shape, ...]
    ribs: tuple[tuple[Point, ...], ...]
    spines: tuple[tuple[Point, Point], ...]
    tufts: tuple[Point, ...]
    pot: Shape
    rim: Shape
    soil: Shape


ROLES = (
    Role("body", family("green", "teal", "lime")),
    Role("rib", family("green", "teal"), shaded="body"),
    Role("spine", family("cream", "ivory", "yellow", "white")),
    Role("felt", family("white", "silver", "cream")),
    Role("pot", family("orange", "wood", "carrot_orange", "red")),
    Role("rim", family("wood", "brown", "maple"), shaded="pot"),
    Role("soil", family("dark_brown", "brown")),
)


def _spines_around(
    parts: tuple[Shape, ...], rng: random.Random, spacing: float = 2.6
) -> list[tuple[Point, Point]]:
    """Tufts of spines standing out of the plant's edge: every `spacing` along each part's outline,
    where no other part covers it, three spines fanning out along the outward normal."""
    found = []
    for index, outline in enumerate(parts):
        others = [other for k, other in enumerate(parts) if k != index]
        # Signed area: which side of each edge is outside.
        turn = (
            1.0
            if sum(
                x1 * y2 - x2 * y1
                for (x1, y1), (x2, y2) in zip(outline, (*outline[1:], outline[0]), strict=True)
            )
            > 0
            else -1.0
        )
        for (x1, y1), (x2, y2) in zip(outline, (*outline[1:], outline[0]), strict=True):
            length = math.dist((x1, y1), (x2, y2))
            base = math.atan2(-(x2 - x1) * turn, (y2 - y1) * turn)
            for k in range(max(1, round(length / spacing))):
                x, y = x1 + (x2 - x1) * k * spacing / length, y1 + (y2 - y1) * k * spacing / length
                if y > POT_TOP - 3.0 or any(_inside((x, y), other) for other in others):
                    continue
                for spread in (-0.5, 0.0, 0.5):
                    a = base + spread + rng.uniform(-0.12, 0.12)
                    found.append(
                        (
                            (x - 0.5 * math.cos(base), y - 0.5 * math.sin(base)),
                            (x + 2.4 * math.cos(a), y + 2.4 * math.sin(a)),
                        )
                    )
    return found


def _inside(point: Point, shape: Shape) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(shape, (*shape[1:], shape[0]), strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (x2 - x1) * (y - y1) / (y2 - y1):
            inside = not inside
    return inside


def _pot() -> tuple[Shape, Shape, Shape]:
    """A terracotta pot: tapering sides, a thick rim, dark soil showing inside the rim."""
    pot = ((-13.0, POT_TOP), (13.0, POT_TOP), (10.0, 34.0), (-10.0, 34.0))
    rim = ((-15.0, POT_TOP - 1.5), (15.0, POT_TOP - 1.5), (14.6, POT_TOP + 3.5), (-14.6, POT_TOP + 3.5))
    soil = ellipse_points((0.0, POT_TOP - 1.5), 14.2, 2.6, 24)
    return pot, rim, soil


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    pot, rim, soil = _pot()
    if variant.shape == "column":
        trunk = ribbon(((0.0, POT_TOP), (0.0, -8.0), (0.0, -27.0)), (12.0, 12.0, 11.0))
        top = ellipse_points((0.0, -27.0), 5.5, 4.5, 12)
        left = ribbon(((-5.0, 0.0), (-13.0, -1.0), (-15.5, -8.0), (-15.5, -16.0)), (6.0, 6.5, 6.5, 6.0))
        right = ribbon(((5.0, -8.0), (12.0, -9.0), (14.5, -15.0), (14.5, -22.0)), (6.0, 6.5, 6.5, 6.0))
        tips = (ellipse_points((-15.5, -16.0), 3.0, 2.4, 10), ellipse_points((14.5, -22.0), 3.0, 2.4, 10))
        ribs: tuple[Shape, ...] = tuple(
            ((x, POT_TOP - 1.0), (x * 1.05, -8.0), (x * 0.9, -28.0)) for x in (-3.0, 0.0, 3.0)
        )
        ribs += (((-15.5, -2.5), (-15.5, -16.5)), ((14.5, -11.0), (14.5, -22.5)))
        parts = (left, right, trunk, top, *tips)
        return Geometry(variant, parts, ribs, tuple(_spines_around(parts, rng)), (), pot, rim, soil)
    if variant.shape == "star":
        # A star cactus from a little above, sitting in its pot: a low globe of eight broad ribs meeting
        # at its top, white felt tufts down the middle of each rib and white flecks all over.
        centre, rx, ry = (0.0, POT_TOP - 8.0), 14.0, 9.8
        ribs, tufts = _globe_ribs(centre, rx, ry, count=8, tufts=(0.35, 0.62, 0.88))
        flecks = tuple(
            (centre[0] + rx * r * math.cos(a), centre[1] + ry * r * math.sin(a))
            for a, r in ((rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 0.9)) for _ in range(22))
        )
        body = ellipse_points(centre, rx, ry, 40)
        return Geometry(variant, (body,), ribs, (), (*tufts, *flecks), pot, rim, soil)
    # A peyote: a soft blue-green button of a few broad lumpy ribs, tufts of wool along them.
    centre, rx, ry = (0.0, POT_TOP - 7.0), 13.5, 8.8
    ribs, tufts = _globe_ribs(centre, rx, ry, count=6, tufts=(0.3, 0.7))
    body = tuple(
        (
            centre[0] + rx * math.cos(a) * (1 + 0.06 * math.cos(6 * a)),
            centre[1] + ry * math.sin(a) * (1 + 0.06 * math.cos(6 * a)),
        )
        for a in (2 * math.pi * k / 48 for k in range(48))
    )
    return Geometry(variant, (body,), ribs, (), tufts, pot, rim, soil)


def _globe_ribs(
    centre: Point, rx: float, ry: float, count: int, tufts: tuple[float, ...]
) -> tuple[tuple[tuple[Point, ...], ...], tuple[Point, ...]]:
    """The grooves of a globular cactus seen from above: `count` lines from its top (a little behind
    its middle) out to its edge, a star; and points down the middle of each rib, for tufts."""
    top = (centre[0], centre[1] - ry * 0.25)

    def at(a: float, t: float) -> Point:
        edge = (centre[0] + rx * math.cos(a), centre[1] + ry * math.sin(a))
        return top[0] + (edge[0] - top[0]) * t, top[1] + (edge[1] - top[1]) * t

    angles = [2 * math.pi * k / count for k in range(count)]
    ribs = tuple((at(a, 0.0), at(a, 0.5), at(a, 0.97)) for a in angles)
    points = tuple(at(a + math.pi / count, t) for a in angles for t in tufts)
    return ribs, (top, *points)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    polygon(parent, g.pot, colours["pot"])
    smooth(parent, g.soil, colours["soil"])
    for shape in g.body:
        smooth(parent, shape, colours["body"])
    for rib in g.ribs:
        stroke(parent, rib, colours["rib"], 0.9)
    for start, end in g.spines:
        stroke(parent, (start, end), colours["spine"], 0.45)
    for tuft in g.tufts:
        circle(parent, tuft, 1.2, colours["felt"])
    # The rim's front, over the plant's foot: it stands in its pot.
    polygon(parent, g.rim[:2] + g.rim[2:], colours["rim"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"spines": Measured(int(bool(g.spines)), presence(("spine",), min_area=3.0))}


DRAWER = Drawer("cactus", ROLES, geometry, draw, measures, silhouette=("body", "pot"))
