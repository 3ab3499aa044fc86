"""Truck: a box truck, side view facing right; cargo box, cab with a window, three wheels."""

from builders.aipsych.objects.base import VEHICLE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.dark("rect", x=6, y=74, width=180, height=10, rx=3)
    pen.body("rect", x=6, y=8, width=116, height=68, rx=3)
    pen.line("M10,20 L118,20", 2)
    pen.body(
        "path", d="M126,78 L126,28 Q126,22 132,22 L158,22 Q164,22 168,28 L182,50 Q186,55 186,62 L186,78 Z"
    )
    pen.glass("path", d="M134,30 L157,30 L171,50 L134,50 Z")
    pen.line("M140,58 L150,58", 2)
    pen.light("rect", x=178, y=64, width=7, height=6, rx=2)
    for x in (34, 66, 156):
        pen.dark("circle", cx=x, cy=84, r=14)
        pen.light("circle", cx=x, cy=84, r=5)


FIGURE = Figure("truck", 190, 102, draw, homes=VEHICLE, metres=7.5, most=3)
