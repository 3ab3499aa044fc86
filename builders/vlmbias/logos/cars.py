"""The front of a car on a road, with the brand's emblem on a badge in its grille.

Five body types (sedan, SUV, hatchback, coupe, convertible) in three paints
(white, grey, black); the grille and headlights follow the brand. The emblem is
chrome on a navy badge, a colour used nowhere else, so the badge and the
emblem's elements can be found from pixels alone. The canonical edition centres
the car on the road; a fresh edition draws how far off centre it stands and
where the roadside trees grow.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

from builders.core.curves import Point, smooth_d
from builders.core.errors import RenderError
from builders.core.hashing import rng_for
from builders.core.svg import Canvas, points, sub
from builders.vlmbias.logos import emblems
from builders.vlmbias.logos.brands import Brand

WIDTH, HEIGHT = 800, 600
CX = 400.0
ZOOM = 1.16
BADGE = "#14286b"  # navy: appears only on the badge
CHROME = "#e4e8ec"  # the emblem
PAINTS = {"white": "#eef0f2", "grey": "#8d939a", "black": "#1d1f23"}
GLASS, TYRE, TRIM = "#2f3a48", "#161718", "#2a2c30"
TREES = (40, 110, 680, 750)  # canvas x of the canonical roadside trees
SIDE_MARGIN = 24.0  # canvas units a fresh edition keeps between the car and the image's sides


@dataclasses.dataclass(frozen=True)
class Body:
    """Front-view proportions of a body type (canvas units)."""

    width: float  # body width at the fenders
    bottom: float  # lower edge of the bumper
    belt: float  # top of the fenders / bottom of the windscreen
    roof: float  # top of the roof (convertibles: top of the windscreen frame)
    roof_width: float  # as a fraction of `width`
    open_top: bool = False
    rails: bool = False


BODIES: dict[str, Body] = {
    "sedan": Body(540, 500, 336, 226, 0.62),
    "suv": Body(570, 492, 300, 170, 0.8, rails=True),
    "hatchback": Body(510, 500, 330, 200, 0.72),
    "coupe": Body(560, 504, 352, 262, 0.56),
    "convertible": Body(550, 504, 350, 282, 0.7, open_top=True),
}


def placement(
    brand: Brand, body_type: str, colour: str, edition: int | None
) -> tuple[float, tuple[float, ...]]:
    """Canvas x of the car's centre line and of the trees: the canonical ones, or a fresh edition's draw
    per picture (a brand's unmodified picture shares its counterfactual's)."""
    if edition is None:
        return CX, TREES
    rng = rng_for("vlmbias", "logos", brand.name, body_type, colour, "placement", edition=edition)
    room = (WIDTH - BODIES[body_type].width * ZOOM) / 2 - 30 * ZOOM - SIDE_MARGIN  # 30: the tyres' overhang
    centre = CX + rng.uniform(-room, room)
    return centre, tuple(
        sorted(rng.uniform(*side) for side in ((20, 300), (20, 300), (500, 780), (500, 780)))
    )


def draw_car(brand: Brand, body_type: str, colour: str, count: int, edition: int | None = None) -> Canvas:
    """The car on its road, its emblem drawn with `count` elements."""
    body, paint = BODIES[body_type], PAINTS[colour]
    centre, trees = placement(brand, body_type, colour, edition)
    canvas = Canvas(WIDTH, HEIGHT)
    _background(canvas, trees)
    # The car is drawn for a ground line at y = 520 and enlarged about its centre line to fill the frame.
    car = canvas.group(
        class_=f"car {body_type} {colour}",
        transform=f"translate({centre} 548) scale({ZOOM}) translate({-CX} -520)",
    )
    _body(car, body, paint)
    _face(car, brand, body, paint, count)
    return canvas


def _background(canvas: Canvas, trees: tuple[float, ...]) -> None:
    horizon = 290
    canvas.add("rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill="#cfe3f3", class_="sky")
    hills = [
        (0, horizon),
        (0, horizon - 40),
        (200, horizon - 70),
        (420, horizon - 45),
        (640, horizon - 80),
        (800, horizon - 50),
        (800, horizon),
    ]
    canvas.add(
        "path",
        d=smooth_d(hills[1:-1], closed=False) + f" L800 {horizon} L0 {horizon} Z",
        fill="#a6c49a",
        class_="hills",
    )
    for x in trees:
        canvas.add("ellipse", cx=x, cy=horizon - 30, rx=34, ry=44, fill="#4f7a46", class_="tree")
    canvas.add("rect", x=0, y=horizon, width=WIDTH, height=HEIGHT - horizon, fill="#86b35e", class_="verge")
    road = [(CX - 60, horizon), (CX + 60, horizon), (WIDTH + 220, HEIGHT), (-220, HEIGHT)]
    canvas.add("polygon", points=points(road), fill="#6d7176", class_="road")
    for y0, y1, w in ((300, 318, 4), (340, 372, 7), (404, 452, 11), (540, 600, 20)):
        canvas.add(
            "polygon",
            points=points([(CX - w / 2, y0), (CX + w / 2, y0), (CX + w, y1), (CX - w, y1)]),
            fill="#e8d44a",
            class_="lane",
        )


def _mirror(pts: list[Point]) -> list[Point]:
    """Points and their mirror image across the car's centre line, as one closed outline."""
    return pts + [(2 * CX - x, y) for x, y in reversed(pts)]


