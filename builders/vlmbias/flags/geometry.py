"""Plane geometry for flags: star outlines, arcs, clipping, and how far apart two shapes are.

Coordinates are SVG user units (y grows downwards); angles are degrees
clockwise from "up", so a star with rotation 0 has one point straight up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from builders.core.curves import Point

#: Inner/outer radius of a regular five-pointed star (a pentagram's outline).
PENTAGRAM = math.sin(math.radians(18)) / math.sin(math.radians(54))


def direction(angle: float) -> Point:
    """Unit vector at `angle` degrees clockwise from up.

    >>> [round(v, 6) + 0.0 for v in direction(90)]
    [1.0, 0.0]
    """
    radians = math.radians(angle)
    return math.sin(radians), -math.cos(radians)


def bearing(origin: Point, target: Point) -> float:
    """Angle (degrees clockwise from up) of the direction from `origin` to `target`.

    >>> bearing((0, 0), (0, -1)), bearing((0, 0), (1, 0))
    (0.0, 90.0)
    """
    return math.degrees(math.atan2(target[0] - origin[0], origin[1] - target[1])) % 360


def star_outline(
    centre: Point, radius: float, points: int = 5, inner: float = PENTAGRAM, rotation: float = 0.0
) -> list[Point]:
    """Vertices of a star: `points` tips on a circle of `radius`, notches at `inner * radius`.

    >>> [(round(x, 3), round(y, 3)) for x, y in star_outline((0, 0), 1)[:2]]
    [(0.0, -1.0), (0.225, -0.309)]
    """
    x, y = centre
    corners = []
    for index in range(2 * points):
        reach = radius if index % 2 == 0 else radius * inner
        dx, dy = direction(rotation + index * 180 / points)
        corners.append((x + reach * dx, y + reach * dy))
    return corners


def arc(centre: Point, radius: float, start: float, end: float, steps: int) -> list[Point]:
    """`steps + 1` points on a circle from angle `start` to angle `end` (either way round)."""
    x, y = centre
    return [
        (x + radius * dx, y + radius * dy)
        for dx, dy in (direction(start + (end - start) * i / steps) for i in range(steps + 1))
    ]


def crescent(outer: tuple[Point, float], inner: tuple[Point, float], steps: int = 72) -> list[Point]:
    """Outline of the `outer` disc minus the `inner` disc: two arcs meeting at the horns.

    Raises ValueError when the circles do not cross (no horns).
    """
    (o, r_o), (i, r_i) = outer, inner
    gap = math.dist(o, i)
    if not abs(r_o - r_i) < gap < r_o + r_i:
        raise ValueError("crescent circles must cross each other")
    # The horns, seen from each centre, lie symmetrically about the line of centres.
    axis_o = bearing(o, i)
    half_o = math.degrees(math.acos((r_o**2 + gap**2 - r_i**2) / (2 * r_o * gap)))
    half_i = math.degrees(math.acos((r_i**2 + gap**2 - r_o**2) / (2 * r_i * gap)))
    # Outer boundary: from one horn the long way round the outer circle, away from the inner centre.
    outside = arc(o, r_o, axis_o + half_o, axis_o + 360 - half_o, steps)
    # Inner boundary: back along the inner circle's arc that faces the outer centre.
    inside = arc(i, r_i, axis_o + 180 + half_i, axis_o + 180 - half_i, steps)
    return outside + inside[1:-1]


def clip(polygon: Sequence[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """Clip a polygon to an axis-aligned box (x0, y0, x1, y1) (Sutherland-Hodgman)."""
    x0, y0, x1, y1 = box
    edges = (
        (lambda p: p[0] >= x0, 0, x0),
        (lambda p: p[0] <= x1, 0, x1),
        (lambda p: p[1] >= y0, 1, y0),
        (lambda p: p[1] <= y1, 1, y1),
    )
    result = list(polygon)
    for inside, axis, value in edges:
        source, result = result, []
        for index, current in enumerate(source):
            previous = source[index - 1]
            if inside(current):
                if not inside(previous):
                    result.append(_cross(previous, current, axis, value))
                result.append(current)
            elif inside(previous):
                result.append(_cross(previous, current, axis, value))
        if not result:
            break
    return result


def _cross(a: Point, b: Point, axis: int, value: float) -> Point:
    t = (value - a[axis]) / (b[axis] - a[axis])
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def band(start: Point, end: Point, near: float, far: float) -> list[Point]:
    """The strip along the line start->end between offsets `near` and `far` along its normal.

    The normal is the direction turned a quarter clockwise on screen (y down): for a line
    running right, positive offsets lie below it.

    >>> band((0, 0), (2, 0), 0, 1)
    [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)]
    """
    length = math.dist(start, end)
    nx, ny = -(end[1] - start[1]) / length, (end[0] - start[0]) / length
    return [
        (start[0] + near * nx, start[1] + near * ny),
        (end[0] + near * nx, end[1] + near * ny),
        (end[0] + far * nx, end[1] + far * ny),
        (start[0] + far * nx, start[1] + far * ny),
    ]


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def contains(polygon: Sequence[Point], point: Point) -> bool:
    """Even-odd rule point-in-polygon test."""
    x, y = point
    inside = False
    for index, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[index - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def gap(first: Sequence[Point], second: Sequence[Point]) -> float:
    """Shortest distance between two polygons' areas: 0 if they touch or overlap.

    >>> square = [(0, 0), (1, 0), (1, 1), (0, 1)]
    >>> gap(square, [(x + 3, y) for x, y in square]), gap(square, [(x + 0.5, y) for x, y in square])
    (2.0, 0.0)
    """
    edges_a = list(zip(first, [*first[1:], first[0]], strict=True))
    edges_b = list(zip(second, [*second[1:], second[0]], strict=True))
    if contains(first, second[0]) or contains(second, first[0]):
        return 0.0
    if any(_segments_cross(a, b, c, d) for a, b in edges_a for c, d in edges_b):
        return 0.0
    return min(
        min(_segment_distance(p, a, b) for p in first for a, b in edges_b),
        min(_segment_distance(p, a, b) for p in second for a, b in edges_a),
    )
