"""Camera: a compact camera from the front; a body with a raised top, a big lens, a flash and a button."""

from builders.aipsych.objects.base import DESK_THING, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("path", d="M40,24 L54,10 L90,10 L104,24 Z")
    pen.dark("rect", x=118, y=14, width=20, height=10, rx=3)
    pen.body("rect", x=6, y=24, width=148, height=88, rx=10)
    pen.dark("circle", cx=80, cy=68, r=34)
    pen.glass("circle", cx=80, cy=68, r=22)
    pen.light("rect", x=18, y=34, width=22, height=14, rx=3)


FIGURE = Figure(
    "camera",
    160,
    118,
    draw,
    homes=DESK_THING,
    colours=("black", "silver", "gray", "red", "white", "blue", "pink", "brown"),
    metres=0.14,
)
