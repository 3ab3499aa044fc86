"""A bird entry -> shapes: body, wing, tail, neck, head, beak, crest and 2 or 3 legs with toes.

Local frame as for mammals: the body is 100 long from tail end (x = 0) to
breast (x = 100), the ground is y = 0, y points up. The added third leg stands
in the middle of the body, between the two standard legs.
"""

from __future__ import annotations

from collections.abc import Sequence

from builders.core.curves import Point, bezier, ellipse_points, polar, quad
from builders.core.hashing import rng_for
from builders.vlmbias.animals.figure import LEG, Figure, Leg, band
from builders.vlmbias.animals.geometry import Clipped, Item, Shape, blob, line, oval, shade
from builders.vlmbias.animals.species import Bird

EYE = "#161412"
#: hip x and foot x of each leg, by number of legs; the standard legs keep their places.
LEG_PLACES = {
    2: (("back", 38.0, 24.0), ("front", 62.0, 76.0)),
    3: (("back", 38.0, 24.0), ("middle", 50.0, 50.0), ("front", 62.0, 76.0)),
}


def legs_for(sp: Bird, count: int) -> list[Leg]:
    """Leg centrelines: the two standard legs, plus a middle one when `count` is 3."""
    if count not in LEG_PLACES:
        raise ValueError(f"a bird is drawn with 2 or 3 legs, got {count}")
    L, w = sp.leg_length, sp.leg_width
    legs = []
    for name, hip_x, foot_x in LEG_PLACES[count]:
        hip = (hip_x, L + 0.12 * sp.body_height)
        foot = (foot_x, 0.0)
        joint = (hip_x + 0.45 * (foot_x - hip_x) - 0.05 * L, 0.5 * L)
        legs.append(Leg(name, hip, joint, foot, (1.25 * w, 1.15 * w, w)))
    return legs


def _body_outline(sp: Bird) -> tuple[Point, list[Point]]:
    L, Bh = sp.leg_length, sp.body_height
    centre = (50.0, L + 0.5 * Bh)
    return centre, ellipse_points(centre[0], centre[1], 50.0, 0.5 * Bh, sp.tilt, 28)


def draw_bird(sp: Bird, count: int, edition: int | None = None) -> Figure:
    """The figure of `sp` with `count` legs (2 standard, 3 counterfactual); `edition` jitters its marks."""
    L = sp.leg_length
    clear = 0.6 * L
    legs = legs_for(sp, count)
    centre, outline = _body_outline(sp)
    body = blob(outline, sp.plumage, "body")
    items: list[Item] = []
    items += _tail(sp, centre, clear, behind=True, edition=edition)
    neck_line, neck = _neck(sp, centre)
    head = neck_line[-1]
    items.append(neck)
    items.append(body)
    items += _tail(sp, centre, clear, behind=False, edition=edition)
    wing = _wing(sp, centre)
    items.append(wing)
    marks = _marks(sp, wing, edition)
    if marks:
        items.append(Clipped((wing,), tuple(marks), f"pattern {sp.pattern}"))
    if "breast_patch" in sp.extras:
        patch = oval(
            centre[0] + 40, centre[1] + 0.1 * sp.body_height, 16, 0.3 * sp.body_height, "#1c1c1c", "breast"
        )
        items.append(Clipped((body,), (patch,), "breast patch"))
    if "plumes" in sp.extras:
        items += _plumes(sp, centre)
    items += _head(sp, head, neck_line)
    for leg in legs:
        items += _leg(sp, leg)
    return Figure(sp.name, tuple(items), tuple(legs), body_bottom=min(y for _, y in outline), clear=clear)


def _plumes(sp: Bird, centre: Point) -> list[Shape]:
    """Breeding plumes: fine feathers from the back trailing past the tail."""
    Bh = sp.body_height
    out = []
    for k in range(4):
        root = polar(polar(centre, 5 - 6 * k, sp.tilt), 0.4 * Bh, sp.tilt + 90)
        end = polar(polar(centre, -62 - 5 * k, sp.tilt), (0.1 - 0.08 * k) * Bh, sp.tilt + 90)
        mid = ((root[0] + end[0]) / 2, max(root[1], end[1]) + 0.12 * Bh)
        out.append(line(quad(root, mid, end, 8), shade(sp.plumage, 0.93), 1.2, "plume"))
    return out


