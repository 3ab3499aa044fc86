"""A mammal's hair and markings: manes and beards, tails, fleece, and spots, stripes, patches and bands.

Markings are drawn over the whole body and clipped to the torso, neck and legs
by the caller, so a pattern is a few parameters, not a hand-placed drawing.
Placement jitter comes from `rng_for(species, edition=...)`, never from global randomness.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from builders.core.curves import Point, bezier, ellipse_points, polar, quad, variable_ribbon
from builders.core.hashing import rng_for
from builders.vlmbias.animals.figure import LEG, Leg, band
from builders.vlmbias.animals.geometry import Clipped, Item, Shape, blob, line, oval, shade
from builders.vlmbias.animals.species import Mammal


def lion_mane(sp: Mammal, c: Point, degrees: float) -> Shape:
    hh = sp.head_height
    centre = polar(polar(c, -0.35 * hh, degrees), -0.15 * hh, degrees + 90)
    pts = []
    for i in range(28):
        angle = 360 * i / 28
        radius = (1.15 if i % 2 == 0 else 0.95) * hh
        stretch = 1.3 if 180 < angle < 330 else 1.0
        pts.append(polar(centre, radius * stretch, angle))
    return Shape(tuple(pts), sp.mane_colour or shade(sp.coat, 0.6), "mane lion")


def mane(sp: Mammal, neck: list[Point], c: Point, degrees: float) -> list[Shape]:
    return _mane_shapes(sp, neck, c, degrees) + _beard(sp, neck)


def _beard(sp: Mammal, neck: list[Point]) -> list[Shape]:
    if "throat_beard" not in sp.extras:
        return []
    colour = sp.mane_colour or shade(sp.coat, 0.6)
    low = [polar(p, -0.45 * sp.neck_width, sp.neck_angle + 90) for p in neck[2:]]
    return [band(low, 0.3 * sp.neck_width, 0.6 * sp.neck_width, colour, "throat beard")]


def _mane_shapes(sp: Mammal, neck: list[Point], c: Point, degrees: float) -> list[Shape]:
    colour = sp.mane_colour or shade(sp.coat, 0.6)
    H = sp.body_height
    if sp.mane == "ridge":
        n = len(neck)
        half = [(sp.neck_width + (0.85 * sp.head_height - sp.neck_width) * i / (n - 1)) / 2 for i in range(n)]
        top = [polar(p, 0.9 * h, sp.neck_angle + 90) for p, h in zip(neck, half, strict=True)]
        top.append(polar(c, 0.35 * sp.head_height, degrees + 110))
        return [band(top, 0.28 * sp.neck_width, 0.12 * sp.neck_width, colour, "mane ridge")]
    if sp.mane == "crest":
        back = [(40.0, sp.leg_length + H + 0.4 * sp.withers), (76.0, sp.leg_length + H + sp.withers)]
        top = back + [polar(p, 0.45 * sp.neck_width, sp.neck_angle + 90) for p in neck[3:]]
        return [band(top, 0.1 * H, 0.22 * sp.neck_width, colour, "mane crest")]
    if sp.mane == "shaggy":
        L, w = sp.leg_length, sp.withers
        peak = L + H + w + 0.8 * sp.hump_size
        pts = [
            (58.0, L + 0.15 * H),
            (60.0, peak - 0.3 * sp.hump_size),
            (74.0, peak),
            (92.0, peak - 6),
            c,
            polar(c, 0.6 * sp.head_height, degrees - 90),
            (104.0, L - 0.05 * H),
            (80.0, L - 0.12 * H),
        ]
        return [blob(pts, colour, "mane shaggy")]
    if sp.mane == "throat":
        low = [polar(p, -0.45 * sp.neck_width, sp.neck_angle + 90) for p in neck[1:-2]]
        return [band(low, 0.55 * sp.neck_width, 0.3 * sp.neck_width, colour, "mane throat")]
    if sp.mane == "fringe":
        L = sp.leg_length
        pts = [(6.0, L + 0.25 * H)]
        for k in range(11):
            x = 8 + 9 * k
            pts.append((x, L - (0.3 * L if k % 2 == 0 else 0.18 * L)))
        pts += [(100.0, L + 0.3 * H), (50.0, L + 0.35 * H)]
        return [Shape(tuple(pts), colour, "mane fringe", smooth=False)]
    return []


def tail(sp: Mammal, clear: float) -> Sequence[Item]:
    L, H, tl = sp.leg_length, sp.body_height, sp.tail_length
    colour = sp.tail_colour or sp.coat
    root = (1.0, L + 0.78 * H)
    kind = sp.tail
    if tl == 0:
        return []

    def at(dx: float, dy: float) -> Point:
        return root[0] + dx * tl, root[1] + dy * tl

    def keep_up(pts: list[Point], margin: float = 2.0) -> list[Point]:
        low = min(y for _, y in pts)
        if low >= clear + margin:
            return pts
        k = (root[1] - clear - margin) / max(1e-9, root[1] - low)
        return [(x, root[1] + (y - root[1]) * k) for x, y in pts]

    if kind in ("tuft", "rope", "upright"):
        if kind == "upright":
            pts = quad(root, (root[0] - 0.2 * tl, root[1] + 0.6 * tl), (root[0] - 0.1 * tl, root[1] + tl), 8)
        else:
            pts = keep_up(bezier(root, at(-0.3, -0.05), at(-0.3, -0.6), at(-0.22, -1.0), 12), 0.13 * tl + 3)
        width = max(1.2, 0.3 * sp.leg_width)
        shapes = [line(pts, colour, width, "tail")]
        if kind != "rope":
            end = pts[-1]
            tuft = sp.tail_tip or shade(colour, 0.55)
            shapes.append(oval(end[0], end[1], 0.07 * tl + 1.2, 0.13 * tl + 1.5, tuft, "tail tuft"))
        return shapes
    if kind == "horse":
        pts = keep_up(bezier(root, at(-0.35, 0.05), at(-0.45, -0.5), at(-0.3, -1.0), 14), 3)
        return [band(pts, 0.2 * tl, 0.14 * tl, colour, "tail horse")]
    if kind == "bushy":
        pts = keep_up(bezier(root, at(-0.4, -0.05), at(-0.75, -0.4), at(-0.95, -0.55), 14), 0.15 * tl)
        bushy = Shape(tuple(_bushy(pts, 0.16 * tl, 0.3 * tl)), colour, "tail bushy")
        if not sp.tail_tip:
            return [bushy]
        tip = oval(pts[-1][0], pts[-1][1], 0.22 * tl, 0.22 * tl, sp.tail_tip, "tail tip")
        return [bushy, Clipped((bushy,), (tip,), "tail tip")]
    if kind == "long":
        pts = keep_up(bezier(root, at(-0.45, -0.2), at(-0.8, -0.55), at(-1.0, -0.2), 16), 0.05 * tl)
        shapes = [band(pts, 0.1 * tl, 0.075 * tl, colour, "tail long")]
        if sp.tail_tip:
            end = pts[-1]
            shapes.append(oval(end[0], end[1], 0.06 * tl, 0.06 * tl, sp.tail_tip, "tail tip"))
        return shapes
    if kind in ("short", "stub"):
        angle = 120 if kind == "short" else 165
        pts = [root, polar(root, 0.6 * tl, angle - 8), polar(root, tl, angle)]
        shapes = [band(pts, 0.55 * tl, 0.35 * tl, colour, f"tail {kind}")]
        if sp.tail_tip:
            shapes.append(oval(pts[-1][0], pts[-1][1], 0.2 * tl, 0.2 * tl, sp.tail_tip, "tail tip"))
        return shapes
    if kind == "puff":
        return [oval(root[0] - 0.2 * tl, root[1] + 0.1 * tl, 0.5 * tl, 0.45 * tl, colour, "tail puff")]
    # curly: a little pig's spiral
    centre = (root[0] - 0.35 * tl, root[1] + 0.05 * tl)
    pts = [root] + [polar(centre, 0.3 * tl * (1 - 0.4 * i / 12), 20 + 40 * i) for i in range(13)]
    return [line(pts, colour, max(1.0, 0.12 * tl), "tail curly")]


def wool(sp: Mammal, torso: Shape, neck: list[Point]) -> list[Shape]:
    """Fleece: small puffs along the torso's outline and the neck, in the coat colour."""
    puffs = []
    pts = list(torso.pts)
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1], strict=True):
        for t in (0.0, 0.5):
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            puffs.append(oval(x, y, 4.2, 3.8, sp.coat, "wool"))
    for x, y in neck[2:-2:2]:
        puffs.append(oval(x, y, 0.62 * sp.neck_width, 0.55 * sp.neck_width, sp.coat, "wool"))
    return puffs


