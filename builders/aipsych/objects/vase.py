"""Vase: narrow neck, flared lip, round body, a painted band."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SHELF, SURFACE


def draw(pen: Pen) -> None:
    pen.body(
        "path",
        d="M38,12 L62,12 Q58,16 57,22 Q56,32 58,40 Q92,62 90,102 Q88,138 66,152 L34,152 "
        "Q12,138 10,102 Q8,62 42,40 Q44,32 43,22 Q42,16 38,12 Z",
    )
    pen.body("rect", x=32, y=6, width=36, height=9, rx=3)
    pen.line("M16,96 Q33,86 50,96 Q67,106 84,96", 2.5)


FIGURE = Figure(
    "vase",
    100,
    160,
    draw,
    homes={"kitchen": (SURFACE, SHELF), "table_top": (SURFACE,), "living_room": (SHELF,)},
    metres=0.3,
)