def _neck(sp: Bird, centre: Point) -> tuple[list[Point], Shape]:
    Bh, N = sp.body_height, sp.neck_length
    base = polar(polar(centre, 38.0, sp.tilt), 0.18 * Bh, sp.tilt + 90)
    a = sp.neck_angle
    shape = sp.neck_shape
    if shape == "s_curve":
        pts = bezier(
            base, polar(base, 0.55 * N, a - 35), polar(base, 0.55 * N, a + 35), polar(base, N, a), 16
        )
    elif shape == "swan":  # up from the breast, back, then forward to the head
        x, y = base
        pts = bezier(
            base, (x - 0.3 * N, y + 0.55 * N), (x + 0.05 * N, y + 1.1 * N), (x + 0.32 * N, y + 0.9 * N), 16
        )
    elif shape == "forward":
        pts = quad(base, polar(base, 0.6 * N, a + 15), polar(base, N, a), 10)
    else:
        pts = quad(base, polar(base, 0.5 * N, a - 6), polar(base, N, a), 10)
    top = min(sp.neck_width, 1.7 * sp.head_size)
    colour = sp.neck_colour or sp.plumage
    return pts, band(pts, sp.neck_width * (1.6 if shape == "short" else 1.0), top, colour, "neck")


def _head(sp: Bird, c: Point, neck: list[Point]) -> list[Shape]:
    r = sp.head_size
    colour = sp.head_colour or sp.neck_colour or sp.plumage
    shapes: list[Shape] = []
    if sp.crest == "quills":
        for k in range(6):
            root = polar(c, 0.3 * r, 150 - 8 * k)
            tip = polar(root, (2.2 + 0.2 * (k % 3)) * r, 160 - 9 * k)
            shapes.append(line([root, tip], "#1f1f1f", 0.22 * r, "crest quill", smooth=False))
    if sp.crest == "tuft":
        shapes.append(line(quad(c, polar(c, 1.6 * r, 120), polar(c, 2.4 * r, 160), 8), "#1c2a22", 0.18 * r,
                           "crest tuft"))  # fmt: skip
    shapes.append(oval(c[0], c[1], r, 0.92 * r, colour, "head"))
    if "eye_patch" in sp.extras:
        shapes.append(oval(c[0] + 0.25 * r, c[1] + 0.1 * r, 0.45 * r, 0.35 * r, "#f08a28", "eye patch"))
    beak_base = polar(c, 0.8 * r, -8)
    shapes += _beak(sp, beak_base)
    eye = (c[0] + 0.3 * r, c[1] + 0.22 * r)
    shapes.append(oval(eye[0], eye[1], 0.17 * r, 0.17 * r, EYE, "eye"))
    if sp.crest == "comb":
        pts = [polar(c, 0.6 * r, 140)]
        for k in range(5):
            x = c[0] - 0.55 * r + 0.32 * r * k
            pts.append((x, c[1] + (1.55 if k % 2 == 0 else 1.05) * r))
        pts.append(polar(c, 0.75 * r, 35))
        shapes.append(blob(pts, sp.crest_colour, "comb"))
    elif sp.crest == "crown":
        for k in range(5):
            angle = 75 + 9 * k
            root = polar(c, 0.8 * r, angle)
            tip = polar(root, 1.2 * r, angle + 5)
            shapes.append(line([root, tip], shade(sp.crest_colour, 0.8), 0.09 * r, "crest", smooth=False))
            shapes.append(oval(tip[0], tip[1], 0.2 * r, 0.2 * r, sp.crest_colour, "crest tip"))
    elif sp.crest == "casque":
        pts = [polar(c, 0.7 * r, 160), polar(c, 1.4 * r, 110), polar(c, 1.9 * r, 80), polar(c, 0.9 * r, 30)]
        shapes.append(blob(pts, sp.crest_colour, "casque"))
    elif sp.crest == "snood":
        root = polar(beak_base, 0.25 * r, 80)
        pts = quad(root, polar(root, 0.5 * r, 20), polar(root, 1.1 * r, -75), 6)
        shapes.append(band(pts, 0.28 * r, 0.2 * r, sp.crest_colour, "snood"))
    if sp.wattle:
        w = polar(c, 0.75 * r, -55)
        shapes.append(oval(w[0], w[1] - 0.25 * r, 0.28 * r, 0.5 * r, sp.wattle, "wattle"))
    if "knob" in sp.extras:
        shapes.append(
            oval(beak_base[0] + 0.1 * r, beak_base[1] + 0.25 * r, 0.28 * r, 0.25 * r, "#1a1a1a", "knob")
        )
    if "white_neck_ring" in sp.extras:
        i = len(neck) // 2
        shapes.insert(0, band(neck[i - 1 : i + 1], sp.neck_width, sp.neck_width, "#f4f4f0", "neck ring"))
    return shapes


