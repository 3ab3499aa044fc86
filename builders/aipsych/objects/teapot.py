"""Teapot: a round pot with a lid and knob, a curved spout and a handle."""

from builders.aipsych.objects.base import TABLEWARE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.band("M126,62 Q150,64 146,86 Q142,104 122,104", 14)
    pen.body("path", d="M34,74 Q14,62 6,40 L16,38 Q24,56 42,64 Z")
    pen.body("path", d="M30,76 Q30,40 76,38 Q122,40 122,76 Q122,114 76,116 Q30,114 30,76 Z")
    pen.body("path", d="M48,42 Q50,24 76,24 Q102,24 104,42 Z")
    pen.body("circle", cx=76, cy=18, r=8)
    pen.line("M34,80 L118,80", 2)


FIGURE = Figure("teapot", 156, 120, draw, homes=TABLEWARE, metres=0.25)
