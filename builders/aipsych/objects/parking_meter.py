"""Parking meter: a rounded head with a display window and coin slot, on a post of the same colour."""

from builders.aipsych.objects.base import PAVED, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("rect", x=36, y=84, width=18, height=66)
    pen.dark("rect", x=26, y=148, width=38, height=8, rx=2)
    pen.body("path", d="M6,86 L6,34 Q6,6 45,6 Q84,6 84,34 L84,86 Q84,92 78,92 L12,92 Q6,92 6,86 Z")
    pen.glass("rect", x=18, y=22, width=54, height=26, rx=6)
    pen.dark("rect", x=38, y=62, width=14, height=4, rx=1)
    pen.light("circle", cx=66, cy=78, r=4)


FIGURE = Figure(
    "parking meter",
    90,
    160,
    draw,
    homes=PAVED,
    colours=("gray", "silver", "black", "blue", "green", "yellow", "red"),
    metres=1.5,
    most=1,
)
