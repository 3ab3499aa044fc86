"""Parts of the four-legged animals besides legs and head: torso, tails, manes, horns, trunks, wool.

Pure functions of the body's size, the head's placement (`place`, head frame
to object units) and a seeded generator; `quadruped` assembles them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from builders.visage.drawing import Point
from builders.visage.drawings.animal_coats import Frame
from builders.visage.drawings.outline import ellipse_points, lerp, ribbon

Shape = tuple[Point, ...]
Place = Callable[[Point], Point]

#: An African elephant's ear in the head frame: a great flap behind the eye.
ELEPHANT_EAR: Shape = (
    (0.06, -0.42),
    (0.38, -0.56),
    (0.62, -0.3),
    (0.66, 0.2),
    (0.54, 0.68),
    (0.26, 0.86),
    (0.04, 0.6),
    (-0.06, 0.1),
)
#: An Asian elephant's smaller, rounder ear.
ASIAN_EAR: Shape = (
    (0.12, -0.2),
    (0.34, -0.24),
    (0.46, -0.02),
    (0.42, 0.3),
    (0.26, 0.44),
    (0.1, 0.3),
    (0.04, 0.02),
)


def torso(variant: Any) -> Shape:
    """The torso: withers, back, loin, croup, rump, buttock, thigh, flank, belly, girth, chest, breast.

    Shaped by the species' withers, dip of the back, croup, deep chest and tucked-up waist.
    """
    rx, ry = variant.body
    cy = variant.body_y
    top = cy - ry
    bottom = cy + ry
    tuck = variant.tuck * ry
    return (
        (rx * 0.62, top - variant.withers),
        (rx * 0.2, top + variant.dip - variant.withers * 0.3),
        (-rx * 0.3, top + variant.dip * 0.6 - variant.croup * 0.5),
        (-rx * 0.66, top - variant.croup),
        (-rx * 0.93, top + ry * 0.3 - variant.croup * 0.5),
        (-rx * 1.02, cy + ry * 0.12),
        (-rx * 0.9, cy + ry * 0.62),
        (-rx * 0.62, bottom - tuck * 0.9),
        (-rx * 0.3, bottom - tuck + variant.belly * 0.4),
        (rx * 0.05, bottom + variant.belly + variant.chest * 0.2 - tuck * 0.45),
        (rx * 0.45, bottom + variant.chest),
        (rx * 0.8, bottom + variant.chest * 0.7 - ry * 0.18),
        (rx * 1.02, cy + ry * 0.1),
        (rx * 0.98, cy - ry * 0.5),
    )


def tail(kind: str, cy: float, rx: float, ry: float) -> tuple[tuple[Point, ...], float, Shape]:
    """The tail's centre line, its width and its tuft. Past x = -rx - 4.2 every tail runs on
    backwards, so it crosses a vertical line there at most once.

    - hanging: down behind the rump (a zebra's, a cow's, a lion's, a giraffe's);
    - raised: up in a long curve (a cat's); wagging: up and short of the long-tail line (a dog's);
    - bob: a short stub (a pixie-bob's, a Japanese Bobtail's pom-pom); stub: a bear's, a deer's;
    - curly: a pig's corkscrew; fluffy: a long bushy tail; over: a plume curled over the back;
    - long: a big cat's, low in a long curve with the tip turned up; short: a sheep's, to the thighs.
    """
    root = (-rx * 0.94, cy - ry * 0.45)
    if kind in ("hanging", "fluffy"):
        spine: Shape = (
            root,
            (-rx - 2.6, cy - ry * 0.2),
            (-rx - 5.0, cy + ry * 0.5),
            (-rx - 6.2, cy + ry + 3.5),
        )
        tuft = ribbon((spine[-1], (spine[-1][0] - 0.8, spine[-1][1] + 3.6)), (2.6, 1.4))
        return spine, 1.5 if kind == "hanging" else 3.2, tuft
    if kind == "raised":
        spine = (
            root,
            (-rx - 3.6, cy - ry * 0.9),
            (-rx - 7.4, cy - ry - 3.0),
            (-rx - 9.4, cy - ry - 10.0),
            (-rx - 11.6, cy - ry - 15.0),
        )
        return spine, 3.4, ()
    if kind == "wagging":
        return (
            (root, (-rx - 2.6, cy - ry * 1.0), (-rx - 5.0, cy - ry - 4.5), (-rx - 6.0, cy - ry - 8.0)),
            2.2,
            (),
        )
    if kind == "bob":
        spine = (root, (-rx - 1.2, cy - ry * 0.62), (-rx - 2.2, cy - ry * 0.72))
        return spine, 2.6, ellipse_points((-rx - 2.2, cy - ry * 0.74), 1.6, 1.5, 10)
    if kind == "long":  # a tiger's, a leopard's: hanging low in a long curve, the tip turned up
        spine = (
            root,
            (-rx - 3.4, cy - ry * 0.1),
            (-rx - 5.6, cy + ry * 0.8),
            (-rx - 7.4, cy + ry + 4.6),
            (-rx - 10.4, cy + ry + 6.4),
            (-rx - 12.4, cy + ry + 3.8),
        )
        return spine, 2.0, ()
    if kind == "over":  # a Chow Chow's or a spitz's: a thick plume curled over the back
        spine = (root, (-rx - 1.6, cy - ry - 2.4), (-rx * 0.8, cy - ry - 5.6), (-rx * 0.5, cy - ry - 3.2))
        return spine, 3.4, ()
    if kind == "short":  # a sheep's: hanging over the rump to the thighs
        return (root, (-rx - 1.4, cy - ry * 0.1), (-rx - 2.0, cy + ry * 0.55)), 2.6, ()
    if kind == "stub":
        return (root, (-rx - 1.0, cy - ry * 0.55), (-rx - 2.0, cy - ry * 0.5)), 2.8, ()
    if kind == "curly":
        c = (-rx - 2.6, cy - ry * 0.55)
        loop = tuple(
            (c[0] + 1.3 * math.cos(a), c[1] + 1.3 * math.sin(a)) for a in (3.1, 3.9, 4.7, 5.5, 0.0, 0.8, 1.6)
        )
        return (root, *loop, (c[0] - 0.6, c[1] - 2.6)), 0.9, ()
    return (), 0.0, ()


def reaches(spine: Sequence[Point], x: float) -> int:
    """1 if the tail passes the vertical line at x (it runs backwards past it, so it crosses once)."""
    return int(any(px < x - 0.8 for px, _ in spine))


def slit(centre: Point, r: float) -> Shape:
    """A cat's vertical slit pupil."""
    x, y = centre
    return ((x, y - r * 0.85), (x + r * 0.28, y), (x, y + r * 0.85), (x - r * 0.28, y))


