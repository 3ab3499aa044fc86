"""Armchair: front view; a high back, two rolled arms, a seat cushion, short wooden feet."""

from builders.aipsych.objects.base import FURNITURE, Figure, Pen

WOOD = "#6e5038"


def draw(pen: Pen) -> None:
    for x in (22, 114):
        pen.part("rect", WOOD, x=x, y=120, width=12, height=16, rx=2)
    pen.body("path", d="M26,96 L26,20 Q26,6 40,6 L110,6 Q124,6 124,20 L124,96 Z")
    pen.body("rect", x=24, y=82, width=102, height=42, rx=6)
    pen.body("path", d="M6,60 Q6,46 20,46 Q34,46 34,60 L34,124 L6,124 Z")
    pen.body("path", d="M116,60 Q116,46 130,46 Q144,46 144,60 L144,124 L116,124 Z")
    pen.line("M38,98 L112,98", 2)


FIGURE = Figure("armchair", 150, 140, draw, homes=FURNITURE, metres=0.95, most=1)
