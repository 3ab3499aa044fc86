"""Toaster: a rounded box with two bread slots (toast peeking out), a lever and a dial."""

from builders.aipsych.objects.base import KITCHENWARE, Figure, Pen

TOAST, CRUST = "#e2b978", "#a9733f"


def draw(pen: Pen) -> None:
    for x in (40, 90):
        pen.part("path", CRUST, d=f"M{x},44 L{x},20 Q{x},8 {x + 18},8 Q{x + 36},8 {x + 36},20 L{x + 36},44 Z")
        pen.part(
            "path",
            TOAST,
            d=f"M{x + 4},44 L{x + 4},22 Q{x + 4},13 {x + 18},13 Q{x + 32},13 {x + 32},22 L{x + 32},44 Z",
        )
    pen.dark("rect", x=12, y=110, width=16, height=8, rx=2)
    pen.dark("rect", x=132, y=110, width=16, height=8, rx=2)
    pen.body("path", d="M10,110 L10,56 Q10,34 34,34 L126,34 Q150,34 150,56 L150,110 Z")
    pen.dark("rect", x=38, y=32, width=40, height=6, rx=2)
    pen.dark("rect", x=88, y=32, width=40, height=6, rx=2)
    pen.dark("rect", x=132, y=56, width=18, height=8, rx=2)
    pen.light("circle", cx=40, cy=88, r=8)


FIGURE = Figure("toaster", 160, 122, draw, homes=KITCHENWARE, metres=0.3, most=1)