def _beak(sp: Bird, base: Point) -> list[Shape]:
    r, B, colour = sp.head_size, sp.beak_length, sp.beak_colour
    kind = sp.beak
    if kind == "down":
        pts = quad(base, polar(base, 0.6 * B, -5), polar(base, B, -45), 10)
        return [band(pts, 0.42 * r, 0.1 * r, colour, "beak")]
    if kind == "up":
        pts = quad(base, polar(base, 0.6 * B, -10), polar(base, B, 14), 10)
        return [band(pts, 0.32 * r, 0.05 * r, colour, "beak")]
    if kind == "spoon":
        pts = [base, polar(base, 0.7 * B, -12)]
        spoon = polar(base, 0.85 * B, -12)
        return [band(pts, 0.4 * r, 0.24 * r, colour, "beak"),
                oval(spoon[0], spoon[1], 0.2 * B, 0.42 * r, colour, "beak spoon", -12)]  # fmt: skip
    if kind == "hook":
        pts = bezier(base, polar(base, 0.6 * B, 0), polar(base, 1.0 * B, -10), polar(base, 0.95 * B, -40), 10)
        return [band(pts, 0.7 * r, 0.12 * r, colour, "beak")]
    if kind == "flat":
        tip = polar(base, B, -6)
        return [band([base, polar(base, 0.5 * B, -4), tip], 0.75 * r, 0.6 * r, colour, "beak"),
                oval(tip[0], tip[1], 0.12 * B, 0.3 * r, colour, "beak tip", -6)]  # fmt: skip
    if kind == "cone":
        return [
            band([base, polar(base, 0.5 * B, -14), polar(base, B, -26)], 0.7 * r, 0.06 * r, colour, "beak")
        ]
    widths = {"straight": (0.5, 0.04), "dagger": (0.55, 0.02), "heavy": (0.85, 0.12)}[kind]
    angle = {"straight": -6, "dagger": -4, "heavy": -12}[kind]
    pts = [base, polar(base, 0.5 * B, angle), polar(base, B, angle)]
    return [band(pts, widths[0] * r, widths[1] * r, colour, "beak")]


def _wing(sp: Bird, centre: Point) -> Shape:
    Bh = sp.body_height
    colour = sp.wing or shade(sp.plumage, 0.85)
    t = sp.tilt
    front = polar(polar(centre, 28, t), 0.15 * Bh, t + 90)
    top = polar(polar(centre, 0, t), 0.42 * Bh, t + 90)
    back = polar(polar(centre, -52, t), 0.05 * Bh, t + 90)
    low = polar(polar(centre, -5, t), -0.12 * Bh, t + 90)
    return blob([front, top, back, low], colour, "wing")


def _marks(sp: Bird, wing: Shape, edition: int | None) -> list[Shape]:
    x0, y0, x1, y1 = wing.bounds()
    marks: list[Shape] = []
    if sp.wing_tip:
        marks.append(blob([(x0 - 5, y0 - 5), (x0 + 0.45 * (x1 - x0), y0 - 5), (x0 + 0.38 * (x1 - x0), y1 + 5),
                           (x0 - 5, y1 + 5)], sp.wing_tip, "wing tip", smooth=False))  # fmt: skip
    rng = rng_for("vlmbias", "animals", sp.name, "marks", edition=edition)
    colour = sp.pattern_colour
    if sp.pattern == "barred":
        x = x0
        while x < x1:
            marks.append(
                blob([(x, y0), (x + 2.2, y0), (x + 5.5, y1), (x + 3.3, y1)], colour, "bar", smooth=False)
            )
            x += 6.5
    elif sp.pattern in ("spotted", "scaled"):
        y = y0 + 2
        row = 0
        while y < y1:
            x = x0 + 2 + (row % 2) * 2.5
            while x < x1:
                r = rng.uniform(0.9, 1.3) if sp.pattern == "spotted" else 2.2
                if sp.pattern == "spotted":
                    marks.append(oval(x, y, r, r, colour, "spot"))
                else:
                    marks.append(Shape(tuple(ellipse_points(x, y, r, r, 0, 8)[4:]), None, "scale",
                                       smooth=False, stroke=colour, width=0.5, closed=False))  # fmt: skip
                x += 5.0
            y += 4.3
            row += 1
    return marks


