"""Traffic light: a signal head with red, amber and green lamps under visors, on a post of its colour."""

from builders.aipsych.objects.base import PAVED, Figure, Pen

LAMPS = ("#e2463a", "#f0b43a", "#3fb86a")


def draw(pen: Pen) -> None:
    pen.body("rect", x=29, y=112, width=16, height=60)
    pen.dark("rect", x=20, y=170, width=34, height=6, rx=2)
    pen.body("rect", x=10, y=6, width=54, height=110, rx=10)
    for index, lamp in enumerate(LAMPS):
        cy = 26 + index * 34
        pen.dark("path", d=f"M18,{cy - 4} Q37,{cy - 22} 56,{cy - 4} L52,{cy - 8} Q37,{cy - 17} 22,{cy - 8} Z")
        pen.part("circle", lamp, cx=37, cy=cy + 2, r=11)


FIGURE = Figure(
    "traffic light",
    74,
    180,
    draw,
    homes=PAVED,
    colours=("black", "yellow", "gray", "green", "silver"),
    metres=3,
)
