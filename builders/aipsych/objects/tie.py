"""Tie: a necktie hung by its loop from a wooden peg on the wall; knot and long pointed blade."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import WALL

PEG, PEG_EDGE = "#9b7655", "#6d5039"


def draw(pen: Pen) -> None:
    pen.part("rect", PEG_EDGE, x=22, y=6, width=36, height=8, rx=3)
    pen.body("path", d="M30,14 Q40,6 50,14 L48,34 L32,34 Z")
    pen.body("path", d="M32,32 L48,32 L62,140 L40,162 L18,140 Z")
    pen.part("circle", PEG, cx=40, cy=12, r=7)
    pen.line("M33,36 L47,36", 2)


FIGURE = Figure("tie", 80, 170, draw, homes={"living_room": (WALL,)}, metres=0.7, most=1)
