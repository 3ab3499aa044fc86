"""Café wall: rows of black and white tiles, shifted row to row; the grey mortar lines look wedged.

Seven rows of square tiles (44·scale px) alternate black and white across a 512 x 384 white
canvas; rows are shifted by 0, 1/4, 1/2, 1/4 of a tile in turn, and 3 px grey mortar lines run
between them. In the classic figure the mortar lines are horizontal and parallel. The trap version
really tilts each inner mortar line about its middle by 8·|p| degrees, alternately up and down to
the right, and the tiles follow them. A weaker inducer shifts the rows less: by the shifts above
times the inducer strength (at 0 the tiles form a chequerboard and the lines look straight).
"""

from __future__ import annotations

import dataclasses
import math

from builders.core.svg import Canvas
from builders.illusionbench.classic.base import ClassicIllusion, Drawn
from builders.illusionbench.questions import Choice, Statement
from builders.illusions.shapes import Point, line, polygon

ROWS = 7
SHIFTS = (0.0, 0.25, 0.5, 0.25)
MORTAR = (0.5, 0.5, 0.5)
MORTAR_WIDTH = 3
TILT_DEGREES = 8


@dataclasses.dataclass(frozen=True)
class Mortar:
    """A mortar line across the canvas: its height at the left and right edges."""

    left: float
    right: float

    def at(self, x: float, width: float) -> float:
        return self.left + (self.right - self.left) * x / width


@dataclasses.dataclass(frozen=True)
class Elements:
    tile: float
    mortars: tuple[Mortar, ...]  # ROWS + 1 lines, top to bottom; the outer two never tilt
    shifts: tuple[float, ...]  # each row's shift, in tiles, repeating


def tilt_degrees(perturbation: float) -> float:
    """How far the trap version turns each inner mortar line.

    >>> tilt_degrees(0.0), tilt_degrees(-0.25)
    (0.0, 2.0)
    """
    return TILT_DEGREES * abs(perturbation)


class CafeWall(Drawn[Elements], ClassicIllusion):
    name = "cafe_wall"
    title = "the café wall illusion"
    kind = "distortion"
    width, height = 512, 384
    inducer_feature = "how far each row of tiles is shifted"
    cause = (
        "the shifted black and white tiles next to the thin grey mortar lines: their contrast edges make "
        "the straight mortar lines look tilted into wedges"
    )

    def elements(self, scale: float, perturbation: float, inducer: float = 1.0) -> Elements:
        tile = 44 * scale
        top = (self.height - ROWS * tile) / 2
        rise = math.tan(math.radians(tilt_degrees(perturbation))) * self.width / 2
        mortars = []
        for k in range(ROWS + 1):
            y = top + k * tile
            sign = 0 if k in (0, ROWS) else (1 if k % 2 else -1)
            mortars.append(Mortar(y + sign * rise, y - sign * rise))
        return Elements(tile, tuple(mortars), tuple(shift * inducer for shift in SHIFTS))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        tile, width = elements.tile, self.width
        for row in range(ROWS):
            upper, lower = elements.mortars[row], elements.mortars[row + 1]
            x = -tile * (2 - elements.shifts[row % len(elements.shifts)])
            column = 0
            while x < width:
                if column % 2 == 0:
                    left, right = max(x, 0.0), min(x + tile, width)
                    corners: list[Point] = [
                        (left, upper.at(left, width)),
                        (right, upper.at(right, width)),
                        (right, lower.at(right, width)),
                        (left, lower.at(left, width)),
                    ]
                    polygon(canvas, corners)
                x += tile
                column += 1
        for mortar in elements.mortars[1:-1]:
            line(canvas, (0, mortar.left), (width, mortar.right), color=MORTAR, width=MORTAR_WIDTH)

    def content(self, perturbation: float) -> str:
        wall = (
            "a wall of alternating black and white square tiles in rows, each row shifted, with thin grey "
            "lines between the rows"
        )
        if perturbation == 0:
            return f"{wall}; the grey lines are straight, horizontal and parallel"
        tilt = tilt_degrees(perturbation)
        return f"{wall}; the grey lines are really tilted by {tilt:g} degrees, alternately up and down"

    def own_statements(self, perturbation: float) -> list[Statement]:
        tilted = perturbation != 0
        return [
            Statement(
                "The grey lines between the rows of tiles are horizontal and parallel.", not tilted, True
            ),
            Statement("The grey lines between the rows of tiles are really tilted.", tilted, True),
            Statement("The tiles are circles.", False),
            Statement("Every row of tiles lines up exactly with the row above it.", False),
        ]

    def own_choice(self, perturbation: float) -> Choice:
        parallel = "They are straight, horizontal and parallel"
        tilted = "They really tilt, alternately up and down"
        correct, other = (tilted, parallel) if perturbation else (parallel, tilted)
        return Choice(
            "What is true of the grey lines between the rows of tiles?",
            correct,
            (other, "They are wavy curves", "They are dashed"),
        )

    def trap_truth(self, perturbation: float) -> str:
        return f"the grey lines really are tilted, by {tilt_degrees(perturbation):g} degrees"


ILLUSION = CafeWall()
