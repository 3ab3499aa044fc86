"""A pair of sports shoes seen from the side, each carrying the emblem, on a court, road, floor or pitch.

The left shoe (image left) points left and the right one points right, so both
show their outer side and their emblem; the prompts ask about the left shoe.
Each shoe is drawn in a local frame (heel at x = 0, toe at x = 300, ground at
y = 0, y up) and mapped onto the 800 x 600 canvas. The upper is one flat colour
that appears nowhere else in the scene and the emblem sits inside it with a
margin, so the emblem's elements are islands of the emblem colour in the upper.
The canonical edition centres the pair and the ball; a fresh edition draws how
far off centre the pair stands and where the ball lies.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from collections.abc import Callable

from builders.core.curves import Point, smooth_d
from builders.core.errors import RenderError
from builders.core.hashing import rng_for
from builders.core.svg import Canvas, points, sub
from builders.vlmbias.logos import emblems
from builders.vlmbias.logos.brands import Brand

WIDTH, HEIGHT = 800, 600
SHOE_LENGTH = 300.0
SCALE = 1.02  # canvas units per local unit
GAP = 64.0  # canvas units between the two heels
FLOOR_Y = 470.0  # canvas y of the ground under the shoes
EMBLEM_MARGIN = 6.0  # local units between the emblem and the upper's edge
SIDE_MARGIN = 24.0  # canvas units a fresh edition keeps between the pair and the image's sides
BALL_RADIUS = 34


@dataclasses.dataclass(frozen=True)
class ShoePalette:
    """Colours of one shoe colourway; `upper` and `emblem` appear nowhere else in the scene."""

    upper: str
    emblem: str
    emblem_name: str  # as the prompts name it ("white", "black")
    midsole: str
    outsole: str
    laces: str
    lining: str
    accent: str


PALETTES: dict[str, ShoePalette] = {
    "black": ShoePalette(
        "#1e1e1e", "#ffffff", "white", "#ececec", "#5a5a5a", "#7a7a7a", "#4a4a4a", "#8a8a8a"
    ),
    "red": ShoePalette("#c8202a", "#ffffff", "white", "#ececec", "#4a4a4a", "#2a2a2a", "#5a1014", "#2a2a2a"),
    "white": ShoePalette(
        "#f4f4f4", "#161616", "black", "#c9a46e", "#5a5a5a", "#bdbdbd", "#9a9a9a", "#b0b0b0"
    ),
}


@dataclasses.dataclass(frozen=True)
class Court:
    """A sport's background: wall (or sky) above the floor line, floor below it, and a ball."""

    wall: str
    floor: str
    floor_line: float  # canvas y where the floor starts
    ball: str
    ball_seam: str
    detail: str  # stripes or planks on the floor


COURTS: dict[str, Court] = {
    "tennis": Court("#2f6b4a", "#3a6db0", 250, "#d6e63c", "#f4f8e0", "#3466a6"),
    "running": Court("#bcd9ef", "#6b7075", 230, "#bcd9ef", "#bcd9ef", "#d8c040"),
    "basketball": Court("#4a5a78", "#d49a5a", 240, "#dd6e26", "#3a2418", "#c28a4c"),
    "soccer": Court("#9cc4e4", "#4f9a3c", 220, "#f2f2f2", "#262626", "#5aa846"),
}

#: Upper outlines (local units, above the sole) per sport: low tops, a high top, and a slim boot.
UPPERS: dict[str, tuple[Point, ...]] = {
    "low": (
        (4, 0),
        (-2, 40),
        (6, 90),
        (30, 100),
        (72, 82),
        (104, 98),
        (122, 91),
        (200, 67),
        (258, 48),
        (292, 27),
        (300, 4),
    ),
    "high": (
        (4, 0),
        (-4, 60),
        (2, 150),
        (36, 160),
        (78, 138),
        (104, 154),
        (124, 142),
        (200, 74),
        (258, 50),
        (292, 27),
        (300, 4),
    ),
    "boot": (
        (4, 0),
        (-2, 36),
        (6, 84),
        (30, 92),
        (72, 76),
        (104, 90),
        (122, 84),
        (200, 62),
        (258, 44),
        (292, 24),
        (300, 4),
    ),
}
SPORT_SHAPE = {"tennis": "low", "running": "low", "basketball": "high", "soccer": "boot"}
#: (heel, toe) midsole thickness per sport; soccer boots stand on studs instead.
MIDSOLE = {"tennis": (20, 16), "running": (36, 16), "basketball": (26, 18), "soccer": (8, 7)}
OUTSOLE = 8.0
STUDS = 10.0


