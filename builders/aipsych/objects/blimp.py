"""Blimp: an airship, side view facing right; a long envelope with tail fins and a gondola."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import AIR


def draw(pen: Pen) -> None:
    pen.body("path", d="M20,40 L6,14 L34,26 Z")
    pen.body("path", d="M20,60 L6,86 L34,74 Z")
    pen.dark("rect", x=96, y=78, width=44, height=16, rx=6)
    pen.glass("rect", x=102, y=82, width=30, height=7, rx=2)
    pen.body("ellipse", cx=108, cy=50, rx=94, ry=32)
    pen.line("M40,50 L196,50", 1.5)


FIGURE = Figure("blimp", 206, 100, draw, homes={"sky": (AIR,), "street": (AIR,)}, metres=65)
