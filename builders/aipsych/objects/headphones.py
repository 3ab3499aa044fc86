"""Headphones: over-ear; a padded headband arching over two round cups with cushions."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SHELF, SURFACE


def draw(pen: Pen) -> None:
    pen.band("M26,94 Q20,18 80,16 Q140,18 134,94", 16)
    for x in (8, 112):
        pen.dark("rect", x=x + 14, y=78, width=12, height=20, rx=4)
        pen.body("rect", x=x, y=88, width=40, height=56, rx=16)
        pen.dark("rect", x=x + (30 if x < 80 else 0), y=94, width=10, height=44, rx=5)


FIGURE = Figure(
    "headphones", 160, 150, draw, homes={"table_top": (SURFACE,), "living_room": (SHELF,)}, metres=0.2
)
