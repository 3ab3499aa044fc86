"""A mammal entry -> shapes: torso, humps, neck and legs here; the head (`heads.py`) and coat (`coats.py`).

Local frame: the torso runs from x = 0 (rump) to x = 100 (chest), the ground is
y = 0 and y points up. Legs stand at fixed places along the body; an added
fifth leg stands in the middle of the body, between the hind and front pairs,
as the release's edit prompt asked ("The 1 extra leg is in the middle of the body").
"""

from __future__ import annotations

import math

from builders.core.curves import Point, polar, quad
from builders.vlmbias.animals import coats, heads
from builders.vlmbias.animals.figure import LEG, Figure, Leg, band
from builders.vlmbias.animals.geometry import Clipped, Item, Shape, blob, oval, shade
from builders.vlmbias.animals.heads import IVORY
from builders.vlmbias.animals.species import Mammal

#: (hip x, foot offset per unit of stride) of each leg, in walking order from the rump. The standard
#: legs stand in the same places with or without the middle one, so a counterfactual is its
#: original plus one leg.
LEG_PLACES = {
    "far hind": (10.0, -1.0),
    "near hind": (28.0, 0.2),
    "middle": (50.0, 0.0),
    "near front": (72.0, -0.2),
    "far front": (90.0, 1.0),
}
STRIDE = 8.0


def legs_for(sp: Mammal, count: int) -> list[Leg]:
    """The leg centrelines: the four standard legs, plus the middle one when `count` is 5."""
    names = ["far hind", "near hind", "near front", "far front"]
    if count == 5:
        names.insert(2, "middle")
    elif count != 4:
        raise ValueError(f"a mammal is drawn with 4 or 5 legs, got {count}")
    length, width = sp.leg_length, sp.leg_width
    legs = []
    for name in names:
        hip_x, spread = LEG_PLACES[name]
        foot_y = 0.03 * length if name.startswith("far") else 0.0
        hip = (hip_x, length + 0.3 * sp.body_height)
        foot = (hip_x + spread * STRIDE, foot_y)
        bend = -0.06 * length if "hind" in name else 0.02 * length
        joint = (hip[0] + (foot[0] - hip[0]) * 0.55 + bend, foot_y + 0.42 * (hip[1] - foot_y))
        widths = (width * sp.thigh, width * (1 + 0.3 * (sp.thigh - 1)), width)
        legs.append(Leg(name, hip, joint, foot, widths))
    return legs


def draw_mammal(sp: Mammal, count: int, edition: int | None = None) -> Figure:
    """The figure of `sp` with `count` legs (4 standard, 5 counterfactual); `edition` jitters its marks."""
    L, H = sp.leg_length, sp.body_height
    clear = 0.6 * L
    coat = sp.coat
    legs = legs_for(sp, count)
    far = [leg for leg in legs if leg.name.startswith("far")]
    near = [leg for leg in legs if not leg.name.startswith("far")]
    leg_colour = sp.leg_colour or coat
    items: list[Item] = []

    for leg in far:
        items += _leg(sp, leg, shade(leg_colour, 0.82), shade(sp.socks, 0.85) if sp.socks else None)
    if sp.pattern in ("bands", "zebra"):
        items.append(coats.leg_marks(sp, far, shade(sp.pattern_colour, 0.9), edition))

    torso = blob(_torso_points(sp), coat, "torso")
    humps = _humps(sp)
    neck_line, neck = _neck(sp)
    head_c, head_dir = neck_line[-1], -sp.head_angle
    head_parts, tip = heads.head(sp, head_c, head_dir)
    tail = coats.tail(sp, clear)
    behind = 1 if sp.tail in ("long", "bushy") else 0  # long tails start behind the rump
    items += tail[:behind]
    items.append(neck)
    if sp.mane == "lion":
        items.append(coats.lion_mane(sp, head_c, head_dir))
    items.append(torso)
    items += humps
    body_clip = (torso, neck, *humps)
    if sp.belly:
        belly = oval(55, L - 0.05 * H, 60, 0.42 * H, sp.belly, "belly")
        items.append(Clipped((torso,), (belly,), "belly"))
    marks = coats.body_marks(sp, clear, edition)
    if marks:
        items.append(Clipped(body_clip, tuple(marks), f"pattern {sp.pattern}"))
    if "white_rump" in sp.extras:
        items.append(Clipped((torso,), (oval(4, L + 0.55 * H, 12, 0.35 * H, "#f4efe6", "rump"),), "rump"))
    if "skin_folds" in sp.extras:
        items += coats.skin_folds(sp)
    if "udder" in sp.extras:
        items.append(oval(36, L - 0.04 * L, 6.5, 0.08 * L + 1.5, "#eab0a8", "udder"))
    items += tail[behind:]
    items += coats.mane(sp, neck_line, head_c, head_dir)
    if "wool" in sp.extras:
        items += coats.wool(sp, torso, neck_line)
    if "collar" in sp.extras:
        i = len(neck_line) // 3
        a, b = neck_line[i - 1], neck_line[i + 1]
        angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) + 90
        ends = [
            polar(neck_line[i], 0.56 * sp.neck_width, angle),
            polar(neck_line[i], -0.56 * sp.neck_width, angle),
        ]
        items.append(band(ends, 0.16 * sp.neck_width, 0.16 * sp.neck_width, "#c0302a", "collar"))
    if "dewlap" in sp.extras:
        base = neck_line[1]
        items.append(blob([base, (base[0] + 6, base[1] - 0.45 * H), (base[0] + 14, base[1] - 0.1 * H)], coat,
                          "dewlap"))  # fmt: skip
    items += heads.horns_behind(sp, head_c, head_dir)
    items += heads.ears(sp, head_c, head_dir, behind=True)
    items += head_parts
    items += heads.ears(sp, head_c, head_dir, behind=False)
    items += heads.horns(sp, head_c, head_dir)
    items += heads.head_extras(sp, head_c, head_dir, tip, clear)
    for leg in near:
        items += _leg(sp, leg, leg_colour, sp.socks)
    if sp.pattern in ("bands", "zebra", "spots", "rosettes", "jaguar", "stripes", "patches", "wild_dog"):
        leg_marks = coats.leg_marks(sp, near, sp.pattern_colour, edition)
        if leg_marks.shapes:
            items.append(leg_marks)
    for leg in legs:
        items += _foot(sp, leg, leg in near)
    return Figure(sp.name, tuple(items), tuple(legs), body_bottom=L - sp.belly_drop, clear=clear)


