"""Butterfly: seen from above; four rounded wings with spots, a slim body and two antennae."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import AIR


def draw(pen: Pen) -> None:
    pen.body("path", d="M68,56 Q30,2 10,20 Q-2,40 24,62 Q44,70 68,64 Z")
    pen.body("path", d="M72,56 Q110,2 130,20 Q142,40 116,62 Q96,70 72,64 Z")
    pen.body("path", d="M68,66 Q34,70 26,94 Q32,116 54,104 Q66,92 68,74 Z")
    pen.body("path", d="M72,66 Q106,70 114,94 Q108,116 86,104 Q74,92 72,74 Z")
    for cx, cy, r in ((34, 34, 8), (106, 34, 8), (44, 92, 5), (96, 92, 5)):
        pen.light("circle", cx=cx, cy=cy, r=r)
    pen.dark("ellipse", cx=70, cy=68, rx=6, ry=30)
    pen.line("M68,40 Q60,22 52,16 M72,40 Q80,22 88,16", 2)


FIGURE = Figure(
    "butterfly",
    140,
    118,
    draw,
    homes={"park": (AIR,), "sky": (AIR,)},
    colours=("red", "orange", "yellow", "green", "blue", "purple", "pink", "white", "brown", "black"),
    metres=0.09,
)
