"""Cup: a mug with a handle, seen slightly from above, with coffee inside."""

from builders.aipsych.objects.base import TABLEWARE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.band("M88,36 Q118,36 118,58 Q118,80 88,80", 16)
    pen.body("path", d="M14,18 L96,18 L92,92 Q92,100 84,100 L26,100 Q18,100 18,92 Z")
    pen.body("ellipse", cx=55, cy=18, rx=41, ry=8)
    pen.dark("ellipse", cx=55, cy=18, rx=33, ry=4.5)


FIGURE = Figure("cup", 130, 110, draw, homes=TABLEWARE, metres=0.12, most=3)
