"""Playing cards: a numbered card with corner indices and suit pips, a joker, or a blank card."""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.core.svg import sub
from builders.visage.colours import family
from builders.visage.drawing import Drawer, Measured, Point, Role, presence
from builders.visage.drawings.primitives import circle, polygon, rect, text

WIDTH, HEIGHT = 44.0, 62.0
SUITS = {"hearts": "red_ink", "diamonds": "red_ink", "spades": "black_ink", "clubs": "black_ink"}
#: Pip rows (y in card units) and columns for ranks 2-10.
LAYOUTS: dict[int, tuple[Point, ...]] = {
    2: ((0, -18), (0, 18)),
    3: ((0, -18), (0, 0), (0, 18)),
    4: ((-9, -18), (9, -18), (-9, 18), (9, 18)),
    5: ((-9, -18), (9, -18), (0, 0), (-9, 18), (9, 18)),
    6: ((-9, -18), (9, -18), (-9, 0), (9, 0), (-9, 18), (9, 18)),
    7: ((-9, -18), (9, -18), (0, -9), (-9, 0), (9, 0), (-9, 18), (9, 18)),
    8: ((-9, -18), (9, -18), (0, -9), (-9, 0), (9, 0), (0, 9), (-9, 18), (9, 18)),
}


@dataclasses.dataclass(frozen=True)
class Variant:
    face: str = "number"  # number | joker | blank


@dataclasses.dataclass(frozen=True)
class Geometry:
    face: str
    suit: str
    rank: int


ROLES = (
    Role("card", family("white", "ivory")),
    Role("red_ink", family("red")),
    Role("black_ink", family("black")),
    Role("joker_ink", family("purple", "blue", "green")),
    Role("accent", family("yellow", "orange")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    return Geometry(face=variant.face, suit=rng.choice(sorted(SUITS)), rank=rng.randrange(2, 9))


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    rect(parent, -WIDTH / 2, -HEIGHT / 2, WIDTH, HEIGHT, colours["card"], r=3.5)
    if g.face == "number":
        ink = colours[SUITS[g.suit]]
        for corner in (1, -1):
            group = sub(parent, "g", transform=f"rotate({0 if corner == 1 else 180})")
            text(group, str(g.rank), (-16.5, -24.5), 7.5, ink)
            _suit(group, g.suit, (-16.5, -17.5), 2.6, ink)
        for x, y in LAYOUTS[g.rank]:
            _suit(parent, g.suit, (x, y), 4.6, ink)
    elif g.face == "joker":
        ink = colours["joker_ink"]
        for corner in (1, -1):
            group = sub(parent, "g", transform=f"rotate({0 if corner == 1 else 180})")
            for k, letter in enumerate("JOKER"):
                text(group, letter, (-17.5, -25.5 + k * 5.2), 4.8, ink)
        # A jester's cap: three drooping points with bells, over a band.
        polygon(parent, [(-12, 8), (-15, -10), (-4, 2), (0, -16), (4, 2), (15, -10), (12, 8)], ink)
        for bell in ((-15.0, -10.0), (0.0, -16.0), (15.0, -10.0)):
            circle(parent, bell, 2.4, colours["accent"])
        rect(parent, -13, 8, 26, 5, colours["accent"], r=1.5)


def _suit(parent: ET.Element, suit: str, centre: Point, size: float, fill: str) -> None:
    x, y = centre
    s = size
    if suit == "diamonds":
        polygon(parent, [(x, y - 1.3 * s), (x + s, y), (x, y + 1.3 * s), (x - s, y)], fill)
    elif suit == "hearts":
        circle(parent, (x - 0.5 * s, y - 0.35 * s), 0.55 * s, fill)
        circle(parent, (x + 0.5 * s, y - 0.35 * s), 0.55 * s, fill)
        polygon(parent, [(x - 1.02 * s, y - 0.15 * s), (x + 1.02 * s, y - 0.15 * s), (x, y + 1.1 * s)], fill)
    elif suit == "spades":
        circle(parent, (x - 0.5 * s, y + 0.25 * s), 0.55 * s, fill)
        circle(parent, (x + 0.5 * s, y + 0.25 * s), 0.55 * s, fill)
        polygon(parent, [(x - 1.02 * s, y + 0.1 * s), (x + 1.02 * s, y + 0.1 * s), (x, y - 1.1 * s)], fill)
        polygon(parent, [(x, y + 0.3 * s), (x + 0.45 * s, y + 1.2 * s), (x - 0.45 * s, y + 1.2 * s)], fill)
    else:
        for dx, dy in ((0, -0.5), (-0.55, 0.2), (0.55, 0.2)):
            circle(parent, (x + dx * s, y + dy * s), 0.5 * s, fill)
        polygon(parent, [(x, y + 0.1 * s), (x + 0.45 * s, y + 1.2 * s), (x - 0.45 * s, y + 1.2 * s)], fill)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"suit": Measured(int(g.face == "number"), presence(("red_ink", "black_ink"), min_area=6))}


DRAWER = Drawer("card", ROLES, geometry, draw, measures)
