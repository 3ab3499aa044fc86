"""A rainbow: an arc of bands from red outside to violet inside, its feet in two clouds.

A fogbow is one broad, nearly white band; a monochrome rainbow, seen at
sunrise or sunset, a few bands of red and orange. Bands are parted by hairlines of sky, so a
line from the centre out crosses each band once: an audit counts them.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.core.svg import sub
from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, runs
from builders.visage.drawings.outline import ellipse_points, smooth

BAND_ROLES = (
    "band_red",
    "band_orange",
    "band_yellow",
    "band_green",
    "band_blue",
    "band_indigo",
    "band_violet",
)
CENTRE = (0.0, 14.0)
OUTER, INNER = 34.0, 16.0


@dataclasses.dataclass(frozen=True)
class Variant:
    bands: int = 7


@dataclasses.dataclass(frozen=True)
class Geometry:
    bands: tuple[tuple[str, float, float], ...]  # (role, outer radius, inner radius)
    clouds: tuple[tuple[Point, float], ...]


ROLES = (
    Role("band_red", family("red")),
    Role("band_orange", family("orange")),
    Role("band_yellow", family("yellow")),
    Role("band_green", family("green")),
    Role("band_blue", family("blue", "pale_blue")),
    Role("band_indigo", family("navy")),
    Role("band_violet", family("purple")),
    Role("cloud", family("white", "silver", "ivory")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    n = variant.bands
    # Bands keep the seven-band rainbow's width, so fewer bands make a narrower arc (a fogbow's is broad).
    step = (OUTER - INNER) / (7 if n > 1 else 2.5)
    bands = tuple(
        (BAND_ROLES[k], OUTER - k * step, OUTER - (k + 1) * step + (0.5 if n > 1 else 0.0)) for k in range(n)
    )
    clouds = []
    for side in (-1, 1):
        x = side * (OUTER + INNER) / 2
        for dx, dy, r in ((-5.0, 0.0, 5.5), (0.0, -3.0, 6.5), (5.5, 0.5, 5.0), (1.0, 2.5, 5.5)):
            clouds.append(((x + dx + rng.uniform(-0.5, 0.5), CENTRE[1] + dy), r))
    return Geometry(bands, tuple(clouds))


def _band(outer: float, inner: float) -> str:
    """SVG path data of a half ring (the upper half) between two radii about CENTRE."""
    cx, cy = CENTRE
    return (
        f"M{cx - outer:g} {cy:g}A{outer:g} {outer:g} 0 0 1 {cx + outer:g} {cy:g}"
        f"L{cx + inner:g} {cy:g}A{inner:g} {inner:g} 0 0 0 {cx - inner:g} {cy:g}Z"
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    for role, outer, inner in g.bands:
        sub(parent, "path", d=_band(outer, inner), fill=colours[role])
    for centre, r in g.clouds:
        smooth(parent, ellipse_points(centre, r, r * 0.8, 14), colours["cloud"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    # Straight up from the centre, through every band.
    cx, cy = CENTRE
    return {"bands": Measured(len(g.bands), runs(BAND_ROLES, (cx, cy - INNER + 1.0), (cx, cy - OUTER - 1.0)))}


DRAWER = Drawer("rainbow", ROLES, geometry, draw, measures, silhouette=("band_red", "cloud"))