@dataclasses.dataclass(frozen=True)
class ShoeGeometry:
    """One shoe in local units: sole heights, the upper's outline, and where the emblem goes."""

    sport: str
    lift: float  # stud height (soccer) under the outsole
    heel: float  # top of the midsole at the heel
    toe: float  # top of the midsole at the toe

    @property
    def upper(self) -> list[Point]:
        return [(x, self._sole_top(x) + y) for x, y in UPPERS[SPORT_SHAPE[self.sport]]] + [
            (x, self._sole_top(x)) for x in (296, 200, 100, 6)
        ]

    def _sole_top(self, x: float) -> float:
        return self.heel + (self.toe - self.heel) * max(0.0, min(1.0, x / SHOE_LENGTH))

    @property
    def emblem_centre(self) -> Point:
        x = 140.0
        return x, self._sole_top(x) + {"low": 36.0, "high": 42.0, "boot": 34.0}[SPORT_SHAPE[self.sport]]


def geometry(sport: str) -> ShoeGeometry:
    heel, toe = MIDSOLE[sport]
    lift = STUDS if sport == "soccer" else 0.0
    return ShoeGeometry(sport, lift, lift + OUTSOLE + heel, lift + OUTSOLE + toe)


def placement(brand: Brand, sport: str, colour: str, edition: int | None) -> tuple[float, float]:
    """Canvas x of the pair's centre and of the ball: both centred in the canonical edition; a fresh
    edition draws them per picture (a brand's unmodified picture shares its counterfactual's)."""
    if edition is None:
        return WIDTH // 2, WIDTH // 2
    rng = rng_for("vlmbias", "logos", brand.name, sport, colour, "placement", edition=edition)
    room = (WIDTH - 2 * SHOE_LENGTH * SCALE - GAP) / 2 - SIDE_MARGIN
    return WIDTH / 2 + rng.uniform(-room, room), rng.uniform(2 * BALL_RADIUS, WIDTH - 2 * BALL_RADIUS)


def draw_shoes(brand: Brand, sport: str, colour: str, count: int, edition: int | None = None) -> Canvas:
    """The pair of shoes on the sport's background, each with a `count`-element emblem."""
    court, palette = COURTS[sport], PALETTES[colour]
    middle, ball = placement(brand, sport, colour, edition)
    canvas = Canvas(WIDTH, HEIGHT)
    _background(canvas, sport, court, ball)
    shape = geometry(sport)
    width = SHOE_LENGTH * SCALE
    for side, left in (("left", middle - GAP / 2 - width), ("right", middle + GAP / 2)):
        mirror = side == "left"

        def place(p: Point, left: float = left, mirror: bool = mirror) -> Point:
            x = SHOE_LENGTH - p[0] if mirror else p[0]
            return left + x * SCALE, FLOOR_Y - p[1] * SCALE

        group = canvas.group(class_=f"shoe {side}")
        _shoe(group, shape, palette, place)
        _emblem(group, brand, shape, palette, place, count, mirror)
    return canvas


