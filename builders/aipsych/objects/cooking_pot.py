"""Cooking pot: a stock pot with a lid and knob, two side handles."""

from builders.aipsych.objects.base import KITCHENWARE, Figure, Pen


def draw(pen: Pen) -> None:
    for x in (6, 140):
        pen.dark("rect", x=x, y=44, width=24, height=10, rx=4)
    pen.body("path", d="M24,40 L146,40 L140,118 Q140,124 134,124 L36,124 Q30,124 30,118 Z")
    pen.body("path", d="M18,40 Q20,20 85,18 Q150,20 152,40 Z")
    pen.dark("rect", x=74, y=6, width=22, height=12, rx=5)
    pen.line("M30,52 L140,52", 2)


FIGURE = Figure("cooking pot", 170, 128, draw, homes=KITCHENWARE, metres=0.35, most=1)
