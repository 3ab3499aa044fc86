"""The five emblems, drawn by our own geometry: each is made of countable elements.

Every emblem draws `count` elements in one colour inside a box given by its
centre and size (canvas units), so an element is added by changing one
number. They are stylised shapes (parallel bars, crescents, a star in a ring,
a row of rings, a trident), not copies of any trademark artwork.

- stripes: parallel slanted bars, separate from each other;
- curves: stacked crescent-shaped swooshes, separate from each other;
- star: a ring with a star whose points touch it, splitting it into `count` sectors;
- rings: a row of overlapping rings (the centre line crosses 2 x `count` ring edges);
- trident: prongs with spear tips on a crossbar above a shaft (a row below the tips crosses `count` prongs).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from builders.core.curves import Point, bezier, smooth_d, variable_ribbon
from builders.core.svg import points, sub


def _polygon(parent: ET.Element, pts: list[Point], fill: str, part: str) -> None:
    sub(parent, "polygon", points=points(pts), fill=fill, class_=part)


STRIPE_SLANT = 0.4  # horizontal lean of a stripe per unit of height
CURVE_STEP = 0.28  # vertical distance between stacked curves per unit of length


def stripes(
    parent: ET.Element, cx: float, cy: float, size: float, count: int, fill: str, mirror: bool
) -> None:
    """`count` parallel bars slanting back from the lacing towards the sole, `size` tall."""
    width, gap = 0.16 * size, 0.13 * size
    slant = STRIPE_SLANT * size * (-1 if mirror else 1)  # the bars' tops lean towards the toe
    span = count * width + (count - 1) * gap
    for k in range(count):
        x0 = cx - span / 2 + k * (width + gap) - slant / 2
        bar = [
            (x0, cy + size / 2),
            (x0 + width, cy + size / 2),
            (x0 + width + slant, cy - size / 2),
            (x0 + slant, cy - size / 2),
        ]
        _polygon(parent, bar, fill, f"emblem stripe stripe-{k + 1}")


def curves(
    parent: ET.Element, cx: float, cy: float, size: float, count: int, fill: str, mirror: bool
) -> None:
    """`count` stacked crescent swooshes, each `size` long, pointing to the heel."""
    step = CURVE_STEP * size
    for k in range(count):
        y = cy + (k - (count - 1) / 2) * step
        sign = -1 if mirror else 1
        # centreline from the heel (thin end) down to the belly, then up to a short hook at the toe
        line = bezier(
            (cx - sign * 0.5 * size, y - 0.12 * size),
            (cx - sign * 0.1 * size, y + 0.1 * size),
            (cx + sign * 0.25 * size, y + 0.1 * size),
            (cx + sign * 0.5 * size, y - 0.08 * size),
            16,
        )
        widths = [0.05 * size + 0.08 * size * math.sin(math.pi * min(1.0, 1.15 * i / 16)) for i in range(17)]
        outline = variable_ribbon(line, widths)
        sub(parent, "path", d=smooth_d(outline), fill=fill, class_=f"emblem curve curve-{k + 1}")


def star(parent: ET.Element, cx: float, cy: float, radius: float, count: int, fill: str) -> None:
    """A ring of `radius` holding a star whose `count` points touch it (first point up)."""
    stroke = 0.1 * radius
    sub(
        parent,
        "circle",
        cx=cx,
        cy=cy,
        r=radius - stroke / 2,
        fill="none",
        stroke=fill,
        stroke_width=stroke,
        class_="emblem ring",
    )
    tip, waist = radius - 0.5 * stroke, 0.17 * radius
    blunt = math.degrees(0.06 * radius / tip)  # half-angle of a point's blunt end, which merges into the ring
    outline = []
    for k in range(count):
        angle = -90 + 360 * k / count
        outline.append(_at(cx, cy, tip, angle - blunt))
        outline.append(_at(cx, cy, tip, angle + blunt))
        outline.append(_at(cx, cy, waist, angle + 180 / count))
    _polygon(parent, outline, fill, f"emblem star points-{count}")


def rings(parent: ET.Element, cx: float, cy: float, radius: float, count: int, fill: str) -> None:
    """`count` overlapping rings of outer `radius` in a row centred on (cx, cy)."""
    stroke, step = 0.17 * radius, 1.45 * radius
    for k in range(count):
        x = cx + (k - (count - 1) / 2) * step
        sub(
            parent,
            "circle",
            cx=x,
            cy=cy,
            r=radius - stroke / 2,
            fill="none",
            stroke=fill,
            stroke_width=stroke,
            class_=f"emblem ring ring-{k + 1}",
        )


def rings_width(radius: float, count: int) -> float:
    """Width of a row of `count` rings."""
    return 2 * radius + (count - 1) * 1.45 * radius


def trident(parent: ET.Element, cx: float, cy: float, height: float, count: int, fill: str) -> None:
    """A trident `height` tall centred on (cx, cy) with `count` prongs on its crossbar."""
    top, bottom = cy - height / 2, cy + height / 2
    bar_y = top + 0.5 * height
    shaft = 0.07 * height
    pitch = trident_pitch(height)
    half = (count - 1) * pitch / 2
    _polygon(
        parent,
        [
            (cx - shaft / 2, bar_y),
            (cx + shaft / 2, bar_y),
            (cx + shaft * 0.35, bottom),
            (cx - shaft * 0.35, bottom),
        ],
        fill,
        "emblem shaft",
    )
    _polygon(
        parent,
        [
            (cx - half - shaft / 2, bar_y - shaft * 0.5),
            (cx + half + shaft / 2, bar_y - shaft * 0.5),
            (cx + half + shaft / 2, bar_y + shaft * 0.7),
            (cx - half - shaft / 2, bar_y + shaft * 0.7),
        ],
        fill,
        "emblem crossbar",
    )
    _polygon(
        parent,
        [
            (cx - 0.12 * height, bar_y + 0.1 * height),
            (cx + 0.12 * height, bar_y + 0.1 * height),
            (cx + 0.09 * height, bar_y + 0.16 * height),
            (cx - 0.09 * height, bar_y + 0.16 * height),
        ],
        fill,
        "emblem guard",
    )
    for k in range(count):
        x = cx - half + k * pitch
        tip_y = top + (0.0 if k == (count - 1) / 2 else 0.06 * height)
        head = tip_y + 0.16 * height
        _polygon(
            parent,
            [
                (x - shaft * 0.4, bar_y),
                (x + shaft * 0.4, bar_y),
                (x + shaft * 0.4, head),
                (x - shaft * 0.4, head),
            ],
            fill,
            f"emblem prong prong-{k + 1}",
        )
        barb = 0.09 * height
        _polygon(
            parent,
            [
                (x, tip_y),
                (x + barb, head + 0.03 * height),
                (x + shaft * 0.4, head - 0.01 * height),
                (x - shaft * 0.4, head - 0.01 * height),
                (x - barb, head + 0.03 * height),
            ],
            fill,
            f"emblem tip tip-{k + 1}",
        )


def trident_pitch(height: float) -> float:
    """Distance between neighbouring prongs: the spear tips never touch."""
    return 0.26 * height


def trident_width(height: float, count: int) -> float:
    """Width of a trident with `count` prongs, tips included."""
    return (count - 1) * trident_pitch(height) + 0.18 * height


def _at(cx: float, cy: float, r: float, degrees: float) -> Point:
    return cx + r * math.cos(math.radians(degrees)), cy + r * math.sin(math.radians(degrees))