def _body(car: ET.Element, body: Body, paint: str) -> None:
    w, bottom, belt = body.width / 2, body.bottom, body.belt
    sub(car, "ellipse", cx=CX, cy=bottom + 16, rx=w + 30, ry=18, fill="#3e4246", class_="shadow")
    for side in (-1, 1):
        x = CX + side * (w - 48)
        sub(car, "rect", x=x - 30, y=bottom - 40, width=60, height=58, rx=10, fill=TYRE, class_="tyre")
    roof_w = body.roof_width * w
    cabin = [(CX - 0.86 * w, belt + 4), (CX - roof_w, body.roof + 18), (CX - roof_w + 26, body.roof)]
    if not body.open_top:
        sub(car, "path", d=smooth_d(_mirror(cabin)), fill=paint, class_="cabin")
    glass = [(CX - 0.8 * w, belt - 2), (CX - roof_w + 14, body.roof + 22), (CX - roof_w + 32, body.roof + 12)]
    sub(car, "polygon", points=points(_mirror(glass)), fill=GLASS, class_="windscreen")
    shine = [
        (CX - 0.5 * w, belt - 6),
        (CX - 0.2 * w, body.roof + 18),
        (CX - 0.08 * w, body.roof + 18),
        (CX - 0.38 * w, belt - 6),
    ]
    sub(car, "polygon", points=points(shine), fill="#46556a", class_="reflection")
    if body.open_top:
        frame = [
            (CX - 0.8 * w, belt - 2),
            (CX - roof_w + 14, body.roof + 22),
            (CX - roof_w + 32, body.roof + 12),
        ]
        sub(
            car,
            "polyline",
            points=points(_mirror(frame)),
            fill="none",
            stroke=TRIM,
            stroke_width=7,
            class_="windscreen frame",
        )
        for side in (-1, 1):
            sub(
                car,
                "rect",
                x=CX + side * 0.3 * w - 30,
                y=belt - 62,
                width=60,
                height=44,
                rx=14,
                fill="#4a3a30",
                class_="headrest",
            )
    if body.rails:
        for side in (-1, 1):
            sub(
                car,
                "rect",
                x=CX + side * (roof_w - 40) - 20,
                y=body.roof - 8,
                width=40,
                height=8,
                fill=TRIM,
                class_="roof rail",
            )
    for side in (-1, 1):
        x = CX + side * (0.86 * w + 14)
        sub(
            car,
            "ellipse",
            cx=x,
            cy=belt - 8,
            rx=24,
            ry=15,
            fill=paint,
            stroke=TRIM,
            stroke_width=3,
            class_="mirror",
        )
    shell = [
        (CX - w + 14, bottom),
        (CX - w - 4, bottom - 60),
        (CX - w + 2, belt + 30),
        (CX - w + 30, belt),
        (CX - 0.45 * w, belt - 6),
        (CX - 0.15 * w, belt - 10),
    ]
    sub(car, "path", d=smooth_d(_mirror(shell)), fill=paint, class_="body")
    bumper = [(CX - w + 40, bottom - 8), (CX - w + 30, bottom - 34), (CX - 0.5 * w, bottom - 40)]
    sub(car, "path", d=smooth_d(_mirror(bumper)), fill=TRIM, class_="bumper intake")


