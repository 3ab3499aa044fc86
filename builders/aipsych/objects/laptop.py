"""Laptop: open, seen from the front and a little above; a lid with its screen, a keyboard deck."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import SURFACE


def draw(pen: Pen) -> None:
    pen.body("path", d="M30,8 L150,8 Q156,8 156,14 L156,92 L24,92 L24,14 Q24,8 30,8 Z")
    pen.glass("rect", x=34, y=18, width=112, height=66, rx=2)
    pen.body("path", d="M20,94 L160,94 L176,124 Q176,128 170,128 L10,128 Q4,128 4,124 Z")
    for row in range(3):
        y = 100 + row * 7
        inset = 30 - row * 4
        pen.dark(
            "path",
            d=f"M{inset},{y} L{180 - inset},{y} L{181 - inset},{y + 4} L{inset - 1},{y + 4} Z",
            fill_opacity=0.55,
        )
    pen.dark("rect", x=72, y=121, width=36, height=5, rx=2, fill_opacity=0.45)


FIGURE = Figure(
    "laptop",
    180,
    132,
    draw,
    homes={"table_top": (SURFACE,)},
    colours=("silver", "gray", "black", "white", "red", "blue", "pink", "purple"),
    metres=0.34,
    most=1,
)
