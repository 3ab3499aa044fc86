"""Tie: a necktie under a white shirt collar; knot and long pointed blade."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SURFACE


def draw(pen: Pen) -> None:
    pen.body("path", d="M32,32 L48,32 L62,140 L40,162 L18,140 Z")
    pen.light("path", d="M6,6 L30,10 L34,30 L10,22 Z")
    pen.light("path", d="M74,6 L50,10 L46,30 L70,22 Z")
    pen.body("path", d="M27,9 L53,9 L48,34 L32,34 Z")


FIGURE = Figure("tie", 80, 170, draw, homes={"table_top": (SURFACE,)}, size=0.45)
