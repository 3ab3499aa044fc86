"""Trash can: a round bin with a domed lid and handle, ribbed sides."""

from builders.aipsych.objects.base import OUTDOOR_GROUND, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("path", d="M14,34 L86,34 L80,126 Q80,130 76,130 L24,130 Q20,130 20,126 Z")
    for x in (34, 50, 66):
        pen.line(f"M{x},44 L{x + (x - 50) * 0.08:.1f},120", 2)
    pen.body("path", d="M8,36 Q8,18 50,16 Q92,18 92,36 Z")
    pen.body("rect", x=40, y=6, width=20, height=10, rx=3)


FIGURE = Figure("trash can", 100, 134, draw, homes=OUTDOOR_GROUND, metres=1, most=3)
