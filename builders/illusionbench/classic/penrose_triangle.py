"""Penrose triangle: three square bars that seem to meet at right angles in a closed loop.

Three bars of a real 3-D object (unit cross-section, 5 units long: along x, then y, then z) are
drawn in isometric view, far faces first, with three grey shades for their three face
directions; seen this way the z bar's top lands on the x bar's start. Re-drawing the first two
units of the x bar on top makes that junction impossible: the loop closes. The figure is turned
to point up and centred on a 512 x 512 white canvas, one unit 58·scale px. The trap version opens
the loop: the y bar has a real gap of 6·|p| units in its middle, so the object could exist. A
weaker inducer draws thinner bars: a cross-section of `inducer` units (the loop closes at any
thickness).
"""

from __future__ import annotations

import dataclasses
import math

from builders.core.svg import Canvas, points
from builders.illusionbench.classic.base import ClassicIllusion, Drawn
from builders.illusionbench.questions import Choice, Statement
from builders.illusions.shapes import Point, hex_color

LENGTH = 5.0
GAP_UNITS = 6.0
#: Grey of the faces whose normal is +x, +y, +z.
SHADES = {"x": (0.33, 0.33, 0.33), "y": (0.6, 0.6, 0.6), "z": (0.87, 0.87, 0.87)}

Box = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
Vertex = tuple[float, float, float]


@dataclasses.dataclass(frozen=True)
class Face:
    normal: str  # "x", "y" or "z"
    corners: tuple[Point, ...]  # on the canvas


@dataclasses.dataclass(frozen=True)
class Elements:
    faces: tuple[Face, ...]  # in drawing order
    gap_center: Point | None  # the middle of the trap version's gap, on the canvas


def boxes(gap: float, w: float = 1.0) -> list[tuple[Box, tuple[str, ...]]]:
    """The boxes to draw, in order, with the face directions each shows; bars `w` units thick."""
    n = LENGTH
    middle = (w + n) / 2
    y_bar: list[Box] = [((n - w, n), (w, n), (0, w))]
    if gap:
        y_bar = [((n - w, n), (w, middle - gap / 2), (0, w)), ((n - w, n), (middle + gap / 2, n), (0, w))]
    everything = ("x", "y", "z")
    return [
        (((0, n), (0, w), (0, w)), everything),
        *((box, everything) for box in y_bar),
        (((n - w, n), (n - w, n), (w, n)), everything),
        (((0, 2 * w), (0, w), (0, w)), ("y", "z")),  # the impossible junction
    ]


def _corners(box: Box, normal: str) -> list[Vertex]:
    (x0, x1), (y0, y1), (z0, z1) = box
    if normal == "x":
        return [(x1, y0, z0), (x1, y1, z0), (x1, y1, z1), (x1, y0, z1)]
    if normal == "y":
        return [(x0, y1, z0), (x1, y1, z0), (x1, y1, z1), (x0, y1, z1)]
    return [(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]


def isometric(vertex: Vertex) -> Point:
    """Isometric view along (1, 1, 1), turned so the figure points up; y grows downwards."""
    x, y, z = vertex
    right, up = (x - y) * math.sqrt(3) / 2, z - (x + y) / 2
    return (-up, -right)


class Penrose(Drawn[Elements], ClassicIllusion):
    name = "penrose_triangle"
    title = "the Penrose triangle"
    kind = "paradox"
    width, height = 512, 512
    inducer_feature = "the bars' thickness"
    trap_keeps_illusion = False  # the gap opens the loop: the object could exist
    cause = (
        "each corner on its own is a correct drawing of two bars meeting at a right angle, but the three "
        "corners cannot belong to one object, so the closed loop is impossible"
    )

    def elements(self, scale: float, perturbation: float, inducer: float = 1.0) -> Elements:
        unit = 58 * scale
        gap = GAP_UNITS * abs(perturbation)
        raw = [
            (normal, [isometric(v) for v in _corners(box, normal)])
            for box, normals in boxes(gap, inducer)
            for normal in normals
        ]
        xs = [x for _, corners in raw for x, _ in corners]
        ys = [y for _, corners in raw for _, y in corners]
        dx = self.width / 2 - unit * (min(xs) + max(xs)) / 2
        dy = self.height / 2 - unit * (min(ys) + max(ys)) / 2

        def place(point: Point) -> Point:
            return (dx + unit * point[0], dy + unit * point[1])

        faces = tuple(Face(normal, tuple(place(p) for p in corners)) for normal, corners in raw)
        center = (
            place(isometric((LENGTH - inducer / 2, (inducer + LENGTH) / 2, inducer / 2))) if gap else None
        )
        return Elements(faces, center)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        for face in elements.faces:
            color = hex_color(SHADES[face.normal])
            # A stroke of the fill's own colour hides the hairline seams between adjacent faces.
            canvas.add(
                "polygon",
                points=points(list(face.corners)),
                fill=color,
                stroke=color,
                stroke_width=1,
                stroke_linejoin="round",
            )

    def content(self, perturbation: float) -> str:
        bars = "three grey square bars drawn in three shades, forming a triangle that points up"
        if perturbation == 0:
            return f"{bars}; every corner joins two bars at a right angle, so the loop closes"
        return f"{bars}; one bar has a real gap in its middle, so the bars do not form a closed loop"

    def own_statements(self, perturbation: float) -> list[Statement]:
        gap = perturbation != 0
        return [
            Statement("The three bars form one closed, unbroken loop.", not gap, True),
            Statement("One of the bars has a gap in it.", gap, True),
            Statement("The bars are drawn in bright red, green and blue.", False),
            Statement("The triangle is drawn as a thin black outline only.", False),
        ]

    def own_choice(self, perturbation: float) -> Choice:
        impossible = "It could not exist: the bars close into an impossible loop"
        possible = "It could exist: one bar is broken, so the loop is open"
        correct, other = (possible, impossible) if perturbation else (impossible, possible)
        return Choice(
            "Could the object in the picture exist in three dimensions?",
            correct,
            (other, "It is a flat triangle cut from paper", "It is a photograph of a real sculpture"),
        )

    def trap_truth(self, perturbation: float) -> str:
        return "one bar has a real gap, so the bars do not close into a loop and the object could exist"


ILLUSION = Penrose()
