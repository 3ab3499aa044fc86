"""Hot air balloon: a tall envelope with gores, ropes down to a wicker basket."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import AIR

WICKER = "#a6794a"


def draw(pen: Pen) -> None:
    pen.line("M44,110 L58,146 M96,110 L82,146", 2)
    pen.body("path", d="M70,6 Q134,6 134,64 Q134,96 100,116 L40,116 Q6,96 6,64 Q6,6 70,6 Z")
    for curve in (
        "M70,6 Q44,50 52,116",
        "M70,6 Q96,50 88,116",
        "M70,6 Q16,40 24,100",
        "M70,6 Q124,40 116,100",
    ):
        pen.line(curve, 2)
    pen.part("rect", WICKER, x=52, y=144, width=36, height=24, rx=3)
    pen.line("M54,154 L86,154", 1.5)


FIGURE = Figure("hot air balloon", 140, 172, draw, homes={"sky": (AIR,), "park": (AIR,)}, metres=22, most=3)
