"""Floor lamp: a tall thin stand on a round foot, a drum shade on top, a glow beneath it."""

from builders.aipsych.objects.base import FURNITURE, Figure, Pen

METAL = "#4f4f52"


def draw(pen: Pen) -> None:
    pen.part("rect", METAL, x=37, y=60, width=6, height=140)
    pen.part("ellipse", METAL, cx=40, cy=202, rx=26, ry=6)
    pen.part("ellipse", "#fff1c4", cx=40, cy=66, rx=26, ry=6)
    pen.body("path", d="M8,62 L18,6 L62,6 L72,62 Z")


FIGURE = Figure("floor lamp", 80, 212, draw, homes=FURNITURE, size=0.95)