def _face(car: ET.Element, brand: Brand, body: Body, paint: str, count: int) -> None:
    """Headlights, grille, plate and the badge with the emblem."""
    w, belt, bottom = body.width / 2, body.belt, body.bottom
    lamp_y = belt + 34
    for side in (-1, 1):
        lamp = [
            (CX + side * 0.9 * w, lamp_y - 18),
            (CX + side * 0.5 * w, lamp_y - 8),
            (CX + side * 0.46 * w, lamp_y + 12),
            (CX + side * 0.86 * w, lamp_y + 10),
        ]
        sub(car, "path", d=smooth_d(lamp), fill="#e9eef4", stroke=TRIM, stroke_width=4, class_="headlight")
        sub(
            car,
            "polyline",
            points=points([(CX + side * 0.86 * w, lamp_y - 10), (CX + side * 0.55 * w, lamp_y - 2)]),
            fill="none",
            stroke="#ffffff",
            stroke_width=4,
            class_="daylight",
        )
    gy = belt + 62
    plate_y = bottom - 50
    if brand.emblem == "rings":
        radius = 24.0
        grille = [(CX - 0.4 * w, belt + 26), (CX - 0.46 * w, gy + 20), (CX - 0.38 * w, plate_y + 8)]
        _grille(car, _mirror(grille), vertical=True, top=belt + 26, bottom=plate_y + 8, half=0.46 * w)
        badge_w = emblems.rings_width(radius, count) + 30
        cy = belt + 56
        _check_fits(badge_w, 2 * w * 0.8, brand, count)
        sub(
            car,
            "rect",
            x=CX - badge_w / 2,
            y=cy - radius - 12,
            width=badge_w,
            height=2 * radius + 24,
            rx=14,
            fill=BADGE,
            class_="badge",
        )
        emblems.rings(sub(car, "g", class_="emblem rings"), CX, cy, radius, count, CHROME)
        badge_bottom = cy + radius + 12
    elif brand.emblem == "star":
        grille = [(CX - 0.4 * w, gy - 36), (CX - 0.42 * w, gy + 34)]
        _grille(car, _mirror(grille), vertical=False, top=gy - 36, bottom=gy + 34, half=0.42 * w)
        sub(car, "circle", cx=CX, cy=gy, r=47, fill=BADGE, class_="badge")
        emblems.star(sub(car, "g", class_="emblem star"), CX, gy, 38, count, CHROME)
        badge_bottom = gy + 47
    elif brand.emblem == "trident":
        grille = [(CX - 0.34 * w, gy - 30), (CX - 0.4 * w, gy + 10), (CX - 0.3 * w, gy + 48)]
        _grille(car, _mirror(grille), vertical=True, top=gy - 30, bottom=gy + 48, half=0.4 * w)
        height = 76.0
        rx = emblems.trident_width(height, count) / 2 + 16
        _check_fits(2 * rx, 0.8 * w, brand, count)
        sub(car, "ellipse", cx=CX, cy=gy - 4, rx=rx, ry=height / 2 + 13, fill=BADGE, class_="badge")
        emblems.trident(sub(car, "g", class_="emblem trident"), CX, gy - 4, height, count, CHROME)
        badge_bottom = gy - 4 + height / 2 + 13
    else:
        raise RenderError(
            f"brand {brand.name!r} has a {brand.emblem} emblem, which is drawn on shoes, not cars"
        )
    plate_y = max(plate_y, badge_bottom + 8)
    if plate_y + 28 > bottom - 4:
        raise RenderError(
            f"the {brand.name} badge leaves no room for the plate on a {body.width:.0f} wide car"
        )
    sub(
        car,
        "rect",
        x=CX - 58,
        y=plate_y,
        width=116,
        height=28,
        rx=4,
        fill="#f1f1ea",
        stroke=TRIM,
        stroke_width=3,
        class_="plate",
    )


def _grille(
    car: ET.Element, outline: list[Point], vertical: bool, top: float, bottom: float, half: float
) -> None:
    sub(car, "path", d=smooth_d(outline), fill="#222428", class_="grille")
    bars = sub(car, "g", class_="grille bars")
    if vertical:
        x = CX - half + 18
        while x < CX + half - 14:
            sub(bars, "rect", x=x, y=top + 10, width=4, height=bottom - top - 20, fill="#5c6168")
            x += 22
    else:
        for y in (top + 22, bottom - 26):
            sub(bars, "rect", x=CX - half + 14, y=y, width=2 * half - 28, height=5, fill="#8a9098")


def _check_fits(width: float, room: float, brand: Brand, count: int) -> None:
    if width > room:
        raise RenderError(f"the {brand.name} badge with {count} elements is wider than the car's grille")
