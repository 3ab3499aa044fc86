"""Coat patterns of the four-legged animals: zebra and tiger stripes, giraffe patches, cow blotches, dots.

A pattern is shapes per body part (torso, neck, head, each leg); `quadruped`
clips each part's shapes to that part's outline, so stripes run over the
whole animal and stop at its edges. Every shape is laid out by a seeded
generator from the body's size alone. A torso stripe crosses the line
`Coat.probe_y` once, so an audit counts stripes along it.
"""

from __future__ import annotations

import dataclasses
import math
import random

from builders.visage.drawing import Point
from builders.visage.drawings.outline import ellipse_points, lerp

Shape = tuple[Point, ...]
Body = tuple[float, float, float]  # cy, rx, ry


@dataclasses.dataclass(frozen=True)
class Coat:
    """Shapes per part, in `role` (marks: dark stripes or patches; pale: a fawn's dots)."""

    role: str = "marks"
    torso: tuple[Shape, ...] = ()
    neck: tuple[Shape, ...] = ()
    head: tuple[Shape, ...] = ()
    legs: tuple[tuple[Shape, ...], ...] = ()
    #: Torso stripes, each crossing the line y = probe_y once between probe_x.
    stripes: int = 0
    probe_y: float = 0.0
    probe_x: tuple[float, float] = (0.0, 0.0)


@dataclasses.dataclass(frozen=True)
class Frame:
    """Where the parts are: the torso's centre and radii, the neck's centre line, the head's box and
    each leg's centre line below the belly."""

    body: Body
    neck: tuple[Point, Point]
    neck_width: float
    head: tuple[Point, Point]  # back of the skull, tip of the nose
    head_depth: float
    legs: tuple[tuple[Point, Point], ...]  # (below the belly, ground) per leg
    leg_width: float


def coat(kind: str, frame: Frame, rng: random.Random) -> Coat:
    """The coat's shapes; an unstriped coat still names the line a striped one is counted on."""
    laid = _laid(kind, frame, rng)
    if laid.stripes:
        return laid
    cy, rx, ry = frame.body
    return dataclasses.replace(laid, probe_y=cy - ry * 0.1, probe_x=(-rx * 0.8, rx * 0.5))


def _laid(kind: str, frame: Frame, rng: random.Random) -> Coat:
    if kind == "zebra":
        return _zebra(frame, rng)
    if kind == "tiger":
        return _tiger(frame, rng)
    if kind == "giraffe":
        return _patches(frame, rng, size=4.6, gap=0.8)
    if kind == "cow":
        return _blotches(frame, rng)
    if kind == "spots":
        return _dots(frame, rng, role="marks", radius=0.65, spacing=2.8, legs=False)
    if kind == "dots":
        return _stripe_dots(frame)
    if kind == "fawn":
        return _dots(frame, rng, role="pale", radius=0.75, spacing=3.0, legs=False)
    if kind == "panda":
        return _panda(frame)
    return Coat()


def _band(x: float, top: float, bottom: float, width: float, slant: float) -> Shape:
    """A strip from above `top` to below `bottom` around x, leaning `slant` units over its height."""
    return (
        (x - width / 2 + slant / 2, top - 3),
        (x + width / 2 + slant / 2, top - 3),
        (x + width / 2 - slant / 2, bottom + 3),
        (x - width / 2 - slant / 2, bottom + 3),
    )


def _across(a: Point, b: Point, t: float, thickness: float, reach: float) -> Shape:
    """A strip across the segment a-b at fraction t, `thickness` long along it, `reach` out each side."""
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = -uy, ux
    cx, cy = lerp(a, b, t)
    h = thickness / 2
    return (
        (cx - ux * h + nx * reach, cy - uy * h + ny * reach),
        (cx + ux * h + nx * reach, cy + uy * h + ny * reach),
        (cx + ux * h - nx * reach, cy + uy * h - ny * reach),
        (cx - ux * h - nx * reach, cy - uy * h - ny * reach),
    )


def _steps(start: float, stop: float, step: float) -> list[float]:
    count = int((stop - start) / step) + 1
    return [start + k * step for k in range(count)]


def _leg_bands(frame: Frame, spacing: float, thickness: float) -> tuple[tuple[Shape, ...], ...]:
    bands = []
    for top, foot in frame.legs:
        length = math.dist(top, foot)
        ts = [t for t in _steps(0.12, 0.86, spacing / length)]
        bands.append(tuple(_across(top, foot, t, thickness, frame.leg_width * 1.4) for t in ts))
    return tuple(bands)


def _zebra_bands(frame: Frame) -> tuple[float, float, list[float], list[float]]:
    """Top and bottom of a zebra's torso stripes, and each one's centre and slant: they lean back over
    the rump and forward over the shoulder, as a zebra's do."""
    cy, rx, ry = frame.body
    xs = _steps(-rx * 0.9, rx * 0.86, 3.5)
    slants = [-4.0 * x / rx if x < 0 else 2.5 * x / rx for x in xs]
    return cy - ry - 2, cy + ry + 4, xs, slants


