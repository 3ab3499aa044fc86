"""Dice: a cube seen from above and to the side, three faces showing pips (or blank, or a numeral),
a d4 tetrahedron showing two faces, a d20 hexagon.

The cube's front face is a square in its own role: an audit counts that face's
corners (a d4's lit face three, a d20's outline six) and its round pips; the
pips on the lit top and the shaded side are foreshortened ovals, which the
round-pip count leaves out.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, components, corners
from builders.visage.drawings.primitives import circle, ellipse, line, polygon, regular_polygon, text

SHAPES = {"cube": 4, "d4": 3, "d20": 6}
HALF = 16.0
PIP_RADIUS = 3.6
DEPTH = (11.0, -9.0)  # the receding edge of the top and side faces
CENTRE = (-5.0, 4.5)  # of the front face

#: Pip positions of faces 1-6 on a 3 x 3 grid (column, row in -1..1).
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


@dataclasses.dataclass(frozen=True)
class Variant:
    shape: str = "cube"
    marks: str = "pips"  # pips | numeral | blank


@dataclasses.dataclass(frozen=True)
class Geometry:
    shape: str
    outline: tuple[Point, ...]
    pips: tuple[Point, ...]
    numerals: tuple[tuple[str, Point, float], ...]
    facets: tuple[tuple[Point, Point], ...]
    top: tuple[Point, ...] = ()
    side: tuple[Point, ...] = ()
    #: Pips on top and side, as (centre, rx, ry, tilt) ovals.
    ovals: tuple[tuple[Point, float, float, float], ...] = ()


ROLES = (
    Role("body", family("white", "ivory", "red", "black", "blue", "green", "purple")),
    Role("top", family("white", "ivory", "silver", "cream"), shaded="body", lighter=True),
    Role("side", family("grey", "dark_grey", "silver", "navy"), shaded="body"),
    Role("pips", family("black", "white", "red")),
    Role("numerals", family("blue", "red", "black", "gold")),
    Role("facets", family("grey", "dark_grey", "silver")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    face = rng.randrange(1, 7)
    pips: tuple[Point, ...] = ()
    numerals: tuple[tuple[str, Point, float], ...] = ()
    facets: tuple[tuple[Point, Point], ...] = ()
    if variant.shape == "cube":
        cx, cy = CENTRE
        outline: tuple[Point, ...] = (
            (cx - HALF, cy - HALF),
            (cx + HALF, cy - HALF),
            (cx + HALF, cy + HALF),
            (cx - HALF, cy + HALF),
        )
        dx, dy = DEPTH
        top = (
            outline[0],
            outline[1],
            (outline[1][0] + dx, outline[1][1] + dy),
            (outline[0][0] + dx, outline[0][1] + dy),
        )
        side: tuple[Point, ...] = (
            outline[1],
            outline[2],
            (outline[2][0] + dx, outline[2][1] + dy),
            (outline[1][0] + dx, outline[1][1] + dy),
        )
        ovals: tuple[tuple[Point, float, float, float], ...] = ()
        if variant.marks == "pips":
            pips = tuple((cx + col * 9.0, cy + row * 9.0) for col, row in PIPS[face])
            up = rng.choice([n for n in range(1, 7) if n not in (face, 7 - face)])
            beside = rng.choice([n for n in range(1, 7) if n not in (face, 7 - face, up, 7 - up)])
            ovals = tuple(
                (
                    (cx + col * 9.0 + dx * (0.5 - row * 0.3), cy - HALF + dy * (0.5 - row * 0.3)),
                    3.3,
                    1.35,
                    -6.0,
                )
                for col, row in PIPS[up]
            ) + tuple(
                (
                    (cx + HALF + dx * (0.5 + col * 0.3), cy + row * 9.0 + dy * (0.5 + col * 0.3)),
                    1.35,
                    3.3,
                    -36.0,
                )
                for col, row in PIPS[beside]
            )
        elif variant.marks == "numeral":
            numerals = ((str(face), CENTRE, 20.0),)
        return Geometry(variant.shape, outline, pips, numerals, (), top, side, ovals)
    elif variant.shape == "d4":
        # A tetrahedron with an edge toward the viewer: a lit face and a shaded one, each showing the
        # numbers of its three corners near them (the corner on top is the roll).
        apex, left, front, right = (2.0, -30.0), (-27.0, 19.0), (6.0, 25.0), (30.0, 12.0)
        outline = (apex, left, front)
        side = (apex, front, right)
        corner_numbers = {apex: "4", left: "2", front: "3", right: "1"}
        numerals = tuple(
            (corner_numbers[corner], _toward(corner, _centroid(face), 0.58), 7.5)
            for face in (outline, side)
            for corner in face
        )
        return Geometry(variant.shape, outline, (), numerals, (), (), side)
    else:
        outline = tuple(regular_polygon((0, 0), 29, 6, -90))
        inner = tuple(regular_polygon((0, 2), 16, 3, -90))
        facets = (
            tuple(zip(inner, inner[1:] + inner[:1], strict=True))
            + tuple((inner[k], outline[2 * k]) for k in range(3))
            + tuple((inner[k], outline[(2 * k + 1) % 6]) for k in range(3))
            + tuple((inner[(k + 1) % 3], outline[(2 * k + 1) % 6]) for k in range(3))
        )
        numerals = ((str(rng.randrange(1, 21)), (0.0, 3.0), 8.5),)
    return Geometry(shape=variant.shape, outline=outline, pips=pips, numerals=numerals, facets=facets)


def _centroid(points: tuple[Point, ...]) -> Point:
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def _toward(point: Point, centre: Point, t: float) -> Point:
    return centre[0] + (point[0] - centre[0]) * t, centre[1] + (point[1] - centre[1]) * t


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    if g.shape == "cube":
        polygon(parent, g.top, colours["top"])
        polygon(parent, g.side, colours["side"])
        polygon(parent, g.outline, colours["body"])
        for centre, rx, ry, tilt in g.ovals:
            ellipse(
                parent, centre, rx, ry, colours["pips"], transform=f"rotate({tilt} {centre[0]} {centre[1]})"
            )
    else:
        if g.side:  # a d4's shaded face
            polygon(parent, g.side, colours["side"], stroke=colours["side"], stroke_width=1.2)
        polygon(parent, g.outline, colours["body"], stroke=colours["body"], stroke_width=1.2)
    for start, end in g.facets:
        line(parent, start, end, colours["facets"], 0.9)
    for pip in g.pips:
        circle(parent, pip, PIP_RADIUS, colours["pips"])
    for label, centre, size in g.numerals:
        text(parent, label, centre, size, colours["numerals"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {
        "pips": Measured(len(g.pips), components(("pips",), shape="round", min_area=12)),
        "corners": Measured(SHAPES[g.shape], corners(("body", "facets"))),
    }


DRAWER = Drawer("die", ROLES, geometry, draw, measures)
