"""Skateboard: seen from above and the side; a broad deck with kicked-up ends on trucks and four wheels."""

from builders.aipsych.objects.base import OUTDOOR_GROUND, Figure, Pen

WHEEL = "#e9ddb0"


def draw(pen: Pen) -> None:
    for cx in (46, 62, 138, 154):
        pen.part("ellipse", WHEEL, cx=cx, cy=56, rx=8, ry=9)
    pen.dark("rect", x=42, y=44, width=24, height=8, rx=2)
    pen.dark("rect", x=134, y=44, width=24, height=8, rx=2)
    pen.body("path", d="M6,20 Q8,4 28,12 L172,12 Q192,4 194,20 Q192,48 172,42 L28,42 Q8,48 6,20 Z")
    for x in (30, 164):
        pen.line(f"M{x},20 L{x},34", 2)


FIGURE = Figure("skateboard", 200, 70, draw, homes=OUTDOOR_GROUND, metres=0.8)
