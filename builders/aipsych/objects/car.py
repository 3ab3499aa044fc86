"""Car: side view facing right; body, cabin with two windows, two wheels."""

from builders.aipsych.objects.base import VEHICLE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body(
        "path",
        d="M8,64 L8,50 Q9,41 22,39 L50,36 L66,14 Q68,12 72,12 L118,12 Q123,12 126,15 L146,36 "
        "L164,40 Q174,43 174,52 L174,64 Q174,70 168,70 L14,70 Q8,70 8,64 Z",
    )
    pen.glass("path", d="M67,19 L93,19 L93,34 L56,34 Z")
    pen.glass("path", d="M100,19 L121,19 L137,34 L100,34 Z")
    pen.line("M96,38 L96,64", 2)
    pen.light("rect", x=162, y=46, width=8, height=6, rx=2)
    for x in (46, 136):
        pen.dark("circle", cx=x, cy=70, r=15)
        pen.light("circle", cx=x, cy=70, r=5)


FIGURE = Figure("car", 180, 90, draw, homes=VEHICLE, metres=4.4, most=3)
