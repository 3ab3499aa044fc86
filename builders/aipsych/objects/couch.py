"""Couch: front view; back cushions, seat cushions, two armrests, feet."""

from builders.aipsych.objects.base import FURNITURE, Figure, Pen


def draw(pen: Pen) -> None:
    for x in (20, 162):
        pen.dark("rect", x=x, y=92, width=8, height=12)
    pen.body("rect", x=22, y=12, width=146, height=52, rx=10)
    pen.body("rect", x=22, y=58, width=146, height=28, rx=6)
    pen.line("M95,16 L95,56", 2)
    pen.line("M95,60 L95,84", 2)
    pen.body("rect", x=6, y=40, width=28, height=56, rx=10)
    pen.body("rect", x=156, y=40, width=28, height=56, rx=10)


FIGURE = Figure("couch", 190, 110, draw, homes=FURNITURE, metres=1.9, most=1)
