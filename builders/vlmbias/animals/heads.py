"""A mammal's head: skull and muzzle, eyes and nose, ears, horns or antlers, and trunk, tusks and beards.

Shapes are in the local frame of `mammal.py`; the head is placed by its skull
centre `c` and the direction `degrees` its muzzle points (0 = forward, negative
= down). Ears and horns are described in the world frame (90 = straight up), so
they stand up whatever the head's tilt.
"""

from __future__ import annotations

import math

from builders.core.curves import Point, bezier, ellipse_points, polar, quad
from builders.vlmbias.animals.figure import band
from builders.vlmbias.animals.geometry import Shape, blob, line, oval, shade
from builders.vlmbias.animals.species import Mammal

EYE = "#1d1a18"
IVORY = "#f1e9d2"


def head(sp: Mammal, c: Point, degrees: float) -> tuple[list[Shape], Point]:
    """Cranium, muzzle, eye and nose; returns the shapes and the muzzle tip."""
    hh = sp.head_height
    colour = sp.head_colour or sp.coat
    reach = max(0.0, sp.head_length - 0.5 * hh - 0.5 * sp.muzzle * hh)
    tip = polar(c, reach, degrees)
    muzzle = band(
        quad(c, polar(c, 0.5 * reach, degrees), tip, 8), 0.95 * hh, sp.muzzle * hh, colour, "muzzle"
    )
    shapes = [oval(c[0], c[1], 0.52 * hh, 0.5 * hh, colour, "cranium", degrees), muzzle]
    shapes.append(oval(tip[0], tip[1], 0.5 * sp.muzzle * hh, 0.5 * sp.muzzle * hh, colour, "muzzle tip"))
    if sp.face:
        start = polar(c, 0.45 * reach, degrees)
        shapes.append(band([start, tip], 0.8 * hh, sp.muzzle * hh, sp.face, "face"))
        shapes.append(oval(tip[0], tip[1], 0.5 * sp.muzzle * hh, 0.5 * sp.muzzle * hh, sp.face, "face tip"))
    eye = polar(polar(c, 0.12 * hh, degrees), 0.2 * hh, degrees + 90)
    r = max(1.1, 0.085 * hh)
    shapes.append(oval(eye[0], eye[1], r, r * 0.9, EYE, "eye"))
    nose = polar(polar(tip, 0.28 * sp.muzzle * hh, degrees), 0.12 * sp.muzzle * hh, degrees + 90)
    size = max(1.0, 0.2 * sp.muzzle * hh) * (1.6 if sp.foot == "paw" else 1.0)
    if "snout_disc" not in sp.extras and "trunk" not in sp.extras:
        shapes.append(oval(nose[0], nose[1], size, 0.75 * size, sp.nose_colour, "nose", degrees))
    return shapes, tip