def whiskers(root: Point, length: float) -> tuple[tuple[Point, Point], ...]:
    x, y = root
    reach = length * 0.55
    return tuple(
        ((x, y), (x + reach * math.cos(math.radians(a)), y + reach * math.sin(math.radians(a))))
        for a in (-12, 4, 20)
    )


def mane(kind: str, place: Place, tip: Point, base: Point, variant: Any, rng: random.Random) -> Shape:
    """A lion's shaggy mane around the head and down the neck, or the short crest of a zebra's neck."""
    if kind == "lion":
        centre = place((0.22, 0.12))
        reach = variant.head * 0.78
        found = []
        for k in range(22):
            angle = 360 * k / 22
            r = reach * (1.0 if k % 2 == 0 else 0.8) * rng.uniform(0.94, 1.06)
            # Longer below and behind: the mane covers the neck and the chest.
            r *= (
                1.0
                + 0.55 * max(0.0, math.sin(math.radians(angle)))
                + 0.25 * max(0.0, -math.cos(math.radians(angle)))
            )
            found.append(
                (centre[0] + r * math.cos(math.radians(angle)), centre[1] + r * math.sin(math.radians(angle)))
            )
        return tuple(found)
    if kind == "crest":
        # Along the top edge of the neck (its ribbon is 1.4, 1.05 and 0.9 neck widths wide at base,
        # middle and tip), from the withers to between the ears.
        length = math.dist(base, tip) or 1.0
        nx, ny = -(tip[1] - base[1]) / length, (tip[0] - base[0]) / length
        edge = []
        for t in (0.15, 0.4, 0.7, 0.95):
            half = variant.neck_width / 2 * (1.4 - 0.7 * t if t < 0.5 else 1.05 - 0.3 * (t - 0.5))
            x, y = lerp(base, tip, t)
            edge.append((x - nx * (half - 0.4), y - ny * (half - 0.4)))
        rise = variant.neck_width * 0.38
        outer = [(x - nx * rise, y - ny * rise) for x, y in edge[1:]]
        return (*edge, place((0.1, -0.12)), place((0.06, -0.24)), *reversed(outer))
    return ()