def _bushy(pts: list[Point], start: float, middle: float) -> list[Point]:
    """A fox-like brush: widest two thirds along, tapering to a rounded tip."""
    n = len(pts)
    widths = [start + (middle - start) * math.sin(math.pi * 0.75 * i / (n - 1)) for i in range(n)]
    widths[-1] = 0.3 * middle
    return variable_ribbon(pts, widths)


def leg_marks(sp: Mammal, legs: list[Leg], colour: str, edition: int | None = None) -> Clipped:
    """Pattern marks painted on the given legs (bands, stripes, spots), clipped to them."""
    outlines = tuple(Shape(tuple(leg.outline()), "#000000", f"{LEG} clip") for leg in legs)
    marks: list[Shape] = []
    L = sp.leg_length
    if sp.pattern in ("bands", "zebra"):
        step = 0.09 * L if sp.pattern == "zebra" else 0.07 * L
        lowest = 0.12 * L if sp.pattern == "zebra" else 0.45 * L
        y = lowest
        while y < L + 0.3 * sp.body_height:
            stripe = [(-10, y), (110, y + 2), (110, y + 2 + 0.4 * step), (-10, y + 0.4 * step)]
            marks.append(blob(stripe, colour, "band", smooth=False))
            y += step
    elif sp.pattern in ("spots", "rosettes", "jaguar", "wild_dog", "patches"):
        rng = rng_for("vlmbias", "animals", sp.name, "leg marks", edition=edition)
        for leg in legs:
            for k in range(5):
                t = 0.45 + 0.11 * k
                y = leg.foot[1] + t * (leg.hip[1] - leg.foot[1])
                x = leg.x_at(y) + rng.uniform(-0.25, 0.25) * leg.width_at(y)
                r = 0.22 * leg.width_at(y)
                marks.append(oval(x, y, r, r * 0.85, colour, "spot"))
    elif sp.pattern == "stripes":
        for leg in legs:
            for k in range(4):
                y = leg.foot[1] + (0.5 + 0.12 * k) * (leg.hip[1] - leg.foot[1])
                x = leg.x_at(y)
                w = leg.width_at(y)
                marks.append(blob([(x - w, y), (x + w, y + 1.5), (x + w, y + 2.6), (x - w, y + 1.1)], colour,
                                  "stripe", smooth=False))  # fmt: skip
    return Clipped(outlines, tuple(marks), "leg marks")


