"""Bench: a park bench, front view; two backrest slats and a seat on dark iron legs."""

from builders.aipsych.objects.base import OUTDOOR_GROUND, Figure, Pen


def draw(pen: Pen) -> None:
    for x in (32, 160):
        pen.dark("rect", x=x, y=14, width=8, height=90, rx=2)
    pen.body("rect", x=12, y=10, width=176, height=14, rx=3)
    pen.body("rect", x=12, y=30, width=176, height=14, rx=3)
    pen.body("rect", x=6, y=58, width=188, height=16, rx=3)


FIGURE = Figure(
    "bench",
    200,
    110,
    draw,
    homes=OUTDOOR_GROUND,
    colours=("brown", "green", "red", "blue", "black", "gray", "white", "silver"),
    metres=1.8,
    most=3,
)