def ruff(place: Place) -> Shape:
    """A tiger's cheek ruff: a spiky fringe of long fur behind and below the jaw."""
    fringe = (
        (0.3, -0.22),
        (0.04, -0.16),
        (-0.14, 0.0),
        (-0.04, 0.08),
        (-0.18, 0.24),
        (0.0, 0.3),
        (-0.08, 0.46),
        (0.14, 0.46),
        (0.12, 0.62),
        (0.3, 0.54),
        (0.36, 0.68),
        (0.5, 0.56),
        (0.62, 0.62),
        (0.66, 0.44),
    )
    return tuple(place(p) for p in fringe)


def fur(torso: Shape, place: Place, rng: random.Random) -> tuple[Shape, ...]:
    """Long hair: a soft fringe all round the torso, longest under the belly, and a ruff at the cheeks."""
    cx = sum(x for x, _ in torso) / len(torso)
    cy = sum(y for _, y in torso) / len(torso)
    fringe = []
    for (x1, y1), (x2, y2) in zip(torso, (*torso[1:], torso[0]), strict=True):
        for k in range(2):
            x, y = lerp((x1, y1), (x2, y2), k / 2)
            d = math.hypot(x - cx, y - cy) or 1.0
            out = (1.5 if k else 0.7) * (1.0 + 0.7 * max(0.0, (y - cy) / d)) * rng.uniform(0.85, 1.15)
            fringe.append((x + (x - cx) / d * out, y + (y - cy) / d * out))
    ruff = tuple(
        place(p) for p in ((0.08, -0.1), (0.02, 0.3), (0.18, 0.6), (0.4, 0.7), (0.62, 0.58), (0.6, 0.3))
    )
    return (tuple(fringe), ruff)


def horns(kind: str, place: Place, length: float) -> tuple[tuple[Shape, bool], ...]:
    """(outline, far side?) of each horn: a cow's two, a rhino's one or two on the nose, ossicones."""
    if kind == "cow":
        # Curving up and forward, about as long as the face is deep: well past the ears.
        shape = (
            (-0.1, -0.04),
            (0.12, -0.12),
            (0.34, -0.3),
            (0.52, -0.56),
            (0.58, -0.9),
            (0.46, -0.84),
            (0.38, -0.58),
            (0.2, -0.36),
            (-0.02, -0.26),
        )
        near = tuple(place(p) for p in shape)
        far = tuple(place((x - 0.14, y + 0.02)) for x, y in shape)
        return ((far, True), (near, False))
    if kind in ("rhino1", "rhino2"):
        front = ((0.74, 0.08), (1.0, 0.2), (1.0, -0.2), (0.94, -0.62), (0.84, -0.22))
        found = [(tuple(place(p) for p in front), False)]
        if kind == "rhino2":
            back = ((0.46, 0.0), (0.7, 0.04), (0.7, -0.24), (0.6, -0.58), (0.51, -0.2))
            found.insert(0, (tuple(place(p) for p in back), False))
        return tuple(found)
    if kind == "ram":
        spine = ((0.16, -0.16), (0.02, -0.4), (-0.22, -0.36), (-0.3, -0.08), (-0.16, 0.14), (0.02, 0.1))
        outline = ribbon([place(p) for p in spine], [length * w for w in (0.2, 0.19, 0.17, 0.14, 0.11, 0.08)])
        return ((outline, False),)
    if kind == "ossicones":
        knob = ((0.1, -0.08), (0.2, -0.1), (0.22, -0.4), (0.24, -0.46), (0.14, -0.48), (0.12, -0.4))
        return ((tuple(place((x - 0.12, y)) for x, y in knob), True), (tuple(place(p) for p in knob), False))
    if kind == "tusks":
        # A bull's ivory: from the upper lip down past the trunk and curving forward and up, a pair.
        tusk = ((0.6, 0.28), (0.74, 0.64), (0.98, 0.98), (1.34, 1.06), (1.66, 0.84))
        widths = tuple(length * w for w in (0.23, 0.21, 0.17, 0.12, 0.04))
        near = ribbon([place(p) for p in tusk], widths)
        far = ribbon([place((x - 0.1, y - 0.05)) for x, y in tusk], widths)
        return ((far, True), (near, False))
    return ()


def fang(place: Place) -> Shape:
    """A Chinese water deer buck's tusk: a long fang hanging from the upper jaw."""
    return tuple(place(p) for p in ((0.7, 0.2), (0.78, 0.22), (0.76, 0.5), (0.72, 0.62), (0.7, 0.46)))


