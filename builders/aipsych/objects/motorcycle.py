"""Motorcycle: side view facing right; fuel tank, seat, fairing and mudguards, engine, two wheels."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import PAVEMENT, ROAD


def draw(pen: Pen) -> None:
    for cx in (42, 164):
        pen.dark("circle", cx=cx, cy=100, r=32)
        pen.light("circle", cx=cx, cy=100, r=14)
        pen.dark("circle", cx=cx, cy=100, r=5)
    pen.line("M164,100 L146,42", 7)
    pen.line("M42,100 L92,86", 7)
    pen.dark("rect", x=78, y=70, width=46, height=34, rx=6)
    pen.line("M84,96 Q60,110 30,108", 5, "#8a8d91")
    pen.body("path", d="M12,86 Q14,62 42,60 Q64,60 72,80 L60,80 Q54,70 42,70 Q24,70 22,86 Z")
    pen.body("path", d="M150,80 Q158,66 176,68 Q190,72 192,88 L182,88 Q178,78 166,78 Q158,78 156,84 Z")
    pen.dark("path", d="M44,58 Q70,48 96,56 L92,64 L48,66 Z")
    pen.body("path", d="M88,62 Q92,40 122,38 Q142,38 146,56 L132,72 L94,72 Z")
    pen.body("path", d="M140,30 L158,26 Q170,40 164,58 L146,62 Z")
    pen.light("circle", cx=163, cy=40, r=5)
    pen.line("M140,26 L130,18", 5)


FIGURE = Figure("motorcycle", 200, 136, draw, homes={"street": (ROAD, PAVEMENT)}, metres=2.1, most=3)
