"""Scissors: lying open; two big looped handles and two steel blades crossing at a pivot."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SURFACE

STEEL = "#b7bcc2"


def draw(pen: Pen) -> None:
    pen.part("path", STEEL, d="M70,56 L176,14 L180,20 L78,66 Z")
    pen.part("path", STEEL, d="M70,64 L176,104 L172,110 L66,74 Z")
    pen.body("path", d="M72,50 Q58,22 34,20 Q8,20 8,40 Q10,62 36,62 Q58,62 72,58 Z")
    pen.body("path", d="M72,70 Q58,96 34,100 Q8,100 8,80 Q10,58 36,58 Q58,58 72,62 Z")
    pen.light("ellipse", cx=36, cy=40, rx=16, ry=10)
    pen.light("ellipse", cx=36, cy=80, rx=16, ry=10)
    pen.dark("circle", cx=76, cy=60, r=5)


FIGURE = Figure("scissors", 186, 116, draw, homes={"table_top": (SURFACE,)}, metres=0.2)