def antlers(crown: Point, length: float) -> tuple[tuple[Point, ...], ...]:
    """Two branching antlers (far, near) as strokes: a beam sweeping back and up, four tines forward."""
    strokes = []
    scale = length / 10.5
    for offset in (-3.4, 0.0):
        x, y = crown[0] + offset * scale, crown[1]
        beam = tuple(
            (x + dx * scale, y + dy * scale)
            for dx, dy in ((0, 0), (-2.8, -5.5), (-3.6, -10.5), (-2.0, -15.5), (1.2, -19.0))
        )
        strokes.append(beam)
        for (bx, by), (tx, ty) in (
            ((-1.0, -2.5), (2.8, -5.0)),
            ((-3.2, -7.5), (1.0, -10.5)),
            ((-3.4, -11.5), (0.4, -15.0)),
            ((-2.4, -14.5), (-4.6, -18.0)),
        ):
            strokes.append(((x + bx * scale, y + by * scale), (x + tx * scale, y + ty * scale)))
    return tuple(strokes)


def trunk(root: Point, ground: float) -> Shape:
    """An elephant's trunk hanging from the face, tapering, its tip curled forward near the ground."""
    x, y = root
    spine = (
        (x, y),
        (x + 1.6, y + 7.0),
        (x + 2.2, ground - 9.0),
        (x + 3.4, ground - 4.0),
        (x + 6.0, ground - 4.6),
    )
    return ribbon(spine, (5.4, 4.2, 3.2, 2.4, 1.8))


def wool(torso: Shape, place: Place, loft: float = 3.4) -> tuple[Shape, ...]:
    """A fleece: the torso puffed out `loft` all round into curls, and a woolly cap on the head; the
    body under it is a hair sheep's."""
    cx = sum(x for x, _ in torso) / len(torso)
    cy = sum(y for _, y in torso) / len(torso)
    puffs = []
    for (x1, y1), (x2, y2) in zip(torso, (*torso[1:], torso[0]), strict=True):
        for k in range(2):
            x, y = lerp((x1, y1), (x2, y2), k / 2)
            d = math.hypot(x - cx, y - cy) or 1.0
            out = loft * (0.62 if k == 0 else 1.0)
            puffs.append((x + (x - cx) / d * out, y + (y - cy) / d * out))
    cap = tuple(place(p) for p in ((-0.06, 0.1), (0.0, -0.26), (0.18, -0.36), (0.36, -0.28), (0.34, -0.08)))
    return (tuple(puffs), cap)


def folds(body: tuple[float, float, float]) -> tuple[tuple[Point, ...], ...]:
    """An Indian rhinoceros's armour: deep folds behind the shoulder and before the hip, and a saddle."""
    cy, rx, ry = body
    return (
        ((rx * 0.42, cy - ry * 0.95), (rx * 0.34, cy), (rx * 0.4, cy + ry * 0.9)),
        ((-rx * 0.5, cy - ry * 0.95), (-rx * 0.42, cy), (-rx * 0.5, cy + ry * 0.85)),
        ((-rx * 0.3, cy - ry * 0.35), (0.0, cy - ry * 0.2), (rx * 0.3, cy - ry * 0.35)),
    )


def wrinkles(
    body: tuple[float, float, float], neck: tuple[Point, Point], width: float
) -> tuple[tuple[Point, ...], ...]:
    """A Shar-Pei's loose skin: folds round the neck and down over the shoulders and flank."""
    cy, rx, ry = body
    base, tip = neck
    found = []
    for t in (0.25, 0.5, 0.75):
        x, y = lerp(base, tip, t)
        found.append(
            ((x - width * 0.55, y - width * 0.2), (x, y + width * 0.15), (x + width * 0.55, y - width * 0.1))
        )
    for k in range(4):
        x = rx * (0.78 - 0.2 * k)
        found.append(((x + 1.0, cy - ry * 0.85), (x - 0.6, cy - ry * 0.1), (x + 0.4, cy + ry * 0.7)))
    return tuple(found)


def udder(legs: Sequence[Any], belly: float) -> Shape:
    """A cow's udder hanging under the belly just before the hind legs, its teats pointing down."""
    x = max(leg.span[0][0] for leg in legs[:2]) + 4.0
    return (
        (x - 3.6, belly - 1.5),
        (x + 3.4, belly - 1.5),
        (x + 3.2, belly + 2.2),
        (x + 2.0, belly + 3.4),
        (x + 1.6, belly + 4.6),
        (x + 0.8, belly + 3.6),
        (x - 0.6, belly + 3.8),
        (x - 1.2, belly + 4.8),
        (x - 1.8, belly + 3.6),
        (x - 3.2, belly + 2.4),
    )