def _tail(sp: Bird, centre: Point, clear: float, behind: bool, edition: int | None) -> Sequence[Item]:
    S, kind = sp.tail_size, sp.tail
    colour = sp.tail_colour or shade(sp.plumage, 0.8)
    Bh, t = sp.body_height, sp.tilt
    root = polar(polar(centre, -42, t), 0.05 * Bh, t + 90)
    if kind == "none" or S == 0:
        return []
    if kind == "fan":
        if not behind:
            return []
        hub = polar(root, 0.3 * Bh, t + 90)
        shapes = []
        for ring, (radius, col) in enumerate(((1.0, colour), (0.8, shade(colour, 1.5)), (0.62, colour))):
            pts = [hub] + [polar(hub, radius * S, a) for a in range(20, 181, 10)]
            shapes.append(blob(pts, col, f"tail fan {ring}", smooth=False))
        return shapes
    if kind == "train":
        if not behind:
            return []
        low = max(clear + 2.0, root[1] - 0.35 * S)
        pts = [
            polar(root, 8, t + 90),
            (root[0] - 0.55 * S, root[1] + 0.12 * S),
            (root[0] - S, low + 0.2 * S),
            (root[0] - 0.95 * S, low),
            (root[0] - 0.4 * S, low + 0.05 * S),
            polar(root, 6, t - 90),
        ]
        train = blob(pts, colour, "tail train")
        rng = rng_for("vlmbias", "animals", sp.name, "train", edition=edition)
        eyes = []
        for _ in range(14):
            x = root[0] - rng.uniform(0.2, 0.95) * S
            y = rng.uniform(low + 0.05 * S, root[1] + 0.05 * S)
            eyes.append(oval(x, y, 2.8, 2.2, "#c8a23a", "train eye"))
            eyes.append(oval(x, y, 1.6, 1.3, "#1f4f9a", "train eye centre"))
        return [train, Clipped((train,), tuple(eyes), "train eyes")]
    if behind:
        return []
    if kind == "short":
        pts = [
            polar(root, 4, t + 90),
            polar(root, S, t + 175),
            polar(root, S * 0.9, t + 190),
            polar(root, 5, t - 80),
        ]
        return [blob(pts, colour, "tail short", smooth=False)]
    if kind == "upturned":
        pts = [polar(root, 6, t + 90), polar(root, S, t + 150), polar(root, 4, t - 60)]
        return [blob(pts, colour, "tail upturned")]
    if kind == "plume":
        hub = polar(root, 0.1 * Bh, t + 90)
        pts = []
        for k in range(11):
            angle = 95 + 12 * k
            pts.append(polar(hub, (1.0 if k % 2 == 0 else 0.75) * S, angle))
        return [blob([hub, *pts], colour, "tail plume")]
    if kind == "sickle":
        shapes = []
        for k in range(4):
            rise = (0.9 - 0.15 * k) * S
            drop = max(clear + 3 - root[1], -(0.2 + 0.1 * k) * S)
            pts = bezier(root, (root[0] - 0.1 * S, root[1] + rise), (root[0] - 0.7 * S, root[1] + rise),
                         (root[0] - (0.75 + 0.05 * k) * S, root[1] + drop), 14)  # fmt: skip
            shapes.append(band(pts, 0.12 * S, 0.04 * S, shade(colour, 1 + 0.1 * k), "tail sickle"))
        return shapes
    # drooping: a shaggy skirt of feathers over the rump
    pts = [polar(root, 0.3 * Bh, t + 90), polar(root, S, t + 200), polar(root, 0.8 * S, t + 230),
           polar(root, 0.3 * Bh, t - 60)]  # fmt: skip
    low = min(y for _, y in pts)
    if low < clear + 2:
        squash = (root[1] - clear - 2) / max(1e-9, root[1] - low)
        pts = [(x, root[1] + (y - root[1]) * squash) for x, y in pts]
    return [blob(pts, colour, "tail drooping")]


def _leg(sp: Bird, leg: Leg) -> list[Shape]:
    L, w = sp.leg_length, sp.leg_width
    colour = sp.leg_colour
    shapes = []
    thigh_colour = "#1c1c1c" if "black_thighs" in sp.extras else sp.plumage
    hip = leg.hip
    if "black_thighs" in sp.extras:
        down = max(0.62 * L + 2, leg.joint[1] + 0.15 * L)
        knee = (leg.x_at(down), down)
        shapes.append(band([hip, knee], 4.2 * w, 2.6 * w, thigh_colour, f"{LEG} {leg.name} thigh"))
    else:
        shapes.append(oval(hip[0], hip[1] - 0.02 * L, 2.4 * w + 3, min(0.16 * L, 8.0) + 2, thigh_colour,
                           f"{LEG} {leg.name} thigh"))  # fmt: skip
    shapes.append(Shape(tuple(leg.outline()), colour, f"{LEG} {leg.name}"))
    x, y = leg.foot
    toe = min(0.16 * L, 13.0) + 2
    part = f"{LEG} {leg.name} foot"
    if sp.leg_length < 35 and sp.beak == "flat":  # webbed feet of ducks and swans
        shapes.append(blob([(x - 0.3 * toe, y), (x + toe, y), (x + 0.8 * toe, y + 0.45 * toe), (x, y + w)],
                           colour, part, smooth=False))  # fmt: skip
        return shapes
    for angle, length in ((0, 1.0), (14, 0.8), (180, 0.45)):
        end = polar((x, y + 0.4 * w), length * toe, angle)
        end = (end[0], max(0.0, min(end[1], y + 0.5 * toe)))
        shapes.append(line([(x, y + 0.4 * w), end], colour, 0.75 * w, part, smooth=False))
    return shapes
