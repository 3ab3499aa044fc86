"""Table lamp: a round base and a short stem under a wide tapering shade."""

from builders.aipsych.objects.base import DESK_THING, Figure, Pen

BRASS = "#b39a62"


def draw(pen: Pen) -> None:
    pen.part("ellipse", BRASS, cx=60, cy=142, rx=34, ry=8)
    pen.part("path", BRASS, d="M52,140 Q50,112 56,90 L64,90 Q70,112 68,140 Z")
    pen.part("ellipse", "#fff1c4", cx=60, cy=86, rx=36, ry=6)
    pen.body("path", d="M18,84 L34,10 L86,10 L102,84 Z")


FIGURE = Figure("table lamp", 120, 154, draw, homes=DESK_THING, metres=0.5, most=1)
