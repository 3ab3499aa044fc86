"""Smooth outlines for organic shapes: closed curves through points, and limbs of varying width.

An animal's body, a leaf or a fish is a handful of points a curve passes
through (a Catmull-Rom spline written as cubic Béziers), so drawers state
shapes as points and get smooth silhouettes. A limb, neck or tail is a
`ribbon`: a centre line and a width at each of its points.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from builders.core.svg import fmt, sub
from builders.visage.drawing import Point


def curve(points: Sequence[Point], closed: bool = True, tension: float = 1.0) -> str:
    """SVG path data of a smooth curve through `points` (closed by default); a lower `tension`
    bends less between points, for shapes with sharp turns (a shoe's collar).

    >>> curve([(0, 0), (10, 0), (10, 10)], closed=False)[:12]
    'M0 0C1.667 0'
    """
    count = len(points)
    if count < (3 if closed else 2):
        raise ValueError(f"a {'closed' if closed else 'open'} curve needs more than {count} points")

    def at(index: int) -> Point:
        return points[index % count] if closed else points[min(max(index, 0), count - 1)]

    segments = count if closed else count - 1
    parts = [f"M{fmt(points[0][0])} {fmt(points[0][1])}"]
    for k in range(segments):
        p0, p1, p2, p3 = at(k - 1), at(k), at(k + 1), at(k + 2)
        pull = tension / 6
        c1 = (p1[0] + (p2[0] - p0[0]) * pull, p1[1] + (p2[1] - p0[1]) * pull)
        c2 = (p2[0] - (p3[0] - p1[0]) * pull, p2[1] - (p3[1] - p1[1]) * pull)
        parts.append(f"C{fmt(c1[0])} {fmt(c1[1])} {fmt(c2[0])} {fmt(c2[1])} {fmt(p2[0])} {fmt(p2[1])}")
    return "".join(parts) + ("Z" if closed else "")


def smooth(
    parent: ET.Element, points: Sequence[Point], fill: str, tension: float = 1.0, **attrs: object
) -> ET.Element:
    """A filled smooth closed shape through `points`."""
    return sub(parent, "path", d=curve(points, tension=tension), fill=fill, **attrs)


def stroke(parent: ET.Element, points: Sequence[Point], colour: str, width: float) -> ET.Element:
    """A smooth open line through `points` with round ends."""
    return sub(
        parent,
        "path",
        d=curve(points, closed=False),
        fill="none",
        stroke=colour,
        stroke_width=width,
        stroke_linecap="round",
        stroke_linejoin="round",
    )


def ribbon(spine: Sequence[Point], widths: Sequence[float]) -> tuple[Point, ...]:
    """The outline around a centre line with a width at each point: down one side, back the other.

    >>> [tuple(round(v, 2) for v in p) for p in ribbon([(0, 0), (0, 10)], [4, 2])]
    [(2.0, 0.0), (1.0, 10.0), (-1.0, 10.0), (-2.0, 0.0)]
    """
    left, right = [], []
    for k, (x, y) in enumerate(spine):
        before, after = spine[max(k - 1, 0)], spine[min(k + 1, len(spine) - 1)]
        dx, dy = after[0] - before[0], after[1] - before[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        half = widths[k] / 2
        left.append((x - nx * half, y - ny * half))
        right.append((x + nx * half, y + ny * half))
    return tuple(left + right[::-1])


def along(spine: Sequence[Point], count: int) -> tuple[Point, ...]:
    """`count` points on the smooth open curve through `spine` (the curve `stroke` draws).

    >>> along([(0, 0), (10, 0)], 3)
    ((0.0, 0.0), (5.0, 0.0), (10.0, 0.0))
    """
    segments = len(spine) - 1
    found = []
    for k in range(count):
        u = k * segments / (count - 1)
        i = min(int(u), segments - 1)
        t = u - i
        p0, p1 = spine[max(i - 1, 0)], spine[i]
        p2, p3 = spine[i + 1], spine[min(i + 2, segments)]
        found.append(
            tuple(
                0.5
                * (
                    2 * p1[j]
                    + (p2[j] - p0[j]) * t
                    + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t * t
                    + (3 * p1[j] - p0[j] - 3 * p2[j] + p3[j]) * t**3
                )
                for j in (0, 1)
            )
        )
    return tuple((x, y) for x, y in found)


def tapered(spine: Sequence[Point], start: float, end: float, count: int = 14) -> tuple[Point, ...]:
    """The outline of a limb along the smooth curve through `spine`, `start` wide at its root and
    `end` at its tip (a tail)."""
    points = along(spine, count)
    return ribbon(points, [start + (end - start) * k / (count - 1) for k in range(count)])


def ellipse_points(
    centre: Point, rx: float, ry: float, count: int = 12, tilt: float = 0.0
) -> tuple[Point, ...]:
    """`count` points on an ellipse, turned by `tilt` degrees (for shapes built from ovals)."""
    turn = math.radians(tilt)
    found = []
    for k in range(count):
        a = 2 * math.pi * k / count
        x, y = rx * math.cos(a), ry * math.sin(a)
        found.append(
            (
                centre[0] + x * math.cos(turn) - y * math.sin(turn),
                centre[1] + x * math.sin(turn) + y * math.cos(turn),
            )
        )
    return tuple(found)


def zoomed(parent: ET.Element, zoom: float) -> ET.Element:
    """A group drawing its content `zoom` times larger (a drawer laid out in small coordinates)."""
    return sub(parent, "g", transform=f"scale({fmt(zoom)})")


def at_zoom(points: Sequence[Point], zoom: float) -> tuple[Point, ...]:
    """Points of a zoomed drawing in the drawer's frame (for its probes)."""
    return tuple((x * zoom, y * zoom) for x, y in points)


def fit(shapes: Sequence[Sequence[Point]], reach: float, margin: float = 0.0) -> tuple[Point, float]:
    """The centre of the shapes' bounding box and the scale that brings their farthest point (plus
    `margin`) to `reach` from it: a drawing laid out at any size fills the same disc.

    >>> fit([[(0, 0), (10, 0)], [(0, 10)]], 10.0)
    ((5.0, 5.0), 1.414...)
    """
    points = [p for shape in shapes for p in shape]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return centre, reach / (max(math.dist(centre, p) for p in points) + margin)


def enclosing_circle(points: Sequence[Point]) -> tuple[Point, float]:
    """The smallest circle holding every point (Welzl's algorithm, points taken in their given order,
    so the result is a pure function of them).

    >>> enclosing_circle([(0, 0), (10, 0), (5, 1)])
    ((5.0, 0.0), 5.0)
    """
    centre, radius = points[0], 0.0
    for i, p in enumerate(points):
        if math.dist(centre, p) <= radius + 1e-9:
            continue
        centre, radius = p, 0.0
        for j, q in enumerate(points[:i]):
            if math.dist(centre, q) <= radius + 1e-9:
                continue
            centre = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            radius = math.dist(p, q) / 2
            for r in points[:j]:
                if math.dist(centre, r) > radius + 1e-9:
                    centre = _circumcentre(p, q, r)
                    radius = math.dist(centre, p)
    return centre, radius


def _circumcentre(a: Point, b: Point, c: Point) -> Point:
    d = 2 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]))
    if abs(d) < 1e-12:  # on one line: the circle over the farthest two
        far = max(((a, b), (a, c), (b, c)), key=lambda pair: math.dist(*pair))
        return (far[0][0] + far[1][0]) / 2, (far[0][1] + far[1][1]) / 2
    sa, sb, sc = (p[0] ** 2 + p[1] ** 2 for p in (a, b, c))
    return (
        (sa * (b[1] - c[1]) + sb * (c[1] - a[1]) + sc * (a[1] - b[1])) / d,
        (sa * (c[0] - b[0]) + sb * (a[0] - c[0]) + sc * (b[0] - a[0])) / d,
    )


def moved(points: Sequence[Point], dx: float, dy: float) -> tuple[Point, ...]:
    return tuple((x + dx, y + dy) for x, y in points)


def scaled(points: Sequence[Point], sx: float, sy: float, origin: Point = (0.0, 0.0)) -> tuple[Point, ...]:
    ox, oy = origin
    return tuple((ox + (x - ox) * sx, oy + (y - oy) * sy) for x, y in points)


def lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