def _zebra(frame: Frame, rng: random.Random) -> Coat:
    cy, rx, ry = frame.body
    top, bottom, xs, slants = _zebra_bands(frame)
    torso = tuple(_band(x, top, bottom, 1.75, slant) for x, slant in zip(xs, slants, strict=True))
    probe_y = cy - ry * 0.1
    # Where each band's centre line crosses the probe line; the probe starts and ends between bands.
    where = 0.5 - (probe_y - top + 3) / (bottom - top + 6)
    crossings = [x + slant * where for x, slant in zip(xs, slants, strict=True)]
    inside = [x for x in crossings[1:] if x < rx * 0.5]
    probe_x = (inside[0] - 1.6, inside[-1] + 1.6)
    counted = len(inside)
    base, tip = frame.neck
    neck = tuple(_across(base, tip, t, 1.3, frame.neck_width * 1.5) for t in _steps(-0.05, 1.05, 0.14))
    back, nose = frame.head
    head = tuple(_across(back, nose, t, 0.8, frame.head_depth) for t in _steps(0.1, 0.7, 0.13))
    return Coat(
        torso=torso,
        neck=neck,
        head=head,
        legs=_leg_bands(frame, 2.3, 1.0),
        stripes=counted,
        probe_y=probe_y,
        probe_x=probe_x,
    )


def _stripe_dots(frame: Frame) -> Coat:
    """A pseudomelanistic zebra's white dots on a dark coat, in rows where its stripes would run (as on
    the foal Tira): a zebra's pattern broken into spots."""
    top, bottom, xs, slants = _zebra_bands(frame)
    torso = []
    for x, slant in zip(xs, slants, strict=True):
        for y in _steps(top + 2.5, bottom - 2.0, 2.6):
            where = 0.5 - (y - top + 3) / (bottom - top + 6)
            torso.append(ellipse_points((x + slant * where, y), 0.85, 0.75, 8))
    base, tip = frame.neck
    neck = tuple(
        ellipse_points(_offset(base, tip, t, side * frame.neck_width * 0.3), 0.6, 0.6, 8)
        for t in _steps(0.05, 0.95, 0.26)
        for side in (-1, 0, 1)
    )
    legs = tuple(
        tuple(ellipse_points(lerp(top_, foot, t), 0.5, 0.5, 8) for t in (0.15, 0.32, 0.49))
        for top_, foot in frame.legs
    )
    return Coat(role="pale", torso=tuple(torso), neck=neck, legs=legs)


def _tiger(frame: Frame, rng: random.Random) -> Coat:
    cy, rx, ry = frame.body
    stripes = []
    xs = _steps(-rx * 0.88, rx * 0.62, 3.6)
    for x in xs:
        depth = rng.uniform(1.0, 1.45) * ry
        lean = rng.uniform(-1.2, 1.2)
        left, right = x - 0.9, x + 0.9
        stripes.append(
            (
                (left, cy - ry - 3),
                (right, cy - ry - 3),
                (x + 0.45 + lean, cy - ry + depth * 0.6),
                (x + lean * 1.6, cy - ry + depth),
                (x - 0.45 + lean, cy - ry + depth * 0.6),
            )
        )
    probe_y = cy - ry * 0.55
    base, tip = frame.neck
    neck = tuple(_across(base, tip, t, 1.0, frame.neck_width * 0.4) for t in _steps(0.45, 0.95, 0.25))
    back, nose = frame.head
    head = tuple(_across(back, nose, t, 0.7, frame.head_depth * 0.35) for t in (0.22, 0.36))
    return Coat(
        torso=tuple(stripes),
        neck=neck,
        head=head,
        legs=_leg_bands(frame, 3.4, 0.9),
        stripes=len(xs),
        probe_y=probe_y,
        probe_x=(xs[0] - 2.4, xs[-1] + 2.4),
    )


def _patch(centre: Point, size: float, rng: random.Random) -> Shape:
    """An irregular polygonal patch (a giraffe's), about `size` across."""
    turn = rng.uniform(0, 60)
    return tuple(
        (
            centre[0] + size / 2 * rng.uniform(0.82, 1.0) * math.cos(math.radians(turn + 60 * k)),
            centre[1] + size / 2 * rng.uniform(0.82, 1.0) * math.sin(math.radians(turn + 60 * k)),
        )
        for k in range(6)
    )


def _grid(x0: float, x1: float, y0: float, y1: float, step: float, rng: random.Random) -> list[Point]:
    """Centres on a staggered grid over a box, each jittered a little."""
    found = []
    for row, y in enumerate(_steps(y0, y1, step * 0.87)):
        for x in _steps(x0 + (step / 2 if row % 2 else 0), x1, step):
            found.append((x + rng.uniform(-0.12, 0.12) * step, y + rng.uniform(-0.1, 0.1) * step))
    return found