def ears(sp: Mammal, c: Point, degrees: float, behind: bool) -> list[Shape]:
    """Ears at the back of the skull; their directions are in the world frame (90 = straight up)."""
    hh, s, kind = sp.head_height, sp.ear_size, sp.ears
    if s == 0 or (kind == "fan") != behind:
        return []
    colour = sp.head_colour or sp.coat
    inner = sp.ear_colour or shade(colour, 0.75)
    base = polar(polar(c, -0.25 * hh, degrees), 0.38 * hh, degrees + 90)
    if kind == "fan":
        centre = polar(polar(c, -0.45 * s, degrees), 0.1 * s, degrees + 90)
        outline = ellipse_points(centre[0], centre[1], 0.5 * s, 0.68 * s, degrees - 10)
        return [blob(outline, shade(colour, 0.93), "ear fan")]
    if kind in ("pointed", "tufted", "tall", "small"):
        wide = {"tall": 0.7, "small": 0.6}.get(kind, 0.55) * s
        tilt = 102.0
        apex = polar(base, s, tilt)
        a, b = polar(base, 0.5 * wide, tilt - 90), polar(base, -0.5 * wide, tilt - 90)
        shapes = [blob([a, apex, b], colour, "ear", smooth=False)]
        ia, ib = polar(base, 0.25 * wide, tilt - 90), polar(base, -0.25 * wide, tilt - 90)
        shapes.append(blob([ia, polar(base, 0.75 * s, tilt), ib], inner, "ear inner", smooth=False))
        if kind == "tufted":
            shapes.append(
                line([apex, polar(apex, 0.45 * s, tilt + 5)], "#1a1a1a", 0.09 * s + 0.4, "ear tuft")
            )
        return shapes
    if kind == "long":
        tilt = 112.0
        centre = polar(base, 0.5 * s, tilt)
        return [
            oval(centre[0], centre[1], 0.5 * s, 0.15 * s, colour, "ear", tilt),
            oval(centre[0], centre[1], 0.4 * s, 0.07 * s, inner, "ear inner", tilt),
        ]
    if kind == "round":
        centre = polar(base, 0.25 * s, 105)
        return [oval(centre[0], centre[1], 0.42 * s, 0.42 * s, colour, "ear"),
                oval(centre[0], centre[1], 0.22 * s, 0.22 * s, inner, "ear inner")]  # fmt: skip
    if kind == "side":
        tilt = 158.0
        centre = polar(base, 0.45 * s, tilt)
        return [
            oval(centre[0], centre[1], 0.5 * s, 0.2 * s, colour, "ear", tilt),
            oval(centre[0], centre[1], 0.36 * s, 0.1 * s, inner, "ear inner", tilt),
        ]
    if kind == "floppy":  # a dog's ear hanging down the side of the head
        centre = polar(base, 0.42 * s, 262.0)
        return [oval(centre[0], centre[1], 0.52 * s, 0.24 * s, shade(colour, 0.8), "ear", 262.0)]
    # droopy: a leaf flopping forward over the brow
    tilt = 30.0
    centre = polar(base, 0.45 * s, tilt)
    return [oval(centre[0], centre[1], 0.5 * s, 0.28 * s, shade(colour, 0.92), "ear", tilt - 25)]


# --------------------------------------------------------------------------- horns


def _horn_base(sp: Mammal, c: Point, degrees: float) -> Point:
    return polar(polar(c, -0.05 * sp.head_height, degrees), 0.42 * sp.head_height, degrees + 90)


def horns_behind(sp: Mammal, c: Point, degrees: float) -> list[Shape]:
    """The far antler or ossicone, a little behind and darker."""
    if sp.horns not in ("antlers", "ossicones", "palmate"):
        return []
    base = polar(_horn_base(sp, c, degrees), -0.09 * sp.horn_size - 1.5, degrees)
    return [_recolour(shape, shade(sp.horn_colour, 0.78)) for shape in _horn_shapes(sp, base, degrees)]


def horns(sp: Mammal, c: Point, degrees: float) -> list[Shape]:
    if sp.horns == "none":
        return []
    return _horn_shapes(sp, _horn_base(sp, c, degrees), degrees)


def _recolour(shape: Shape, colour: str) -> Shape:
    if shape.stroke is not None:
        return Shape(shape.pts, None, shape.part, shape.smooth, colour, shape.width, shape.closed)
    return Shape(shape.pts, colour, shape.part, shape.smooth)


#: Horn centrelines as Bézier control points in units of the horn size, in the world frame
#: (x forward, y up) from the top of the skull; with start and end widths.
HORN_CURVES: dict[str, tuple[tuple[Point, ...], float, float]] = {
    "lyre": (((0, 0), (-0.4, 0.4), (0.0, 0.7), (-0.2, 1.0)), 0.14, 0.03),
    "straight": (((0, 0), (-0.1, 0.55), (-0.45, 0.95)), 0.13, 0.03),
    "twisted": (((0, 0), (-0.2, 0.5), (-0.5, 0.9)), 0.14, 0.04),
    "backswept": (((0, 0), (-0.05, 0.6), (-0.6, 0.95), (-0.95, 0.5)), 0.22, 0.05),
    "dagger": (((0, 0), (-0.05, 0.6), (-0.35, 0.95)), 0.17, 0.02),
    "cow": (((0, 0), (0.05, 0.45), (0.4, 0.75)), 0.2, 0.04),
    "buffalo": (((0, 0), (-0.55, 0.05), (-0.65, -0.7), (-0.05, -0.45)), 0.3, 0.06),
    "crescent": (((0, 0), (-0.3, 0.5), (-0.95, 0.6), (-1.05, 0.05)), 0.2, 0.04),
    "yak": (((0, 0), (0.35, 0.2), (0.45, 0.7), (0.2, 1.0)), 0.2, 0.04),
    "hooks": (((0, 0), (0.3, -0.25), (0.65, -0.2), (0.5, 0.4)), 0.18, 0.04),
}


