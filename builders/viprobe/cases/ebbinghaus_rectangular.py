"""Case 6, Ebbinghaus Rectangular: case 5 with the surrounders on a square instead of a circle.

Each ring is 8 discs on a square of half-width 1.3·(centre radius +
surrounder radius) around the target: its corners and the middles of its
sides. Sizes, colours, perturbation (left disc), control and guide are those
of case 5.

A fresh edition draws what case 5's does but the counts and the turn: always
8 discs on an upright square, as more, or a turned square, would make the large
discs touch or leave the canvas.
"""

from __future__ import annotations

import dataclasses

from builders.core.curves import Point
from builders.viprobe.cases import ebbinghaus
from builders.viprobe.cases.ebbinghaus import Ebbinghaus


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(ebbinghaus.Layout):
    small_count: int = 8
    large_count: int = 8
    ring_turn: float = 0


class EbbinghausRectangular(Ebbinghaus):
    number = 6
    name = "ebbinghaus_rectangular"
    title = "Ebbinghaus Rectangular"
    layout_class = Layout

    def _placements(self, center: Point, distance: float, count: int, turn: float) -> tuple[Point, ...]:
        """`count` slots on the square's outline, `count // 4` per side from its corner, clockwise from
        top left (`turn` is always 0 here)."""
        cx, cy = center
        per_side = count // 4
        steps = [-distance + 2 * distance * i / per_side for i in range(per_side)]
        return tuple(
            [(cx + t, cy - distance) for t in steps]
            + [(cx + distance, cy + t) for t in steps]
            + [(cx - t, cy + distance) for t in steps]
            + [(cx - distance, cy - t) for t in steps]
        )


CASE = EbbinghausRectangular()
