"""A watermelon: a big half-moon slice with its flesh, rind and rows of seeds, a striped whole melon behind.

The slice is drawn large and its seeds many and plump, so a seedless slice
differs from a seeded one at a glance. The flesh's colour is read at points
clear of the seeds; the seeds are teardrops none of which touches another, so
an audit counts them as blobs.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour, components
from builders.visage.drawings.outline import curve, ellipse_points, ribbon, smooth

Shape = tuple[Point, ...]
CENTRE = (0.0, 7.0)  # the slice's straight edge is its top


@dataclasses.dataclass(frozen=True)
class Variant:
    seeds: bool = True


@dataclasses.dataclass(frozen=True)
class Geometry:
    whole: Shape
    stripes: tuple[Shape, ...]
    skin: Shape
    rind: Shape
    flesh: Shape
    seeds: tuple[Shape, ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("flesh", family("red", "yellow", "pink")),
    Role("seed", family("black", "coal")),
    Role("rind", family("ivory", "lime", "cream")),
    Role("skin", family("green")),
    Role("stripe", family("green", "teal", "lime"), shaded="skin"),
)


def _half_disc(radius: float, flat: float) -> Shape:
    """The lower half of a disc, its straight edge at the top (a slice seen from its cut face)."""
    cx, cy = CENTRE
    return tuple(
        (cx + radius * math.cos(math.radians(a)), cy + radius * flat * math.sin(math.radians(a)))
        for a in range(0, 181, 10)
    )


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    whole = ellipse_points((5.0, -9.0), 25.0, 15.0, 36, -8)
    stripes = tuple(
        ribbon(((5.0 + dx * 1.0, -25.0), (5.0 + dx * 1.25, -9.0), (5.0 + dx, 7.0)), (1.6, 3.4, 1.6))
        for dx in (-18.0, -9.0, 0.0, 9.0, 18.0)
    )
    skin, rind, flesh = _half_disc(33.0, 0.75), _half_disc(30.5, 0.72), _half_disc(27.5, 0.68)
    seeds, probes = [], []
    cx, cy = CENTRE
    if variant.seeds:
        for radius, count in ((7.5, 3), (13.0, 6), (18.5, 9), (24.0, 12)):
            for k in range(count):
                a = math.radians(20 + 140 * k / (count - 1))
                x, y = cx + radius * math.cos(a), cy + radius * 0.68 * math.sin(a)
                seeds.append(ellipse_points((x, y), 0.95, 1.75, 10, math.degrees(a) - 90))
    for a, radius in ((48, 10.2), (132, 10.2), (90, 3.5), (33, 21.2), (147, 21.2)):
        ang = math.radians(a)
        probes.append((cx + radius * math.cos(ang), cy + radius * 0.68 * math.sin(ang)))
    return Geometry(whole, stripes, skin, rind, flesh, tuple(seeds), tuple(probes))


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    smooth(parent, g.whole, colours["skin"])
    clip_path = ET.SubElement(parent, "clipPath", {"id": "clip-melon"})
    ET.SubElement(clip_path, "path", {"d": curve(g.whole)})
    striped = ET.SubElement(parent, "g", {"clip-path": "url(#clip-melon)"})
    for stripe in g.stripes:
        smooth(striped, stripe, colours["stripe"])
    smooth(parent, g.skin, colours["skin"])
    smooth(parent, g.rind, colours["rind"])
    smooth(parent, g.flesh, colours["flesh"])
    for seed in g.seeds:
        smooth(parent, seed, colours["seed"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "colour": Measured(colour_of(colours["flesh"]), colour(*g.probes)),
        "seeds": Measured(len(g.seeds), components(("seed",), min_area=1.0)),
    }


DRAWER = Drawer("watermelon", ROLES, geometry, draw, measures, silhouette=("skin", "flesh"))