def tongue(jaw: Point, length: float) -> Shape:
    """A panting tongue lolling from the jaw, long enough to show its colour."""
    x, y = jaw
    u = length / 8
    return (
        (x - 1.1 * u, y - 0.3 * u),
        (x + 1.1 * u, y - 0.3 * u),
        (x + 1.5 * u, y + 2.6 * u),
        (x + 0.6 * u, y + 4.0 * u),
        (x - 0.5 * u, y + 3.6 * u),
        (x - 1.1 * u, y + 1.6 * u),
    )


def tongue_points(jaw: Point, length: float) -> tuple[Point, ...]:
    x, y = jaw
    u = length / 8
    return ((x + 0.1 * u, y + 1.2 * u), (x + 0.3 * u, y + 2.2 * u), (x + 0.5 * u, y + 3.0 * u))


def patches(
    wanted: Sequence[tuple[str, str]], frame: Frame, place: Place, legs: Sequence[tuple[Point, Point]]
) -> tuple[tuple[str, str, Shape], ...]:
    """(role, part, shape) of each patch: the part it is clipped to and its outline there.

    - belly: the underside of the torso; chest: the front of the torso;
    - face: the front of the head (a Hereford's white face); belt: a band over the shoulders and the
      front legs (a Hampshire pig's); socks: the lower legs; legs: the legs below the belly.
    """
    cy, rx, ry = frame.body
    found: list[tuple[str, str, Shape]] = []
    for part, role in wanted:
        if part == "belly":
            found.append((role, "torso", ellipse_points((0.0, cy + ry * 1.05), rx * 0.78, ry * 0.42, 16)))
        elif part == "chest":
            found.append((role, "torso", ellipse_points((rx * 0.95, cy + ry * 0.2), rx * 0.28, ry * 0.7, 12)))
        elif part == "face":
            found.append(
                (
                    role,
                    "head",
                    tuple(place(p) for p in ((0.3, -0.4), (1.2, -0.2), (1.2, 0.7), (0.3, 0.6), (0.2, 0.1))),
                )
            )
        elif part == "belt":
            found.append(
                (
                    role,
                    "torso",
                    (
                        (rx * 0.18, cy - ry - 4),
                        (rx * 0.6, cy - ry - 4),
                        (rx * 0.62, cy + ry + 4),
                        (rx * 0.2, cy + ry + 4),
                    ),
                )
            )
            for index, (top, end) in enumerate(legs):
                if top[0] > 0:
                    found.append(
                        (
                            role,
                            f"leg{index}",
                            (
                                (top[0] - 8, top[1] - 30),
                                (top[0] + 8, top[1] - 30),
                                (end[0] + 8, end[1] + 3),
                                (end[0] - 8, end[1] + 3),
                            ),
                        )
                    )
        elif part in ("socks", "legs"):
            for index, (top, end) in enumerate(legs):
                start = lerp(top, end, 0.55) if part == "socks" else (top[0], top[1] - 3)
                found.append(
                    (
                        role,
                        f"leg{index}",
                        (
                            (start[0] - 8, start[1]),
                            (start[0] + 8, start[1]),
                            (end[0] + 8, end[1] + 3),
                            (end[0] - 8, end[1] + 3),
                        ),
                    )
                )
    return tuple(found)


def clear_points(body: tuple[float, float, float], shapes: Sequence[Shape]) -> tuple[Point, ...]:
    """Up to five points well inside the torso and clear of every patch and mark, to read its colour at."""
    cy, rx, ry = body
    found = []
    for y in (cy - ry * 0.3, cy + ry * 0.05, cy + ry * 0.35):
        for k in range(40):
            x = -rx * 0.72 + k * rx * 1.2 / 39
            if all(_clear((x, y), shape) for shape in shapes):
                found.append((round(x, 2), round(y, 2)))
    step = max(1, len(found) // 5)
    return tuple(found[::step][:5])


def _clear(point: Point, shape: Shape, margin: float = 1.0) -> bool:
    """Outside the polygon and at least `margin` from its edges."""
    x, y = point
    inside = False
    nearest = math.inf
    for (x1, y1), (x2, y2) in zip(shape, (*shape[1:], shape[0]), strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (x2 - x1) * (y - y1) / (y2 - y1):
            inside = not inside
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / ((dx * dx + dy * dy) or 1.0)))
        nearest = min(nearest, math.hypot(x - x1 - t * dx, y - y1 - t * dy))
    return not inside and nearest >= margin
