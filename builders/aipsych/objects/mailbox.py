"""Mailbox: a street collection box; round-topped body with a pull-down slot, on four short legs."""

from builders.aipsych.objects.base import PAVED, Figure, Pen


def draw(pen: Pen) -> None:
    for x in (18, 30, 80, 92):
        pen.dark("rect", x=x, y=122, width=8, height=24, rx=2)
    pen.body("path", d="M12,126 L12,48 Q12,8 60,8 Q108,8 108,48 L108,126 Z")
    pen.body("rect", x=26, y=36, width=68, height=16, rx=4)
    pen.dark("rect", x=32, y=41, width=56, height=6, rx=2)
    pen.light("rect", x=36, y=66, width=48, height=20, rx=3)
    pen.line("M18,110 L102,110", 2)


FIGURE = Figure(
    "mailbox",
    120,
    150,
    draw,
    homes=PAVED,
    colours=("blue", "red", "green", "black", "gray", "silver", "white", "yellow"),
    metres=1.25,
    most=1,
)
