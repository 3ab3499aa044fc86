"""Backpack: front view; carry loop, rounded body, zip, front pocket with zip pulls."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, PAVEMENT


def draw(pen: Pen) -> None:
    pen.band("M52,28 Q52,12 65,12 Q78,12 78,28", 12)
    pen.body("path", d="M22,52 Q22,22 65,22 Q108,22 108,52 L108,140 Q108,152 96,152 L34,152 Q22,152 22,140 Z")
    pen.line("M30,56 Q65,38 100,56", 2.5)
    pen.body("path", d="M36,96 L94,96 L94,132 Q94,140 86,140 L44,140 Q36,140 36,132 Z")
    pen.line("M40,106 L90,106", 2.5)
    for x in (50, 80):
        pen.dark("rect", x=x - 3, y=104, width=6, height=12, rx=2)


FIGURE = Figure(
    "backpack",
    130,
    160,
    draw,
    homes={"living_room": (GROUND,), "park": (GROUND,), "street": (PAVEMENT,)},
    metres=0.5,
)
