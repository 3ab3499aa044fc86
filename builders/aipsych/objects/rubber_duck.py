"""Rubber duck: a bath toy; a round body with a raised tail, a round head, a flat orange beak, one eye."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SHELF, SURFACE

BEAK = "#ef7d2d"


def draw(pen: Pen) -> None:
    pen.silhouette(
        (
            "path",
            {"d": "M8,62 Q4,40 22,48 Q30,56 44,60 L120,60 Q138,70 132,100 Q124,124 76,124 Q20,124 8,92 Z"},
        ),
        ("circle", {"cx": 96, "cy": 40, "r": 30}),
    )
    pen.part("path", BEAK, d="M120,40 Q146,40 150,50 Q140,58 122,56 Z")
    pen.dark("circle", cx=104, cy=32, r=5)
    pen.line("M52,84 Q76,100 100,84", 2.5)


FIGURE = Figure(
    "rubber duck",
    156,
    132,
    draw,
    homes={"table_top": (SURFACE,), "living_room": (SHELF,)},
    colours=("yellow", "orange", "pink", "red", "blue", "green", "white", "purple", "black"),
    metres=0.1,
)
