"""Kanizsa triangle: three black discs with wedges cut out suggest a white triangle nobody drew.

An upward triangle of side 260·scale px is centred on a 512 x 512 white canvas; at each corner a
black disc of radius 0.26 side (times the inducer strength: smaller discs, a fainter triangle) lacks
the 60° wedge that points along the triangle's two sides.
The trap version really draws the triangle's outline, 3 px wide, under the discs, with a grey
level 1 - 1.5·|p|.
"""

from __future__ import annotations

import dataclasses
import math

from builders.core.svg import Canvas
from builders.illusionbench.classic.base import ClassicIllusion, Drawn, percent
from builders.illusionbench.questions import Choice, Statement
from builders.illusions.shapes import Point, line, polygon

RADIUS = 0.26
STEPS = 60


def edge_gray(perturbation: float) -> float:
    """The grey level (0 black, 1 white) of the trap version's drawn outline."""
    return round(1 - 1.5 * abs(perturbation), 4)


@dataclasses.dataclass(frozen=True)
class Elements:
    corners: tuple[Point, ...]  # three
    radius: float
    outline: bool
    gray: float


class Kanizsa(Drawn[Elements], ClassicIllusion):
    name = "kanizsa_triangle"
    title = "the Kanizsa triangle"
    kind = "fiction"
    width, height = 512, 512
    inducer_feature = "the size of the cut discs"
    trap_keeps_illusion = False  # the outline is drawn: no contour is seen that is not there
    cause = (
        "illusory contours: the cut-out wedges line up, so the brain completes a white triangle lying on top "
        "of three discs, with edges and a brightness that are not there"
    )

    def elements(self, scale: float, perturbation: float, inducer: float = 1.0) -> Elements:
        side = 260 * scale
        circumradius = side / math.sqrt(3)
        cx, cy = self.width / 2, self.height / 2 + circumradius / 4  # the triangle's box is centred
        corners = tuple(
            (cx + circumradius * math.cos(math.radians(a)), cy + circumradius * math.sin(math.radians(a)))
            for a in (-90, 30, 150)
        )
        return Elements(corners, RADIUS * side * inducer, perturbation != 0, edge_gray(perturbation))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        corners = elements.corners
        if elements.outline:
            for k in range(3):
                line(canvas, corners[k], corners[(k + 1) % 3], color=(elements.gray,) * 3, width=3)
        for k, corner in enumerate(corners):
            polygon(canvas, _pacman(corner, corners[(k + 1) % 3], corners[(k + 2) % 3], elements.radius))

    def content(self, perturbation: float) -> str:
        discs = "three black discs, each missing a wedge, placed at the corners of a triangle"
        if perturbation == 0:
            return f"{discs}; no line joins them"
        return f"{discs}; the triangle's outline is really drawn between them as a grey line"

    def own_statements(self, perturbation: float) -> list[Statement]:
        drawn = perturbation != 0
        return [
            Statement(
                "Lines are drawn along the edges of the triangle between the black shapes.", drawn, True
            ),
            Statement("The triangle's edges are not drawn between the black shapes.", not drawn, True),
            Statement("The triangle in the middle is brighter white than the rest of the background.", False),
            Statement("The three black shapes are complete circles.", False),
        ]

    def own_choice(self, perturbation: float) -> Choice:
        none = "It is not drawn; the cut-out wedges only suggest it"
        grey = "It is drawn as a thin grey line"
        correct, other = (grey, none) if perturbation else (none, grey)
        return Choice(
            "How is the edge of the triangle drawn between the black shapes?",
            correct,
            (other, "It is drawn as a thick black line", "It is a dashed red line"),
        )

    def trap_truth(self, perturbation: float) -> str:
        return f"the triangle's outline is really drawn, {percent(1.5 * perturbation)} darker than white"


def _pacman(corner: Point, toward: Point, other: Point, radius: float) -> list[Point]:
    """A disc at `corner` without the wedge between the directions to the two other corners."""
    a1 = math.atan2(toward[1] - corner[1], toward[0] - corner[0])
    a2 = math.atan2(other[1] - corner[1], other[0] - corner[0])
    if (a2 - a1) % (2 * math.pi) > math.pi:
        a1, a2 = a2, a1
    start, sweep = a2, 2 * math.pi - (a2 - a1) % (2 * math.pi)
    arc = [start + sweep * k / STEPS for k in range(STEPS + 1)]
    return [corner, *((corner[0] + radius * math.cos(a), corner[1] + radius * math.sin(a)) for a in arc)]


ILLUSION = Kanizsa()
