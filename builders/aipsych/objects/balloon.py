"""Balloon: a party balloon; an oval with a knot and a curling string, and a small shine."""

from builders.aipsych.objects.base import FLYING, Figure, Pen


def draw(pen: Pen) -> None:
    pen.line("M50,106 Q40,124 52,138 Q62,152 48,164", 2)
    pen.body("path", d="M44,106 L56,106 L52,98 L48,98 Z")
    pen.body("ellipse", cx=50, cy=52, rx=42, ry=48)


FIGURE = Figure("balloon", 100, 168, draw, homes=FLYING, metres=0.55, most=3)
