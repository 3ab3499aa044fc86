"""Book: a closed hardback standing upright; cover, spine, page block, title lines."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SHELF, SURFACE


def draw(pen: Pen) -> None:
    pen.light("rect", x=22, y=16, width=100, height=128, rx=3)
    pen.line("M116,26 L116,134", 1.5)
    pen.body("rect", x=8, y=8, width=106, height=128, rx=4)
    pen.body("rect", x=8, y=8, width=20, height=128, rx=4)
    pen.dark("rect", x=46, y=38, width=50, height=7, rx=2)
    pen.dark("rect", x=54, y=52, width=34, height=5, rx=2)


FIGURE = Figure(
    "book",
    130,
    150,
    draw,
    homes={"table_top": (SURFACE,), "living_room": (SHELF,), "kitchen": (SHELF,)},
    metres=0.25,
    most=3,
)
