"""Bowl: seen slightly from above; rim, body and foot."""

from builders.aipsych.objects.base import TABLEWARE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("rect", x=60, y=74, width=50, height=10, rx=2)
    pen.body("path", d="M8,30 Q12,76 60,80 L110,80 Q158,76 162,30 Z")
    pen.body("ellipse", cx=85, cy=30, rx=77, ry=13)
    pen.body("ellipse", cx=85, cy=31, rx=66, ry=8)


FIGURE = Figure("bowl", 170, 90, draw, homes=TABLEWARE, metres=0.2)
