"""Candle: a pillar candle with a wick and a flame, wax dripping from its rim."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SHELF, SURFACE

FLAME, GLOW = "#f6c347", "#fff0b8"


def draw(pen: Pen) -> None:
    pen.body("path", d="M12,50 Q12,42 40,42 Q68,42 68,50 L68,142 L12,142 Z")
    pen.body(
        "path", d="M12,50 Q12,64 18,66 Q22,54 28,58 Q32,70 38,62 Q44,52 50,64 Q56,70 60,56 Q66,60 68,50 Z"
    )
    pen.line("M40,42 L40,32", 2.5)
    pen.part("path", FLAME, d="M40,4 Q52,20 46,30 Q40,36 34,30 Q28,20 40,4 Z")
    pen.part("path", GLOW, d="M40,16 Q45,24 42,29 Q40,31 38,29 Q35,24 40,16 Z", stroke_width=0)


FIGURE = Figure(
    "candle",
    80,
    146,
    draw,
    homes={"table_top": (SURFACE,), "living_room": (SHELF,), "kitchen": (SHELF,)},
    metres=0.2,
    most=3,
)
