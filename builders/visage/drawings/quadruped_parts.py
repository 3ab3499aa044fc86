"""Geometry of a quadruped's parts: coat marks, mane, ears, horns, antlers, tusks, trunk, wool.

Pure functions of the body's and head's sizes (and a seeded generator for the
coat's layout); `quadruped` assembles and draws them.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.visage.drawing import Point
from builders.visage.drawings.primitives import polar

Polygon = tuple[Point, ...]
Body = tuple[float, float, float]  # cy, rx, ry


@dataclasses.dataclass(frozen=True)
class Marks:
    shapes: tuple[Polygon, ...]
    #: How many of `shapes` are stripes (long bands); the rest are patches, spots or dots.
    stripes: int


def marks(coat: str, body: Body, neck: Polygon, rng: random.Random) -> Marks:
    """The coat's marks: zebra bands, tiger stripes, giraffe patches, cow blotches, spots or dots."""
    _, rx, ry = body
    if coat == "stripes":
        bands = [_band(body, x, 2.2) for x in _steps(-rx * 0.88, rx * 0.34, 4.6)]
        bands += [_neck_band(neck, t, 0.09) for t in (0.38, 0.62)] if neck else []
        return Marks(tuple(bands), len(bands))
    if coat == "tiger":
        stripes = [
            _tapered(body, x, rng.uniform(0.95, 1.35) * ry, rng.uniform(-1.5, 1.5))
            for x in _steps(-rx * 0.82, rx * 0.45, 4.2)
        ]
        return Marks(tuple(stripes), len(stripes))
    sizes = {"patches": (5.9, 2.2), "blotches": (9.0, 3.4), "spots": (4.6, 1.5), "dots": (4.4, 1.35)}
    if coat not in sizes:
        return Marks((), 0)
    spacing, radius = sizes[coat]
    shapes = _scatter(body, neck, spacing, radius, rng)
    if coat == "patches" and neck:
        shapes += [_blob(_lerp_quad(neck, t), radius * 0.75, rng) for t in (0.28, 0.5, 0.72)]
    return Marks(tuple(shapes), 0)


def _steps(start: float, stop: float, step: float) -> list[float]:
    count = int((stop - start) / step) + 1
    return [start + k * step for k in range(count)]


def _half_height(body: Body, x: float) -> float:
    _, rx, ry = body
    return ry * math.sqrt(max(0.0, 1 - (x / rx) ** 2))


def _band(body: Body, x: float, width: float) -> Polygon:
    """A vertical band across the body between x and x + width, following its outline."""
    cy = body[0]
    xs = [x + width * k / 4 for k in range(5)]
    top = [(u, cy - _half_height(body, u) + 0.15) for u in xs]
    bottom = [(u, cy + _half_height(body, u) - 0.15) for u in reversed(xs)]
    return tuple(top + bottom)


def _tapered(body: Body, x: float, depth: float, lean: float) -> Polygon:
    """A stripe hanging from the back: wide at the top edge, pointed below."""
    cy = body[0]
    left, right = x - 1.3, x + 1.3
    return (
        (left, cy - _half_height(body, left) + 0.15),
        (x, cy - _half_height(body, x) + 0.15),
        (right, cy - _half_height(body, right) + 0.15),
        (x + lean, cy - _half_height(body, x) + depth),
    )


def _lerp_quad(quad: Polygon, t: float) -> Point:
    """The point a fraction t up the middle of a neck quad (base edge to top edge)."""
    base = ((quad[0][0] + quad[3][0]) / 2, (quad[0][1] + quad[3][1]) / 2)
    top = ((quad[1][0] + quad[2][0]) / 2, (quad[1][1] + quad[2][1]) / 2)
    return base[0] + (top[0] - base[0]) * t, base[1] + (top[1] - base[1]) * t


def _neck_band(quad: Polygon, t: float, half: float) -> Polygon:
    """A band across the neck at fraction t of its length, `half` of the length thick each side."""

    def side(a: Point, b: Point, u: float) -> Point:
        return a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u

    return (
        side(quad[0], quad[1], t - half),
        side(quad[0], quad[1], t + half),
        side(quad[3], quad[2], t + half),
        side(quad[3], quad[2], t - half),
    )


def _blob(centre: Point, radius: float, rng: random.Random) -> Polygon:
    turn = rng.uniform(0, 60)
    return tuple(polar(centre, radius * rng.uniform(0.85, 1.06), turn + 60 * k) for k in range(6))


def _scatter(body: Body, neck: Polygon, spacing: float, radius: float, rng: random.Random) -> list[Polygon]:
    """Marks on a jittered grid, each wholly on the body and clear of the others and of the neck."""
    cy, rx, ry = body
    neck_base = (
        ((neck[0][0] + neck[3][0]) / 2, (neck[0][1] + neck[3][1]) / 2) if neck else (rx * 0.62, cy - ry)
    )
    shapes: list[Polygon] = []
    centres: list[Point] = []
    for row, y in enumerate(_steps(cy - ry + radius, cy + ry - radius, spacing * 0.72)):
        for x in _steps(-rx + radius + (spacing / 2 if row % 2 else 0), rx - radius, spacing):
            centre = (x + rng.uniform(-1, 1) * spacing * 0.1, y + rng.uniform(-1, 1) * spacing * 0.08)
            blob = _blob(centre, radius, rng)
            inside = all(((px / (rx - 0.6)) ** 2 + ((py - cy) / (ry - 0.6)) ** 2) <= 1 for px, py in blob)
            # Blobs reach at most 1.06 radius: keep a gap of at least one unit between them.
            clear = all(math.dist(centre, other) > 2.12 * radius + 1.0 for other in centres)
            if inside and clear and math.dist(centre, neck_base) > radius + 4.0:
                shapes.append(blob)
                centres.append(centre)
    return shapes


