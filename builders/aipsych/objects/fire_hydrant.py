"""Fire hydrant: domed cap, collar, column with side outlets and a front cap, base."""

from builders.aipsych.objects.base import PAVED, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("rect", x=49, y=5, width=12, height=12, rx=2)
    pen.body("path", d="M30,40 Q30,14 55,14 Q80,14 80,40 Z")
    pen.body("rect", x=10, y=66, width=24, height=22, rx=3)
    pen.body("rect", x=76, y=66, width=24, height=22, rx=3)
    pen.body("rect", x=30, y=48, width=50, height=84)
    pen.body("rect", x=22, y=38, width=66, height=12, rx=3)
    pen.body("circle", cx=55, cy=78, r=12)
    pen.dark("circle", cx=55, cy=78, r=4)
    pen.body("rect", x=20, y=128, width=70, height=14, rx=3)


FIGURE = Figure(
    "fire hydrant",
    110,
    150,
    draw,
    homes=PAVED,
    colours=("red", "yellow", "silver", "green", "blue", "white", "orange"),
    metres=0.8,
    most=1,
)
