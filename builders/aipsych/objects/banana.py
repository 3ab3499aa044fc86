"""Banana: a curved fruit with a dark stalk end and a small dark tip."""

from builders.aipsych.objects.base import FRUIT, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("path", d="M14,26 Q24,104 96,106 Q146,106 166,66 L158,58 Q134,80 98,78 Q46,74 34,22 Z")
    pen.line("M26,42 Q44,96 112,96", 2)
    pen.dark("path", d="M14,28 L16,10 L32,10 L34,24 Z")
    pen.dark("circle", cx=163, cy=62, r=5)


FIGURE = Figure(
    "banana", 170, 118, draw, homes=FRUIT, colours=("yellow", "green", "brown"), metres=0.2, most=3
)
