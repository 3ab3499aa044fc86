"""Necker cube: a wire-frame cube whose front face flips, because no edge hides another.

Two squares of side 220·scale px, the back one shifted up and right by 0.45 side (times the
inducer strength: a shallower cube), joined at their
corners, all edges 4 px black lines, centred on a 512 x 512 white canvas. Two back edges cross the
front square's top and right edges. The trap version breaks the back edges at those crossings by
a gap of 120·|p| px, so the lower-left square is unambiguously in front.
"""

from __future__ import annotations

import dataclasses

from builders.core.svg import Canvas
from builders.illusionbench.classic.base import ClassicIllusion, Drawn
from builders.illusionbench.questions import Choice, Statement
from builders.illusions.shapes import Point, line

STROKE = 4
OFFSET = 0.45

Segment = tuple[Point, Point]


@dataclasses.dataclass(frozen=True)
class Elements:
    front: tuple[Point, ...]  # four corners: top-left, top-right, bottom-right, bottom-left
    back: tuple[Point, ...]  # the same four, shifted
    crossings: tuple[Point, Point]  # back left edge x front top edge, back bottom edge x front right edge
    gap: float  # 0 in the classic figure


class NeckerCube(Drawn[Elements], ClassicIllusion):
    name = "necker_cube"
    title = "the Necker cube"
    kind = "ambiguous"
    width, height = 512, 512
    inducer_feature = "the cube's depth"
    trap_keeps_illusion = False  # the broken edges put one square in front: one reading only
    cause = (
        "the line drawing gives no depth cue: no edge hides another, so either square can be seen as the "
        "front face and the cube flips between two orientations"
    )

    def elements(self, scale: float, perturbation: float, inducer: float = 1.0) -> Elements:
        side = 220 * scale
        shift = OFFSET * side * inducer
        left = (self.width - side - shift) / 2
        top = (self.height - side + shift) / 2
        front = ((left, top), (left + side, top), (left + side, top + side), (left, top + side))
        back = tuple((x + shift, y - shift) for x, y in front)
        crossings = ((left + shift, top), (left + side, top + side - shift))
        return Elements(front, back, crossings, 120 * abs(perturbation))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        for segment in self.segments(elements):
            line(canvas, *segment, width=STROKE)

    def segments(self, elements: Elements) -> list[Segment]:
        """Every edge; in the trap version the two crossed back edges come in two pieces each."""
        front, back = elements.front, elements.back
        edges = [(front[k], front[(k + 1) % 4]) for k in range(4)]
        edges += [(front[k], back[k]) for k in range(4)]
        edges += [(back[0], back[1]), (back[1], back[2])]
        crossed = [(back[3], back[0]), (back[2], back[3])]  # the left and bottom back edges
        for (start, end), crossing in zip(crossed, elements.crossings, strict=True):
            edges += _broken(start, end, crossing, elements.gap)
        return edges

    def content(self, perturbation: float) -> str:
        cube = "a black wire-frame drawing of a cube: two overlapping squares joined at their corners"
        if perturbation == 0:
            return f"{cube}; every edge is drawn unbroken, even where edges cross"
        return (
            f"{cube}; the edges of the upper-right square break where they pass behind the lower-left square"
        )

    def own_statements(self, perturbation: float) -> list[Statement]:
        broken = perturbation != 0
        return [
            Statement("Some edges are interrupted where they pass behind other edges.", broken, True),
            Statement("Every edge is drawn as an unbroken line, even where edges cross.", not broken, True),
            Statement("The cube is drawn with shaded, coloured faces.", False),
            Statement("The drawing shows two separate squares that are not connected.", False),
        ]

    def own_choice(self, perturbation: float) -> Choice:
        either = "Either one: the drawing does not say"
        lower = "The lower-left square"
        correct, other = (lower, either) if perturbation else (either, lower)
        return Choice(
            "Which square face of the cube is in front?",
            correct,
            (other, "The upper-right square", "Neither: both squares lie in one plane"),
        )

    def trap_truth(self, perturbation: float) -> str:
        return "the edges of the upper-right square are broken where they pass behind the lower-left square"


def _broken(start: Point, end: Point, crossing: Point, gap: float) -> list[Segment]:
    """The edge from `start` to `end`, less `gap` px centred on `crossing` (whole when the gap is 0)."""
    if gap == 0:
        return [(start, end)]
    length = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    before = (crossing[0] - ux * gap / 2, crossing[1] - uy * gap / 2)
    after = (crossing[0] + ux * gap / 2, crossing[1] + uy * gap / 2)
    return [(start, before), (after, end)]


ILLUSION = NeckerCube()
