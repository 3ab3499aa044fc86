"""Kite: a diamond with cross sticks and a tail with two bows."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import AIR


def draw(pen: Pen) -> None:
    pen.line("M65,118 Q48,134 64,148 Q80,160 70,166", 2.5)
    pen.body("polygon", points="65,6 120,56 65,118 10,56")
    pen.line("M65,8 L65,116", 2.5)
    pen.line("M12,56 L118,56", 2.5)
    for x, y in ((56, 134), (74, 156)):
        pen.body(
            "path",
            d=f"M{x - 9},{y - 6} L{x},{y} L{x - 9},{y + 6} Z M{x + 9},{y - 6} L{x},{y} L{x + 9},{y + 6} Z",
        )


FIGURE = Figure("kite", 130, 170, draw, homes={"sky": (AIR,), "park": (AIR,)}, metres=1.1, most=3)
