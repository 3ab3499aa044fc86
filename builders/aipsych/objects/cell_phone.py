"""Cell phone: a smartphone standing upright; a case around a screen with app tiles, a camera dot."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SURFACE

TILES = ("#5da0d8", "#6cc28a", "#f0b54a", "#e0776a")


def draw(pen: Pen) -> None:
    pen.body("rect", x=6, y=6, width=68, height=136, rx=12)
    pen.dark("rect", x=13, y=18, width=54, height=112, rx=4)
    for index in range(8):
        x, y = 18 + (index % 3) * 16, 26 + (index // 3) * 16
        pen.part("rect", TILES[index % len(TILES)], x=x, y=y, width=11, height=11, rx=3, stroke_width=1)
    pen.dark("circle", cx=40, cy=12, r=2.5)


FIGURE = Figure("cell phone", 80, 148, draw, homes={"table_top": (SURFACE,)}, metres=0.15)
