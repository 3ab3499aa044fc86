"""Baby stroller: a pram; a deep body under a folding hood, a push bar, four wheels seen as two."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, PAVEMENT


def draw(pen: Pen) -> None:
    pen.line("M120,74 L138,22 L150,22", 6)
    pen.line("M46,112 L70,92 M108,112 L90,92", 4)
    pen.body("path", d="M18,62 L124,62 Q124,100 86,104 L56,104 Q18,100 18,62 Z")
    pen.body("path", d="M18,64 Q16,12 70,10 L72,64 Z")
    pen.line("M70,12 L34,60 M70,12 L52,62", 2)
    for cx in (40, 112):
        pen.dark("circle", cx=cx, cy=128, r=16)
        pen.light("circle", cx=cx, cy=128, r=6)


FIGURE = Figure(
    "baby stroller",
    156,
    148,
    draw,
    homes={"street": (PAVEMENT,), "park": (GROUND,), "living_room": (GROUND,)},
    metres=1,
)
