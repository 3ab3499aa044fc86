"""Pear: a fruit with a narrow top and round bottom, a stalk and a leaf."""

from builders.aipsych.objects.base import FRUIT, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body(
        "path",
        d="M56,22 Q78,22 80,50 Q82,70 98,90 Q110,112 90,132 Q70,146 50,144 Q20,142 12,116 Q8,92 30,68 "
        "Q36,54 36,42 Q38,22 56,22 Z",
    )
    pen.line("M56,24 Q58,12 64,6", 4, "#5a4030")
    pen.part("path", "#4f8f43", d="M62,12 Q84,2 96,14 Q80,24 62,12 Z")


FIGURE = Figure(
    "pear", 110, 150, draw, homes=FRUIT, colours=("green", "yellow", "brown", "red"), metres=0.12, most=3
)
