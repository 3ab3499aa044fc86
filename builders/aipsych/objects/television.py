"""Television: a flat screen in its frame on a pedestal stand; the screen shows a dim landscape."""

from builders.aipsych.objects.base import FURNITURE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("path", d="M80,110 L66,110 L60,124 L100,124 L94,110 Z")
    pen.body("rect", x=6, y=6, width=148, height=96, rx=4)
    pen.dark("rect", x=17, y=17, width=126, height=74)
    pen.part("path", "#3b4a5a", d="M17,70 L50,46 L80,64 L110,38 L143,66 L143,91 L17,91 Z")


FIGURE = Figure(
    "television",
    160,
    128,
    draw,
    homes=FURNITURE,
    colours=("black", "silver", "gray", "white"),
    metres=1.2,
    most=1,
)