def _patches(frame: Frame, rng: random.Random, size: float, gap: float) -> Coat:
    """A reticulated giraffe: patches packed edge to edge, thin pale lines between them."""
    cy, rx, ry = frame.body
    step = size + gap
    torso = tuple(_patch(c, size, rng) for c in _grid(-rx - 2, rx + 2, cy - ry - 2, cy + ry + 2, step, rng))
    base, tip = frame.neck
    length = math.dist(base, tip)
    neck = tuple(
        _patch(
            lerp(base, tip, t) if side == 0 else _offset(base, tip, t, side * frame.neck_width * 0.32),
            size * 0.8,
            rng,
        )
        for t in _steps(0.0, 0.95, step * 0.8 / length)
        for side in (-1, 0, 1)
    )
    legs = tuple(
        tuple(_patch(lerp(top, foot, t), frame.leg_width * 0.9, rng) for t in (0.1, 0.32))
        for top, foot in frame.legs
    )
    return Coat(torso=torso, neck=neck, legs=legs)


def _offset(a: Point, b: Point, t: float, distance: float) -> Point:
    length = math.dist(a, b) or 1.0
    x, y = lerp(a, b, t)
    return x - (b[1] - a[1]) / length * distance, y + (b[0] - a[0]) / length * distance


def _blotches(frame: Frame, rng: random.Random) -> Coat:
    """A Holstein's big black blotches on white, over body, neck and head."""
    cy, rx, ry = frame.body
    torso = []
    for cx, cyy in (
        (-rx * 0.62, cy - ry * 0.35),
        (-rx * 0.05, cy + ry * 0.25),
        (rx * 0.55, cy - ry * 0.45),
        (-rx * 0.3, cy - ry * 1.0),
        (rx * 0.25, cy + ry * 0.95),
    ):
        torso.append(
            ellipse_points(
                (cx, cyy), rng.uniform(0.28, 0.36) * rx, rng.uniform(0.42, 0.55) * ry, 9, rng.uniform(-30, 30)
            )
        )
    torso = [tuple((x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)) for x, y in shape) for shape in torso]
    base, tip = frame.neck
    back, nose = frame.head
    neck = (ellipse_points(lerp(base, tip, 0.55), frame.neck_width * 0.5, frame.neck_width * 0.6, 8, 20),)
    head = (ellipse_points(lerp(back, nose, 0.25), frame.head_depth * 0.35, frame.head_depth * 0.45, 8),)
    return Coat(torso=tuple(torso), neck=neck, head=head)


def _dots(
    frame: Frame, rng: random.Random, role: str, radius: float, spacing: float, legs: bool = True
) -> Coat:
    """Round dots in rows (a pseudomelanistic zebra's, a fawn's), none touching another."""
    cy, rx, ry = frame.body
    torso = []
    for row, y in enumerate(_steps(cy - ry * 0.85, cy + ry * 0.75, spacing * 0.8)):
        for x in _steps(-rx * 0.88 + (spacing / 2 if row % 2 else 0), rx * 0.8, spacing):
            torso.append(
                ellipse_points((x + rng.uniform(-0.3, 0.3), y + rng.uniform(-0.3, 0.3)), radius, radius, 8)
            )
    base, tip = frame.neck
    neck = tuple(ellipse_points(lerp(base, tip, t), radius * 0.9, radius * 0.9, 8) for t in (0.45, 0.7, 0.95))
    dotted = tuple(
        tuple(ellipse_points(lerp(top, foot, t), radius * 0.8, radius * 0.8, 8) for t in (0.2, 0.5))
        for top, foot in frame.legs
    )
    return Coat(role=role, torso=tuple(torso), neck=neck, legs=dotted if legs else ())


def _panda(frame: Frame) -> Coat:
    """A giant panda's black legs, shoulder band and eye patch on white."""
    cy, rx, ry = frame.body
    band = (
        (rx * 0.15, cy - ry - 3),
        (rx * 0.55, cy - ry - 3),
        (rx * 0.75, cy + ry + 3),
        (rx * 0.3, cy + ry + 3),
    )
    legs = tuple(
        (
            (top[0] - 6, top[1] - 20),
            (top[0] + 6, top[1] - 20),
            (foot[0] + 6, foot[1] + 2),
            (foot[0] - 6, foot[1] + 2),
        )
        for top, foot in frame.legs
    )
    back, nose = frame.head
    eye = ellipse_points(lerp(back, nose, 0.52), frame.head_depth * 0.2, frame.head_depth * 0.14, 10, 20)
    return Coat(torso=(band,), legs=tuple((leg,) for leg in legs), head=(eye,))
