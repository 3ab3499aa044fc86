"""Skateboard: seen from above and the side; a long deck with kicked-up ends on two trucks and four wheels."""

from builders.aipsych.objects.base import OUTDOOR_GROUND, Figure, Pen

WHEEL = "#e9ddb0"


def draw(pen: Pen) -> None:
    for cx in (46, 62, 138, 154):
        pen.part("ellipse", WHEEL, cx=cx, cy=52, rx=8, ry=9)
    pen.dark("rect", x=42, y=40, width=24, height=8, rx=2)
    pen.dark("rect", x=134, y=40, width=24, height=8, rx=2)
    pen.body("path", d="M6,22 Q8,10 26,18 L174,18 Q192,10 194,22 Q192,44 174,38 L26,38 Q8,44 6,22 Z")
    pen.dark("rect", x=30, y=22, width=140, height=8, rx=4, fill_opacity=0.35)


FIGURE = Figure("skateboard", 200, 66, draw, homes=OUTDOOR_GROUND, size=0.25)
