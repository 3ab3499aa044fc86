"""Watering can: a round-shouldered can with a long spout and rose, a top handle."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, SHELF


def draw(pen: Pen) -> None:
    pen.band("M40,42 Q40,8 80,8 Q118,8 118,42", 12)
    pen.body("path", d="M114,84 L170,34 L176,40 L120,96 Z")
    pen.body("path", d="M164,30 L184,20 L190,40 L176,48 Z")
    pen.body("path", d="M26,130 L26,60 Q26,40 50,40 L110,40 Q130,40 130,60 L130,130 Z")
    pen.line("M26,70 L130,70", 2)


FIGURE = Figure(
    "watering can",
    196,
    134,
    draw,
    homes={"park": (GROUND,), "living_room": (SHELF,)},
    metres=0.5,
)
