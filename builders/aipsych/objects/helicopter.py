"""Helicopter: side view facing right; a rounded cabin with a big window, tail boom, rotors and skids."""

from builders.aipsych.objects.base import FLYING, Figure, Pen


def draw(pen: Pen) -> None:
    pen.line("M20,14 L190,14", 5)
    pen.dark("rect", x=100, y=14, width=10, height=16)
    pen.line("M70,108 L80,92 M140,108 L130,92", 4)
    pen.line("M54,110 L160,110", 5)
    pen.body("path", d="M10,52 L84,60 L84,74 L10,62 Z")
    pen.body("path", d="M10,40 L24,40 L26,62 L10,62 Z")
    pen.dark("circle", cx=14, cy=42, r=9, fill_opacity=0.5)
    pen.body("path", d="M70,64 Q70,30 112,28 L140,28 Q186,30 188,70 Q188,96 150,98 L96,98 Q70,96 70,64 Z")
    pen.glass("path", d="M138,36 Q172,38 180,66 L138,66 Z")
    pen.glass("rect", x=104, y=40, width=24, height=22, rx=4)


FIGURE = Figure("helicopter", 196, 116, draw, homes=FLYING, metres=13, most=3)
