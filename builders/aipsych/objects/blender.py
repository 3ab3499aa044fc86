"""Blender: a glass jug with a lid on a motor base with buttons."""

from builders.aipsych.objects.base import KITCHENWARE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("path", d="M14,170 L20,118 L86,118 L92,170 Z")
    for x in (34, 53, 72):
        pen.light("circle", cx=x, cy=146, r=6)
    pen.band("M84,44 Q106,48 104,76 Q102,100 86,102", 12)
    pen.glass("path", d="M22,20 L84,20 L78,116 L28,116 Z")
    pen.line("M30,86 L76,86", 1.5)
    pen.dark("rect", x=18, y=8, width=70, height=14, rx=4)


FIGURE = Figure("blender", 112, 176, draw, homes=KITCHENWARE, metres=0.42, most=1)