def _background(canvas: Canvas, sport: str, court: Court, ball: float) -> None:
    canvas.add("rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill=court.wall, class_="wall")
    if sport == "running":
        canvas.add(
            "rect", x=0, y=court.floor_line - 40, width=WIDTH, height=40, fill="#7fae5a", class_="verge"
        )
    canvas.add(
        "rect",
        x=0,
        y=court.floor_line,
        width=WIDTH,
        height=HEIGHT - court.floor_line,
        fill=court.floor,
        class_="floor",
    )
    details = canvas.group(class_="floor detail")
    if sport in ("basketball", "soccer"):
        step = 44 if sport == "basketball" else 70
        y = court.floor_line + step / 2
        while y < HEIGHT:
            sub(
                details,
                "rect",
                x=0,
                y=y,
                width=WIDTH,
                height=step / 2 if sport == "soccer" else 3,
                fill=court.detail,
            )
            y += step
    elif sport == "running":
        for x in range(-20, WIDTH, 160):
            sub(details, "rect", x=x, y=court.floor_line + 56, width=90, height=10, fill=court.detail)
    else:
        sub(details, "rect", x=0, y=court.floor_line + 30, width=WIDTH, height=8, fill="#d8e0a0")
        net = canvas.group(class_="net")
        sub(net, "rect", x=0, y=court.floor_line - 110, width=WIDTH, height=8, fill="#e8ecef")
        for x in range(0, WIDTH, 18):
            sub(net, "rect", x=x, y=court.floor_line - 104, width=2, height=104, fill="#1f3f2f")
    if sport != "running":
        cx, cy, r = ball, FLOOR_Y + 70, BALL_RADIUS
        sub(canvas.root, "circle", cx=cx, cy=cy, r=r, fill=court.ball, class_="ball")
        sub(
            canvas.root,
            "path",
            d=f"M{cx - r} {cy} Q{cx} {cy - 22} {cx + r} {cy}",
            fill="none",
            stroke=court.ball_seam,
            stroke_width=4,
            class_="ball seam",
        )


def _shoe(
    group: ET.Element, shape: ShoeGeometry, palette: ShoePalette, place: Callable[[Point], Point]
) -> None:
    lift, heel, toe = shape.lift, shape.heel, shape.toe
    if shape.sport == "soccer":
        for x in (30, 80, 175, 225, 270):
            stud = [(x - 7, lift), (x + 7, lift), (x + 5, 0), (x - 5, 0)]
            sub(
                group, "polygon", points=points([place(p) for p in stud]), fill=palette.outsole, class_="stud"
            )
    outsole = [
        (8, lift),
        (292, lift),
        (300, lift + 10),
        (300, lift + OUTSOLE + 4),
        (0, lift + OUTSOLE),
        (-2, lift + 4),
    ]
    sub(group, "path", d=smooth_d([place(p) for p in outsole]), fill=palette.outsole, class_="outsole")
    midsole = [
        (0, lift + OUTSOLE - 1),
        (300, lift + OUTSOLE + 3),
        (302, toe),
        (150, (heel + toe) / 2),
        (-3, heel),
    ]
    sub(group, "path", d=smooth_d([place(p) for p in midsole]), fill=palette.midsole, class_="midsole")
    upper = shape.upper
    sub(group, "path", d=smooth_d([place(p) for p in upper]), fill=palette.upper, class_="upper")
    collar = UPPERS[SPORT_SHAPE[shape.sport]]
    lining = [
        (collar[3][0], heel + collar[3][1] - 4),
        (collar[4][0], heel + collar[4][1] - 4),
        (collar[5][0] - 8, heel + collar[5][1] - 6),
        (collar[4][0], heel + collar[4][1] + 2),
    ]
    sub(group, "path", d=smooth_d([place(p) for p in lining]), fill=palette.lining, class_="lining")
    tab = [
        (collar[2][0] - 6, heel + collar[2][1] + 6),
        (collar[2][0] + 10, heel + collar[2][1] + 8),
        (collar[2][0] + 8, heel + collar[2][1] - 22),
        (collar[2][0] - 4, heel + collar[2][1] - 24),
    ]
    sub(group, "polygon", points=points([place(p) for p in tab]), fill=palette.accent, class_="heel tab")
    lace_top = [p for p in collar if 104 <= p[0] <= 200]
    start, end = lace_top[0], lace_top[-1]
    for k in range(5):
        t = (k + 0.5) / 5
        lace_x = start[0] + (end[0] - start[0]) * t
        lace_y = heel + start[1] + (end[1] - start[1]) * t + (toe - heel) * lace_x / SHOE_LENGTH
        lace = [
            (lace_x - 9, lace_y + 4),
            (lace_x + 9, lace_y + 6),
            (lace_x + 10, lace_y - 2),
            (lace_x - 8, lace_y - 4),
        ]
        sub(group, "polygon", points=points([place(p) for p in lace]), fill=palette.laces, class_="lace")


def _emblem(
    group: ET.Element,
    brand: Brand,
    shape: ShoeGeometry,
    palette: ShoePalette,
    place: Callable[[Point], Point],
    count: int,
    mirror: bool,
) -> None:
    """The emblem on the shoe's side, checked to lie inside the upper with a margin."""
    cx, cy = shape.emblem_centre
    if brand.emblem == "stripes":
        size = 52.0
        span = count * 0.16 * size + (count - 1) * 0.13 * size + emblems.STRIPE_SLANT * size
        box = (cx - span / 2, cy - size / 2, cx + span / 2, cy + size / 2)
    elif brand.emblem == "curves":
        size = 92.0
        half = 0.5 * emblems.CURVE_STEP * (count - 1) * size + 0.13 * size
        box = (cx - 0.52 * size, cy - half, cx + 0.52 * size, cy + half)
    else:
        raise RenderError(
            f"brand {brand.name!r} has a {brand.emblem} emblem, which is drawn on cars, not shoes"
        )
    _check_inside(box, shape.upper, brand.name, count)
    centre = place((cx, cy))
    emblem = sub(group, "g", class_=f"emblem {brand.emblem}")
    canvas_size = size * SCALE
    if brand.emblem == "stripes":
        emblems.stripes(emblem, centre[0], centre[1], canvas_size, count, palette.emblem, mirror)
    else:
        emblems.curves(emblem, centre[0], centre[1], canvas_size, count, palette.emblem, mirror)


def _check_inside(
    box: tuple[float, float, float, float], outline: list[Point], brand: str, count: int
) -> None:
    """RenderError unless the emblem's box lies inside the upper, `EMBLEM_MARGIN` from its edge."""
    x0, y0, x1, y1 = box
    for p in [(x0, y0), (x1, y0), (x1, y1), (x0, y1), ((x0 + x1) / 2, y1), ((x0 + x1) / 2, y0)]:
        if not _inside(p, outline) or _edge_distance(p, outline) < EMBLEM_MARGIN:
            raise RenderError(
                f"the {brand} emblem with {count} elements does not fit inside the shoe's upper"
            )


def _inside(p: Point, poly: list[Point]) -> bool:
    x, y = p
    inside = False
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _edge_distance(p: Point, poly: list[Point]) -> float:
    best = float("inf")
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy or 1.0)))
        best = min(best, ((p[0] - ax - t * dx) ** 2 + (p[1] - ay - t * dy) ** 2) ** 0.5)
    return best
