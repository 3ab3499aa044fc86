"""Bottle: a round-shouldered bottle with a cap."""

from builders.aipsych.objects.base import TABLEWARE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body(
        "path",
        d="M28,14 L42,14 L42,40 Q42,50 52,60 Q60,68 60,80 L60,146 Q60,154 52,154 L18,154 "
        "Q10,154 10,146 L10,80 Q10,68 18,60 Q28,50 28,40 Z",
    )
    pen.dark("rect", x=25, y=4, width=20, height=14, rx=2)
    pen.light("rect", x=17, y=84, width=7, height=52, rx=3.5)


FIGURE = Figure(
    "bottle",
    70,
    160,
    draw,
    homes=TABLEWARE,
    colours=("red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "white", "silver"),
    metres=0.3,
    most=3,
)