def _horn_shapes(sp: Mammal, base: Point, degrees: float) -> list[Shape]:
    S, kind, colour = sp.horn_size, sp.horns, sp.horn_colour

    def at(x: float, y: float) -> Point:
        return base[0] + x * S, base[1] + y * S

    if kind == "antlers":
        beam = bezier(base, at(-0.35, 0.4), at(-0.3, 0.85), at(0.05, 1.0), 14)
        shapes = [line(beam, colour, 0.075 * S + 0.6, "antler")]
        for index, frac in enumerate((0.15, 0.4, 0.62, 0.84)):
            fork = beam[round(frac * (len(beam) - 1))]
            tine = [fork, polar(fork, (0.32 - 0.04 * index) * S, 62 - 8 * index)]
            shapes.append(line(tine, colour, 0.055 * S + 0.5, "antler tine", smooth=False))
        return shapes
    if kind == "palmate":
        root = at(-0.2, 0.12)
        palm = [root, polar(root, 0.35 * S, 165)]
        for k in range(9):
            angle = 150 - 12 * k
            palm.append(polar(root, (0.78 if k % 2 == 0 else 0.6) * S, angle))
        palm.append(polar(root, 0.3 * S, 45))
        return [line([base, root], colour, 0.12 * S, "antler", smooth=False), blob(palm, colour, "palm")]
    if kind == "ossicones":
        tip = at(-0.15, 1.0)
        return [line([base, tip], colour, 0.3 * S, "ossicone", smooth=False),
                oval(tip[0], tip[1], 0.22 * S, 0.22 * S, "#3a2a1c", "ossicone tip")]  # fmt: skip
    if kind == "prong":
        main = bezier(base, at(0.05, 0.6), at(0.0, 1.0), at(-0.25, 0.92), 10)
        prong = [main[5], polar(main[5], 0.3 * S, 35)]
        return [
            band(main, 0.2 * S, 0.05 * S, colour, "horn"),
            band(prong, 0.1 * S, 0.04 * S, colour, "prong"),
        ]
    if kind == "spiral":
        centre, start, end = _corkscrew(base, S, 105), 0.1, 0.03
    elif kind == "curl":
        centre, start, end = _curl(base, S), 0.32, 0.12
    else:
        controls, start, end = HORN_CURVES[kind]
        pts = [at(*p) for p in controls]
        centre = (
            bezier(pts[0], pts[1], pts[2], pts[3], 14) if len(pts) == 4 else quad(pts[0], pts[1], pts[2], 12)
        )
    shapes = [band(centre, start * S, end * S, colour, f"horn {kind}")]
    if kind in ("backswept", "straight", "lyre", "curl"):
        ridge = shade(colour, 0.72)
        for frac in (0.2, 0.35, 0.5, 0.65):
            i = round(frac * (len(centre) - 1))
            (ax, ay), (bx, by) = centre[i - 1], centre[i + 1]
            normal = math.degrees(math.atan2(by - ay, bx - ax)) + 90
            half = (start + (end - start) * frac) * S * 0.45
            shapes.append(line([polar(centre[i], half, normal), polar(centre[i], -half, normal)], ridge,
                               0.02 * S + 0.3, "horn ridge", smooth=False))  # fmt: skip
    if kind == "buffalo":
        shapes.append(oval(base[0] - 0.1 * S, base[1], 0.22 * S, 0.12 * S, colour, "horn boss"))
    return shapes


def _corkscrew(base: Point, size: float, axis: float) -> list[Point]:
    pts = []
    for i in range(25):
        t = i / 24
        along = polar(base, t * size, axis)
        pts.append(polar(along, 0.13 * size * math.sin(t * 2.5 * 2 * math.pi) * (1 - 0.3 * t), axis + 90))
    return pts


def _curl(base: Point, size: float) -> list[Point]:
    up = 90.0
    centre = polar(base, 0.36 * size, up + 130)
    pts = []
    start = up - 50
    for i in range(17):
        t = i / 16
        radius = 0.36 * size * (1 - 0.35 * t)
        pts.append(polar(centre, radius, start - 50 + 300 * t))
    return [base, *pts[1:]]


