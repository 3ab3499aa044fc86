"""Scooter: a kick scooter, side view; low deck, upright stem with a T handlebar, two small wheels."""

from builders.aipsych.objects.base import OUTDOOR_GROUND, Figure, Pen


def draw(pen: Pen) -> None:
    pen.band("M112,110 L100,26", 16)
    pen.line("M80,22 L124,22", 8)
    pen.body("path", d="M12,98 L118,98 Q128,98 128,108 L128,116 L22,118 Q10,118 10,108 Z")
    pen.body("path", d="M14,104 Q6,94 12,86 L20,90 Q18,96 24,104 Z")
    for cx in (26, 118):
        pen.dark("circle", cx=cx, cy=124, r=12)
        pen.light("circle", cx=cx, cy=124, r=4)


FIGURE = Figure("scooter", 140, 140, draw, homes=OUTDOOR_GROUND, metres=1, most=3)