# --------------------------------------------------------------------------- body


def _torso_points(sp: Mammal) -> list[Point]:
    L, H, w = sp.leg_length, sp.body_height, sp.withers
    sag = sp.belly_drop
    return [
        (-1.0, L + 0.55 * H),
        (3.0, L + 0.88 * H),
        (15.0, L + H),
        (46.0, L + H + 0.45 * w - 0.03 * H),
        (76.0, L + H + w),
        (95.0, L + 0.8 * H + 0.7 * w),
        (101.0, L + 0.45 * H + 0.3 * w),
        (93.0, L + 0.05 * H),
        (62.0, L - sag),
        (30.0, L + 0.03 * H),
        (9.0, L + 0.2 * H),
    ]


def _humps(sp: Mammal) -> list[Shape]:
    L, H, s = sp.leg_length, sp.body_height, sp.hump_size
    top = L + H
    if sp.hump == "one":
        return [blob(_hump(46, top, 26, s), sp.coat, "hump")]
    if sp.hump == "two":
        return [blob(_hump(30, top, 17, s), sp.coat, "hump"), blob(_hump(64, top, 17, s), sp.coat, "hump")]
    if sp.hump == "shoulder":
        return [blob(_hump(72, top + sp.withers, 24, s), sp.coat, "hump")]
    return []


def _hump(cx: float, top: float, half: float, height: float) -> list[Point]:
    return [(cx - half, top - 6), (cx - 0.55 * half, top + 0.7 * height), (cx, top + height),
            (cx + 0.55 * half, top + 0.7 * height), (cx + half, top - 6), (cx, top - 10)]  # fmt: skip


def _neck(sp: Mammal) -> tuple[list[Point], Shape]:
    L, H = sp.leg_length, sp.body_height
    base = (86.0, L + 0.55 * H + 0.8 * sp.withers)
    end = polar(base, max(sp.neck_length, 4.0) + 6.0, sp.neck_angle)
    arch = polar(((base[0] + end[0]) / 2, (base[1] + end[1]) / 2), 0.1 * sp.neck_length, sp.neck_angle + 90)
    centre = quad(base, arch, end, 10)
    return centre, band(centre, sp.neck_width, 0.85 * sp.head_height, sp.coat, "neck")


# --------------------------------------------------------------------------- legs and markings


def _leg(sp: Mammal, leg: Leg, colour: str, socks: str | None) -> list[Shape]:
    shapes = [Shape(tuple(leg.outline()), colour, f"{LEG} {leg.name}")]
    if socks:
        lower = Leg(leg.name, leg.joint, leg.joint, leg.foot, (leg.widths[1], leg.widths[1], leg.widths[2]))
        shapes.append(Shape(tuple(lower.outline(3)), socks, f"{LEG} {leg.name} sock"))
    return shapes


def _foot(sp: Mammal, leg: Leg, near: bool) -> list[Shape]:
    x, y = leg.foot
    w = leg.widths[2]
    colour = sp.foot_colour if near else shade(sp.foot_colour, 0.85)
    part = f"{LEG} {leg.name} foot"
    if sp.foot == "hoof":
        h = max(2.0, 0.55 * w)
        return [blob([(x - 0.55 * w, y), (x + 0.68 * w, y), (x + 0.5 * w, y + h), (x - 0.48 * w, y + h)],
                     colour, part, smooth=False)]  # fmt: skip
    if sp.foot == "trotter":
        h = max(1.6, 0.45 * w)
        return [blob([(x - 0.5 * w, y), (x + 0.7 * w, y), (x + 0.45 * w, y + h), (x - 0.45 * w, y + h)],
                     colour, part, smooth=False)]  # fmt: skip
    leg_colour = sp.socks or sp.leg_colour or sp.coat
    if not near:
        leg_colour = shade(leg_colour, 0.82)
    if sp.foot == "pad":
        shapes = [oval(x, y + 0.22 * w, 0.62 * w, 0.24 * w, leg_colour, part)]
        for k in (-0.3, 0.0, 0.3):
            shapes.append(oval(x + k * w + 0.1 * w, y + 0.2 * w, 0.1 * w, 0.08 * w, IVORY, f"{part} nail"))
        return shapes
    return [oval(x + 0.25 * w, y + 0.3 * w, 0.78 * w, 0.32 * w, leg_colour, part)]
