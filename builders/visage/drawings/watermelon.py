"""A watermelon: a striped whole melon behind a half-moon slice with its flesh, rind and seeds.

The flesh's colour is read at points clear of the seeds; the seeds are
teardrops none of which touches another, so an audit counts them as blobs.
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
CENTRE = (0.0, 14.0)  # the slice's straight edge is its top


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
    whole = ellipse_points((4.0, -2.0), 26.0, 17.0, 36, -8)
    stripes = tuple(
        ribbon(((4.0 + dx * 1.0, -19.0), (4.0 + dx * 1.25, -2.0), (4.0 + dx, 15.0)), (1.6, 3.4, 1.6))
        for dx in (-18.0, -9.0, 0.0, 9.0, 18.0)
    )
    skin, rind, flesh = _half_disc(27.0, 0.75), _half_disc(25.0, 0.72), _half_disc(22.0, 0.68)
    seeds, probes = [], []
    cx, cy = CENTRE
    for row, (radius, count) in enumerate(((15.0, 7), (8.5, 4))):
        for k in range(count):
            a = (
                math.radians(20 + 140 * (k + 0.5 * row) / (count - 1 + row * 0.0))
                if count > 1
                else math.radians(90)
            )
            a = math.radians(18 + 144 * k / (count - 1))
            x, y = cx + radius * math.cos(a), cy + radius * 0.68 * math.sin(a)
            if variant.seeds:
                tilt = math.degrees(a) - 90
                seeds.append(ellipse_points((x, y), 0.75, 1.3, 10, tilt))
    for a, radius in ((60, 11.8), (120, 11.8), (90, 4.0), (35, 19.0), (145, 19.0)):
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
