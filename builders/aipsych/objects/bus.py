"""Bus: side view facing right; long body with a row of windows, windscreen, two wheels."""

from builders.aipsych.objects.base import VEHICLE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("rect", x=6, y=10, width=188, height=78, rx=10)
    for x in (18, 50, 82, 114):
        pen.glass("rect", x=x, y=20, width=26, height=26, rx=3)
    pen.glass("rect", x=152, y=20, width=34, height=36, rx=3)
    pen.line("M146,20 L146,84", 2)
    pen.light("circle", cx=184, cy=74, r=4)
    for x in (44, 156):
        pen.dark("circle", cx=x, cy=88, r=16)
        pen.light("circle", cx=x, cy=88, r=6)


FIGURE = Figure("bus", 200, 110, draw, homes=VEHICLE, metres=12, most=3)
