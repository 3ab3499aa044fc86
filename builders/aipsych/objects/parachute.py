"""Parachute: a domed canopy with scalloped edge and panels, lines down to a small jumper."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import AIR

SUIT = "#5f6b78"


def draw(pen: Pen) -> None:
    for x in (12, 44, 76, 108, 140):
        pen.line(f"M{x},62 L76,138", 1.5)
    pen.body("path", d="M8,62 Q8,6 76,6 Q144,6 144,62 Q128,54 112,62 Q94,52 76,62 Q58,52 40,62 Q24,54 8,62 Z")
    for x in (40, 76, 112):
        pen.line(f"M76,8 Q{x},30 {x},58", 2)
    pen.part("circle", "#e9c9a6", cx=76, cy=134, r=7)
    pen.part("rect", SUIT, x=68, y=140, width=16, height=22, rx=5)
    pen.line("M70,160 L64,172 M82,160 L88,172", 4, SUIT)


FIGURE = Figure("parachute", 152, 176, draw, homes={"sky": (AIR,), "park": (AIR,)}, metres=9, most=3)