def body_points(body: Body, shapes: tuple[Polygon, ...]) -> tuple[Point, ...]:
    """Up to five points well inside the body and clear of every mark, to read its colour at."""
    cy, rx, ry = body
    found = []
    for y in (cy - ry * 0.25, cy + ry * 0.1, cy + ry * 0.4):
        for x in _steps(-rx * 0.7, rx * 0.5, 0.7):
            if all(_clear((x, y), shape) for shape in shapes):
                found.append((round(x, 2), round(y, 2)))
    step = max(1, len(found) // 5)
    return tuple(found[::step][:5])


def _clear(point: Point, shape: Polygon, margin: float = 1.4) -> bool:
    xs, ys = [p[0] for p in shape], [p[1] for p in shape]
    return not (
        min(xs) - margin <= point[0] <= max(xs) + margin and min(ys) - margin <= point[1] <= max(ys) + margin
    )


def mane(head: Point, size: tuple[float, float], rng: random.Random) -> Polygon:
    """A lion's mane: a ragged ring of hair framing the head."""
    reach = max(size) * 1.75
    centre = (head[0] - 1.5, head[1] + 0.8)
    return tuple(
        polar(centre, reach * (1.0 if k % 2 == 0 else 0.8) * rng.uniform(0.94, 1.06), 22.5 * k)
        for k in range(16)
    )


def ear(kind: str, head: Point, size: tuple[float, float]) -> tuple[Polygon, ...]:
    hx, hy = head
    rx, ry = size
    if kind == "pointed":
        return (
            (
                (hx - rx * 0.45, hy - ry * 0.6),
                (hx + rx * 0.05, hy - ry * 0.8),
                (hx - rx * 0.35, hy - ry - 3.8),
            ),
        )
    if kind == "round":
        return (_oval((hx - rx * 0.3, hy - ry * 0.85), 2.1, 2.1, 0),)
    if kind == "long":
        return (_oval((hx - rx * 0.45, hy - ry * 1.05), 1.6, 4.2, -25),)
    if kind == "big":
        return (_oval((hx - rx * 0.7, hy + ry * 0.2), rx * 0.85, ry * 1.15, 0),)
    return ()


def _oval(centre: Point, rx: float, ry: float, tilt: float) -> Polygon:
    turn = math.radians(tilt)
    points = []
    for k in range(16):
        a = 2 * math.pi * k / 16
        x, y = rx * math.cos(a), ry * math.sin(a)
        points.append(
            (
                centre[0] + x * math.cos(turn) - y * math.sin(turn),
                centre[1] + x * math.sin(turn) + y * math.cos(turn),
            )
        )
    return tuple(points)


def horn(head: Point, size: tuple[float, float], offset: float) -> Polygon:
    """A cow's horn: a curved point rising from the top of the head."""
    bx, by = head[0] - size[0] * 0.2 + offset, head[1] - size[1] * 0.75
    return ((bx - 1.1, by), (bx + 1.1, by), (bx + 3.6, by - 3.5), (bx + 3.4, by - 7.0), (bx + 1.8, by - 3.8))


def tusk(head: Point, size: tuple[float, float]) -> Polygon:
    sx, sy = head[0] + size[0] * 0.55, head[1] + size[1] * 0.55
    return (
        (sx, sy),
        (sx + 3.5, sy + 4.5),
        (sx + 8.5, sy + 5.0),
        (sx + 11.0, sy + 2.0),
        (sx + 8.2, sy + 3.0),
        (sx + 3.8, sy + 2.2),
        (sx + 1.8, sy - 1.0),
    )


def trunk(head: Point, size: tuple[float, float]) -> Polygon:
    """An elephant's trunk hanging from the face, tapering, its tip curled forward."""
    hx, hy = head
    top = hx + size[0] * 0.55
    return (
        (top - 2.5, hy - 1.0),
        (top + 3.0, hy - 1.5),
        (top + 4.5, hy + 10.0),
        (top + 6.0, hy + 20.0),
        (top + 8.0, hy + 22.0),
        (top + 5.0, hy + 23.5),
        (top + 2.5, hy + 21.0),
        (top, hy + 10.0),
    )


def antlers(head: Point, size: tuple[float, float]) -> tuple[tuple[Point, ...], ...]:
    """Two branching antlers (near and far), each a beam and two tines, as strokes."""
    strokes = []
    for offset in (0.0, -2.6):
        x, y = head[0] - size[0] * 0.1 + offset, head[1] - size[1] * 0.7
        beam = ((x, y), (x - 3.0, y - 6.5), (x - 2.0, y - 12.5), (x + 1.5, y - 16.0))
        strokes += [
            beam,
            ((x - 3.0, y - 6.5), (x + 2.2, y - 9.5)),
            ((x - 2.0, y - 12.5), (x + 3.2, y - 14.0)),
        ]
    return tuple(strokes)


def wool(cy: float, rx: float, ry: float) -> tuple[tuple[Point, float], ...]:
    """Curls of fleece around the body's outline."""
    return tuple(
        ((rx * math.cos(a), cy + ry * math.sin(a)), 3.2) for a in (2 * math.pi * k / 18 for k in range(18))
    )
