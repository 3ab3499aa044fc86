"""Lawn mower: a push mower, side view; a low deck with its engine, wheels and a long handle."""

from builders.aipsych.objects.base import PARK_GROUND, Figure, Pen


def draw(pen: Pen) -> None:
    pen.line("M102,72 L150,10 L164,10", 6)
    pen.line("M140,24 L126,20", 4)
    pen.body("path", d="M14,100 L14,80 Q16,68 40,66 L104,66 Q122,68 124,84 L124,100 Z")
    pen.dark("rect", x=44, y=42, width=40, height=26, rx=6)
    pen.dark("rect", x=54, y=32, width=18, height=12, rx=3)
    for cx in (30, 110):
        pen.dark("circle", cx=cx, cy=104, r=14)
        pen.light("circle", cx=cx, cy=104, r=5)


FIGURE = Figure(
    "lawn mower",
    172,
    122,
    draw,
    homes=PARK_GROUND,
    colours=("red", "green", "orange", "yellow", "blue", "black", "gray", "silver"),
    metres=1.4,
    most=1,
)