def body_marks(sp: Mammal, clear: float, edition: int | None = None) -> list[Shape]:
    """Spots, stripes and patches over the torso and neck (clipped to them by the caller)."""
    L, H, kind, colour = sp.leg_length, sp.body_height, sp.pattern, sp.pattern_colour
    top = L + H + max(0.0, sp.withers) + sp.neck_length + sp.head_height
    rng = rng_for("vlmbias", "animals", sp.name, "marks", edition=edition)
    marks: list[Shape] = []
    if kind in ("spots", "rosettes", "jaguar"):
        step = 7.0 if kind == "spots" else 9.5
        y = L - 4
        row = 0
        while y < top:
            x = -4 + (row % 2) * step / 2
            while x < 125:
                cx, cy = x + rng.uniform(-1.5, 1.5), y + rng.uniform(-1.5, 1.5)
                if kind == "spots":
                    r = rng.uniform(1.4, 2.1)
                    marks.append(oval(cx, cy, r, r * 0.9, colour, "spot"))
                else:
                    marks += _rosette(cx, cy, rng.uniform(2.6, 3.3), colour, kind == "jaguar")
                x += step
            y += step * 0.85
            row += 1
    elif kind == "stripes":
        for x in range(4, 100, 7):
            jitter = rng.uniform(-2, 2)
            pts = [(x + jitter, L + H + 8), (x + 3 + jitter, L + 0.5 * H), (x + 1 + jitter, L + 0.15 * H)]
            marks.append(band(pts, 2.6, 0.6, colour, "stripe"))
        for k in range(5):
            pts = [(80 + 6 * k, L + H + 30 + 5 * k), (86 + 6 * k, L + H + 10 * k)]
            marks.append(band(pts, 2.2, 0.6, colour, "stripe"))
    elif kind == "zebra":
        for x in range(-2, 120, 9):
            slant = 0.0 if x < 70 else (x - 70) * 0.5
            pts = [(x + slant, top + 20), (x + 1, L + 0.5 * H), (x - 1.5 * (x < 30), L - 10)]
            marks.append(band(pts, 4.6, 3.6, colour, "stripe"))
    elif kind == "patches":
        step = 10.0
        y = L - 6
        row = 0
        while y < top:
            x = -6 + (row % 2) * step / 2
            while x < 130:
                cx, cy = x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)
                corners = [polar((cx, cy), 0.4 * step * rng.uniform(0.85, 1.05), a + rng.uniform(-10, 10))
                           for a in range(0, 360, 60)]  # fmt: skip
                marks.append(blob(corners, colour, "patch", smooth=False))
                x += step
            y += step * 0.87
            row += 1
    elif kind in ("blotches", "wild_dog"):
        second = "#f2ede4" if kind == "wild_dog" else colour
        for k in range(16 if kind == "wild_dog" else 7):
            cx, cy = rng.uniform(5, 100), rng.uniform(L, L + H + 0.5 * sp.neck_length)
            pts = [polar((cx, cy), rng.uniform(4, 9), a) for a in range(0, 360, 45)]
            marks.append(blob(pts, colour if k % 2 == 0 else second, "blotch"))
    elif kind == "saddle":
        pts = [(4.0, L + 0.75 * H), (30.0, L + 0.62 * H), (70.0, L + 0.6 * H), (88.0, L + 0.8 * H),
               (90.0, L + H + sp.withers + 6), (20.0, L + H + 8)]  # fmt: skip
        marks.append(blob(pts, colour, "saddle"))
    elif kind == "flank_stripe":
        pts = [(14.0, L + 0.3 * H), (50.0, L + 0.28 * H), (88.0, L + 0.34 * H)]
        marks.append(band(pts, 0.1 * H, 0.08 * H, colour, "flank stripe"))
    return marks


def _rosette(cx: float, cy: float, r: float, colour: str, dot: bool) -> list[Shape]:
    """A ring of dark marks (leopard), with a central dot for the jaguar."""
    pts = ellipse_points(cx, cy, r, 0.85 * r, 0, 10)
    shapes = [Shape(tuple(pts), None, "rosette", stroke=colour, width=0.28 * r + 0.4, closed=True)]
    if dot:
        shapes.append(oval(cx, cy, 0.3 * r, 0.3 * r, colour, "rosette dot"))
    return shapes


def skin_folds(sp: Mammal) -> list[Shape]:
    L, H = sp.leg_length, sp.body_height
    colour = shade(sp.coat, 0.62)
    folds = []
    for x in (24.0, 70.0):
        pts = [(x - 3, L + H - 1), (x + 2, L + 0.5 * H), (x - 1, L + 0.05 * H)]
        folds.append(line(pts, colour, 1.3, "skin fold"))
    return folds
