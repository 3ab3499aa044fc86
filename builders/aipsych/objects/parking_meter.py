"""Parking meter: a rounded head with a display window and coin slot, on a post of the same colour."""

from builders.aipsych.objects.base import STREET_GROUND, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("rect", x=28, y=70, width=16, height=80)
    pen.dark("rect", x=18, y=148, width=36, height=8, rx=2)
    pen.body("path", d="M8,76 L8,30 Q8,6 36,6 Q64,6 64,30 L64,76 Q64,82 58,82 L14,82 Q8,82 8,76 Z")
    pen.glass("rect", x=16, y=20, width=40, height=24, rx=6)
    pen.dark("rect", x=30, y=56, width=12, height=4, rx=1)
    pen.light("circle", cx=50, cy=68, r=4)


FIGURE = Figure(
    "parking meter",
    72,
    160,
    draw,
    homes=STREET_GROUND,
    colours=("gray", "silver", "black", "blue", "green", "yellow", "red"),
    size=0.6,
)
