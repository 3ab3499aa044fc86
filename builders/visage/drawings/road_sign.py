"""Road signs on posts: a diamond warning sign with a pictogram, and a triangular yield sign.

Warning signs come as a diamond (a bend ahead, or a worker for a work zone) or
a school zone's pentagon with two walking children. A yield sign is an
inverted triangle, a red band round a white field lettered YIELD, or (the old
US one) yellow with black letters. Colours are read at points on the plate
clear of pictogram, border and letters.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import ribbon, smooth, stroke
from builders.visage.drawings.primitives import circle, polygon, rect, regular_polygon, text

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "diamond"  # diamond | pentagon | yield
    symbol: str = "bend"  # bend | worker | children | YIELD
    field: bool = True  # a yield sign's white field inside its red band


@dataclasses.dataclass(frozen=True)
class Geometry:
    variant: Variant
    outline: Shape
    inner: Shape
    field: Shape
    probes: tuple[Point, ...]


ROLES = (
    Role("plate", family("yellow", "red", "orange", "lime")),
    Role("field", family("white", "ivory")),
    Role("ink", family("black", "coal")),
    Role("post", family("silver", "grey", "dark_grey")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    centre = (0.0, -8.0)
    if variant.shape == "yield":
        outline = tuple(regular_polygon(centre, 30.0, 3, 90.0))
        inner = tuple(regular_polygon(centre, 28.5, 3, 90.0))
        field = tuple(regular_polygon(centre, 17.0, 3, 90.0)) if variant.field else ()
        band = ((-18.0, -20.0), (18.0, -20.0), (0.0, 15.0), (-8.0, -3.0), (8.0, -3.0))
        return Geometry(variant, outline, inner, field, band)
    if variant.shape == "pentagon":
        outline = ((0.0, -34.0), (24.0, -16.0), (24.0, 14.0), (-24.0, 14.0), (-24.0, -16.0))
        inner = ((0.0, -32.0), (22.5, -15.2), (22.5, 12.5), (-22.5, 12.5), (-22.5, -15.2))
        return Geometry(
            variant,
            outline,
            inner,
            (),
            ((-17.0, 8.0), (17.0, 8.0), (-17.0, -12.0), (17.0, -12.0), (0.0, -26.0)),
        )
    outline = tuple(regular_polygon(centre, 30.0, 4, -90.0))
    inner = tuple(regular_polygon(centre, 28.0, 4, -90.0))
    return Geometry(
        variant, outline, inner, (), ((-18.0, -8.0), (18.0, -8.0), (0.0, -28.0), (0.0, 12.0), (-9.0, 3.0))
    )


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    v = g.variant
    rect(parent, -2.0, -8.0, 4.0, 48.0, colours["post"])
    polygon(parent, g.outline, colours["ink"] if v.shape != "yield" or not v.field else colours["field"])
    polygon(parent, g.inner, colours["plate"])
    if g.field:
        polygon(parent, g.field, colours["field"])
        text(parent, "YIELD", (0.0, -13.0), 5.0, colours["plate"])
    elif v.shape == "yield":
        text(parent, "YIELD", (0.0, -10.0), 6.0, colours["ink"])
    ink = colours["ink"]
    if v.symbol == "bend":
        stroke(parent, ((-5.0, 6.0), (-5.0, -4.0), (3.0, -10.0), (3.0, -16.0)), ink, 3.4)
        polygon(parent, ((3.0, -22.5), (8.0, -15.5), (-2.0, -15.5)), ink)
    elif v.symbol == "worker":
        circle(parent, (-3.0, -20.0), 2.6, ink)
        smooth(parent, ribbon(((-3.0, -16.5), (-1.5, -8.0), (1.0, -2.0)), (4.0, 4.0, 3.4)), ink)
        stroke(parent, ((0.5, -3.0), (-4.0, 5.0)), ink, 2.4)
        stroke(parent, ((1.0, -3.0), (5.0, 5.0)), ink, 2.4)
        stroke(parent, ((-2.0, -13.0), (6.0, -11.0), (9.0, -1.0)), ink, 1.8)  # arms on a shovel
        polygon(parent, ((-11.0, 5.0), (-4.0, 1.0), (2.0, 5.0)), ink)  # the pile
    elif v.symbol == "children":
        for dx, scale in ((-7.0, 1.0), (6.0, 0.85)):
            circle(parent, (dx, -16.0 + (1 - scale) * 8), 2.6 * scale, ink)
            smooth(parent, ribbon(((dx, -12.5), (dx + 0.5, -3.0)), (4.4 * scale, 3.6 * scale)), ink)
            stroke(parent, ((dx, -3.5), (dx - 3.0 * scale, 5.0)), ink, 2.0 * scale)
            stroke(parent, ((dx + 0.5, -3.5), (dx + 3.5 * scale, 5.0)), ink, 2.0 * scale)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["plate"]), colour(*g.probes))}


DRAWER = Drawer("road_sign", ROLES, geometry, draw, measures, silhouette=("plate", "ink"))
