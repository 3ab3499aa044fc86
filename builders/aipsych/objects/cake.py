"""Cake: a round layer cake on a plate; icing with drips on top, a cream line, a cherry."""

from builders.aipsych.objects.base import FRUIT, Figure, Pen

SPONGE, CHERRY = "#e5c591", "#b3262e"


def draw(pen: Pen) -> None:
    pen.light("ellipse", cx=80, cy=110, rx=74, ry=12)
    pen.part("path", SPONGE, d="M18,52 L18,100 Q80,116 142,100 L142,52 Z")
    pen.light("path", d="M18,76 Q80,90 142,76 L142,82 Q80,96 18,82 Z")
    pen.body(
        "path",
        d="M16,50 Q16,30 80,30 Q144,30 144,50 L144,60 Q136,70 128,60 Q118,74 106,62 Q92,76 80,64 "
        "Q66,76 54,62 Q42,74 32,60 Q24,70 16,60 Z",
    )
    pen.part("circle", CHERRY, cx=80, cy=24, r=9)
    pen.line("M80,16 Q84,6 92,4", 2)


FIGURE = Figure("cake", 160, 128, draw, homes=FRUIT, metres=0.25, most=1)
