"""Curves as lists of points: the geometry drawing code shares, whatever it draws.

Scenes sample curves into points (so bounds are exact and the SVG is plain
polygons and paths); `smooth_d` turns points back into a smooth SVG path.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from builders.core.svg import fmt

Point = tuple[float, float]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 12) -> list[Point]:
    """`n + 1` points along a cubic Bézier curve, ends included.

    >>> bezier((0, 0), (0, 0), (3, 3), (3, 3), 2)
    [(0.0, 0.0), (1.5, 1.5), (3.0, 3.0)]
    """
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t**2, t**3
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def quad(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    """Points along a quadratic Bézier curve (as the equivalent cubic)."""
    c1 = (p0[0] + 2 / 3 * (p1[0] - p0[0]), p0[1] + 2 / 3 * (p1[1] - p0[1]))
    c2 = (p2[0] + 2 / 3 * (p1[0] - p2[0]), p2[1] + 2 / 3 * (p1[1] - p2[1]))
    return bezier(p0, c1, c2, p2, n)


def polar(origin: Point, length: float, degrees: float) -> Point:
    """The point `length` away from `origin` at `degrees` above the +x axis (y up)."""
    angle = math.radians(degrees)
    return origin[0] + length * math.cos(angle), origin[1] + length * math.sin(angle)


def lerp(a: Point, b: Point, t: float) -> Point:
    """The point a fraction `t` of the way from `a` to `b`."""
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def ribbon(line: Sequence[Point], start_width: float, end_width: float) -> list[Point]:
    """Outline of a band of linearly varying width around a polyline (for necks, tails, horns).

    >>> [tuple(round(v, 1) for v in p) for p in ribbon([(0, 0), (10, 0)], 4, 2)]
    [(0.0, 2.0), (10.0, 1.0), (10.0, -1.0), (0.0, -2.0)]
    """
    left, right = [], []
    count = len(line)
    for i, (x, y) in enumerate(line):
        ax, ay = line[max(0, i - 1)]
        bx, by = line[min(count - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm, dx / norm
        half = (start_width + (end_width - start_width) * i / max(1, count - 1)) / 2
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    return left + right[::-1]


def ellipse_points(
    cx: float, cy: float, rx: float, ry: float, degrees: float = 0, n: int = 24
) -> list[Point]:
    """`n` points around an ellipse rotated by `degrees` (counter-clockwise, y up)."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((cx + x * c - y * s, cy + x * s + y * c))
    return out


def smooth_d(pts: Sequence[Point], closed: bool = True) -> str:
    """SVG path data for a Catmull-Rom spline through `pts` (as cubic Béziers)."""
    n = len(pts)
    if n < 3:
        raise ValueError(f"a smooth outline needs at least 3 points, got {n}")
    d = [f"M{fmt(pts[0][0])} {fmt(pts[0][1])}"]
    last = n if closed else n - 1
    for i in range(last):
        p0 = pts[(i - 1) % n] if closed or i > 0 else pts[0]
        p1, p2 = pts[i], pts[(i + 1) % n]
        p3 = pts[(i + 2) % n] if closed or i + 2 < n else pts[n - 1]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d.append(f"C{fmt(c1[0])} {fmt(c1[1])} {fmt(c2[0])} {fmt(c2[1])} {fmt(p2[0])} {fmt(p2[1])}")
    if closed:
        d.append("Z")
    return " ".join(d)


def variable_ribbon(line: list[Point], widths: list[float]) -> list[Point]:
    """Like `ribbon`, with one width per point (for legs that taper and widen)."""
    left, right = [], []
    for i, (x, y) in enumerate(line):
        ax, ay = line[max(0, i - 1)]
        bx, by = line[min(len(line) - 1, i + 1)]
        norm = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / norm, (bx - ax) / norm
        half = widths[i] / 2
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    return left + right[::-1]
