"""Suitcase: upright, handle on top, two ribs, two wheels."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, PAVEMENT


def draw(pen: Pen) -> None:
    pen.line("M62,30 L62,14 Q62,10 66,10 L94,10 Q98,10 98,14 L98,30", 6)
    for x in (28, 132):
        pen.dark("circle", cx=x, cy=126, r=8)
    pen.body("rect", x=8, y=28, width=144, height=94, rx=10)
    for x in (44, 116):
        pen.line(f"M{x},32 L{x},118", 3)


FIGURE = Figure(
    "suitcase", 160, 140, draw, homes={"living_room": (GROUND,), "street": (PAVEMENT,)}, metres=0.7
)
