"""Digit glyphs for the dot plates, from our own stroke geometry (no font).

Each digit is a few polylines in a 6 x 10 box (y grows downwards); curves are sampled arcs. A
point belongs to the glyph when it lies within half a stroke width of a stroke, which is how a
plate decides which dots are figure and how the tests check that the figure dots form the digit.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

Point = tuple[float, float]
Polyline = tuple[Point, ...]

WIDTH, HEIGHT = 6.0, 10.0
STROKE = 1.7  # in glyph units
ARC_STEPS = 24


def arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float) -> Polyline:
    """Points along an elliptical arc from `start` to `end` degrees (0 right, 90 down, 270 up)."""
    angles = [math.radians(start + (end - start) * k / ARC_STEPS) for k in range(ARC_STEPS + 1)]
    return tuple((cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles)


#: digit -> strokes.
DIGITS: dict[int, tuple[Polyline, ...]] = {
    0: (arc(3, 5, 2.4, 4.2, 0, 360),),
    1: (((1.6, 2.4), (3.4, 0.8), (3.4, 9.2)),),
    2: ((*arc(3, 3.2, 2.3, 2.3, 200, 370), (0.8, 9.2), (5.4, 9.2)),),
    3: (arc(3, 2.9, 2.2, 2.1, 210, 450), arc(3, 7.0, 2.5, 2.2, 270, 510)),
    4: (((4.4, 9.2), (4.4, 0.8), (0.6, 6.6), (5.6, 6.6)),),
    5: (((5.2, 0.8), (1.3, 0.8), (1.0, 4.4)), arc(3, 6.6, 2.4, 2.6, 235, 495)),
    6: (arc(3, 6.8, 2.4, 2.4, 0, 360), ((0.6, 6.8), (0.9, 4.0), (2.0, 1.7), (3.4, 0.8), (4.8, 0.8))),
    7: (((0.6, 0.8), (5.4, 0.8), (2.4, 9.2)),),
    8: (arc(3, 2.9, 2.0, 2.1, 0, 360), arc(3, 7.1, 2.4, 2.1, 0, 360)),
    9: (arc(3, 3.2, 2.4, 2.4, 0, 360), ((5.4, 3.2), (5.1, 6.2), (4.0, 8.3), (2.6, 9.2), (1.2, 9.2))),
}


def _segment_distance(point: Point, start: Point, end: Point) -> float:
    px, py = point
    (ax, ay), (bx, by) = start, end
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def distance(digit: int, point: Point) -> float:
    """Distance from `point` (glyph units) to the nearest stroke of `digit`.

    >>> distance(1, (3.4, 5.0)), round(distance(7, (3.0, 5.0)), 2)
    (0.0, 0.85)
    """
    return min(
        _segment_distance(point, a, b) for stroke in DIGITS[digit] for a, b in itertools.pairwise(stroke)
    )


def inside(digit: int, point: Point) -> bool:
    """Whether `point` (glyph units) lies on the digit's strokes."""
    return distance(digit, point) <= STROKE / 2


def stroke_points(digit: int, spacing: float = 0.5) -> Sequence[Point]:
    """Points every `spacing` glyph units along the digit's strokes (for coverage checks)."""
    found = []
    for stroke in DIGITS[digit]:
        for (ax, ay), (bx, by) in itertools.pairwise(stroke):
            steps = max(1, math.ceil(math.hypot(bx - ax, by - ay) / spacing))
            found += [(ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps) for k in range(steps)]
    return found
