"""Guitar: an acoustic guitar standing upright; a waisted body with a sound hole, a neck and a head."""

from builders.aipsych.objects.base import FURNITURE, Figure, Pen

NECK = "#6b4a32"


def draw(pen: Pen) -> None:
    pen.part("rect", NECK, x=35, y=18, width=12, height=96)
    pen.part("path", NECK, d="M32,22 L30,4 L52,4 L50,22 Z")
    for y in (8, 14):
        pen.dark("circle", cx=27, cy=y, r=2.5)
        pen.dark("circle", cx=55, cy=y, r=2.5)
    pen.body(
        "path",
        d="M41,96 Q70,92 72,122 Q72,136 64,142 Q80,154 78,176 Q74,204 41,204 Q8,204 4,176 Q2,154 18,142 "
        "Q10,136 10,122 Q12,92 41,96 Z",
    )
    pen.dark("circle", cx=41, cy=140, r=11)
    pen.dark("rect", x=29, y=174, width=24, height=6, rx=2)
    for x in (37, 41, 45):
        pen.line(f"M{x},20 L{x},176", 0.8, "#d6d0c2")


FIGURE = Figure("guitar", 82, 208, draw, homes=FURNITURE, metres=1, most=1)
