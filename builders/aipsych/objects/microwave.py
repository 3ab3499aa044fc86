"""Microwave: a box with a dark glass door and a control panel with buttons and a dial."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SURFACE


def draw(pen: Pen) -> None:
    pen.dark("rect", x=16, y=110, width=14, height=8, rx=2)
    pen.dark("rect", x=170, y=110, width=14, height=8, rx=2)
    pen.body("rect", x=6, y=8, width=188, height=104, rx=8)
    pen.dark("rect", x=18, y=20, width=120, height=80, rx=6)
    pen.glass("rect", x=28, y=30, width=100, height=60, rx=4)
    pen.dark("rect", x=152, y=22, width=32, height=14, rx=2)
    for row in range(3):
        for column in range(2):
            pen.light("rect", x=152 + column * 18, y=44 + row * 13, width=13, height=8, rx=2)
    pen.light("circle", cx=168, cy=96, r=8)


FIGURE = Figure(
    "microwave",
    200,
    120,
    draw,
    homes={"kitchen": (SURFACE,)},
    colours=("white", "black", "silver", "gray", "red"),
    metres=0.5,
    most=1,
)
