"""Case 6, Ebbinghaus Rectangular: case 5 with the surrounders on a square instead of a circle.

Each ring becomes 12 slots, 3 per side of a square of half-width
1.3·(centre radius + surrounder radius) around the target, the corners shared
by adjacent sides: 8 distinct discs around each target. Sizes, colours,
perturbation (left disc), control and guide are those of case 5.
"""

from __future__ import annotations

from builders.core.curves import Point
from builders.viprobe.cases.ebbinghaus import Ebbinghaus


class EbbinghausRectangular(Ebbinghaus):
    number = 6
    name = "ebbinghaus_rectangular"
    title = "Ebbinghaus Rectangular"
    counts = (12, 12)

    def _placements(self, center: Point, distance: float, count: int) -> tuple[Point, ...]:
        """Distinct slots on the square's outline, `count // 4` per side, clockwise from top left."""
        cx, cy = center
        per_side = count // 4
        steps = [-distance + 2 * distance * i / (per_side - 1) for i in range(per_side - 1)]
        return tuple(
            [(cx + t, cy - distance) for t in steps]
            + [(cx + distance, cy + t) for t in steps]
            + [(cx - t, cy + distance) for t in steps]
            + [(cx - distance, cy - t) for t in steps]
        )


CASE = EbbinghausRectangular()
