"""Frying pan: seen from a slant; a round shallow pan with a dark cooking surface and a long handle."""

from builders.aipsych.objects.base import KITCHENWARE, Figure, Pen

HANDLE = "#3a3230"


def draw(pen: Pen) -> None:
    pen.part("path", HANDLE, d="M118,46 L188,34 Q194,36 192,44 L120,62 Z")
    pen.body("path", d="M6,44 Q6,12 66,12 Q126,12 126,44 L122,62 Q118,84 66,84 Q14,84 10,62 Z")
    pen.dark("ellipse", cx=66, cy=40, rx=52, ry=20)


FIGURE = Figure(
    "frying pan",
    196,
    88,
    draw,
    homes=KITCHENWARE,
    colours=("black", "gray", "silver", "red"),
    metres=0.5,
    most=1,
)
