"""Donut: seen from above at a slant; a ring of dough under icing with sprinkles, a hole in the middle."""

from builders.aipsych.objects.base import FRUIT, Figure, Pen

DOUGH = "#d3a062"
SPRINKLES = ("#f4efe2", "#6fa9d8", "#f1d15a", "#7bc47f")


def draw(pen: Pen) -> None:
    pen.part("ellipse", DOUGH, cx=70, cy=54, rx=64, ry=44)
    pen.body(
        "path",
        d="M14,48 Q16,10 70,8 Q124,10 126,48 Q120,66 110,58 Q100,80 86,68 Q72,86 58,70 Q42,82 32,62 "
        "Q20,70 14,48 Z",
    )
    pen.part("ellipse", DOUGH, cx=70, cy=44, rx=18, ry=11)
    for index, (x, y, angle) in enumerate(
        ((40, 30, 20), (96, 28, -30), (58, 20, 60), (84, 58, 10), (36, 52, -40), (106, 46, 45))
    ):
        pen.line(f"M{x},{y} l{6 if angle > 0 else -6},{4}", 3, SPRINKLES[index % len(SPRINKLES)])


FIGURE = Figure(
    "donut",
    140,
    104,
    draw,
    homes=FRUIT,
    colours=("pink", "brown", "white", "yellow", "orange", "red", "purple", "green", "blue"),
    metres=0.1,
    most=3,
)
