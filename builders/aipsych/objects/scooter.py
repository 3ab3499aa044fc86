"""Scooter: a kick scooter, side view; low deck, upright stem with a T handlebar, two small wheels."""

from builders.aipsych.objects.base import OUTDOOR_GROUND, Figure, Pen


def draw(pen: Pen) -> None:
    pen.band("M112,112 L100,26", 13)
    pen.line("M82,22 L122,22", 7)
    pen.body("path", d="M14,104 L118,104 Q126,104 126,112 L126,116 L22,118 Q12,118 12,110 Z")
    pen.body("path", d="M14,104 Q6,94 12,86 L20,90 Q18,96 24,104 Z")
    for cx in (26, 118):
        pen.dark("circle", cx=cx, cy=124, r=12)
        pen.light("circle", cx=cx, cy=124, r=4)


FIGURE = Figure("scooter", 140, 140, draw, homes=OUTDOOR_GROUND, size=0.55)