# --------------------------------------------------------------------------- head extras, mane, tail


def head_extras(sp: Mammal, c: Point, degrees: float, tip: Point, clear: float) -> list[Shape]:
    hh, m = sp.head_height, sp.muzzle * sp.head_height
    out: list[Shape] = []
    down = degrees - 90
    if "trunk" in sp.extras:
        drop = max(8.0, tip[1] - clear - 0.6 * m)
        pts = bezier(tip, polar(tip, 0.5 * drop, down + 10), polar(tip, 0.9 * drop, down - 5),
                     (tip[0] + 0.18 * drop, tip[1] - drop), 14)  # fmt: skip
        out.append(band(pts, 0.95 * m, 0.45 * m, sp.coat, "trunk"))
        end = pts[-1]
        out.append(oval(end[0] + 0.1 * m, end[1] + 0.12 * m, 0.32 * m, 0.28 * m, sp.coat, "trunk tip"))
    if "tusks" in sp.extras:
        root = polar(polar(tip, -0.25 * hh, degrees), -0.35 * m, degrees + 90)
        pts = quad(root, polar(root, 0.55 * hh, degrees - 55), polar(root, 0.95 * hh, degrees - 15), 8)
        out.append(band(pts, 0.22 * m, 0.06 * m, IVORY, "tusk"))
    if "nose_horn" in sp.extras:
        root = polar(polar(tip, -0.05 * hh, degrees), 0.35 * m, degrees + 90)
        apex = polar(root, 0.75 * hh, degrees + 100)
        out.append(blob([polar(root, 0.3 * hh, degrees), apex, polar(root, -0.2 * hh, degrees)],
                        sp.horn_colour, "nose horn", smooth=False))  # fmt: skip
    if "snout_disc" in sp.extras:
        disc = polar(tip, 0.38 * m, degrees)
        out.append(
            oval(disc[0], disc[1], 0.14 * m, 0.52 * m, shade(sp.face or sp.coat, 0.8), "snout", degrees)
        )
        for side in (-0.2, 0.2):
            n = polar(disc, side * m, degrees + 90)
            out.append(oval(n[0], n[1], 0.05 * m, 0.09 * m, "#3a2520", "nostril", degrees))
    if "boar_tusks" in sp.extras:
        root = polar(polar(tip, -0.05 * hh, degrees), -0.3 * m, degrees + 90)
        pts = quad(root, polar(root, 0.2 * hh, degrees + 40), polar(root, 0.45 * hh, degrees + 110), 6)
        out.append(band(pts, 0.16 * m, 0.04 * m, IVORY, "tusk"))
    if "warts" in sp.extras:
        for frac in (0.35, 0.7):
            w = polar(polar(c, frac * sp.head_length * 0.6, degrees), 0.42 * hh, degrees + 90)
            out.append(oval(w[0], w[1], 0.1 * hh, 0.13 * hh, sp.coat, "wart", degrees))
    if "beard" in sp.extras:
        root = polar(polar(tip, -0.3 * hh, degrees), -0.3 * m, degrees + 90)
        out.append(blob([polar(root, -0.12 * hh, degrees), polar(root, 0.5 * hh, down - 10),
                         polar(root, 0.12 * hh, degrees)], shade(sp.coat, 0.8), "beard"))  # fmt: skip
    if "face_stripe" in sp.extras:
        eye = polar(polar(c, 0.12 * hh, degrees), 0.2 * hh, degrees + 90)
        mouth = polar(polar(tip, -0.1 * hh, degrees), -0.4 * m, degrees + 90)
        out.append(line([eye, mouth], "#2a2420", 0.09 * hh + 0.3, "face stripe", smooth=False))
    if "whiskers" in sp.extras:
        for angle in (-12, 0, 12):
            root = polar(tip, -0.1 * m, degrees + 90)
            out.append(line([root, polar(root, 0.55 * hh, degrees + angle)], "#f0ece4", 0.35, "whisker"))
    if "cheek_ruff" in sp.extras:
        root = polar(c, -0.1 * hh, degrees)
        out.append(blob([polar(root, 0.3 * hh, degrees + 90), polar(root, 0.75 * hh, down - 35),
                         polar(root, 0.3 * hh, down - 110)], shade(sp.coat, 1.35), "ruff"))  # fmt: skip
    return out
