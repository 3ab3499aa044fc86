"""Floor lamp: a tall thin stand on a round foot, a drum shade on top, a glow beneath it."""

from builders.aipsych.objects.base import FURNITURE, Figure, Pen

METAL = "#4f4f52"


def draw(pen: Pen) -> None:
    pen.part("rect", METAL, x=36, y=70, width=8, height=130)
    pen.part("ellipse", METAL, cx=40, cy=202, rx=26, ry=6)
    pen.part("ellipse", "#fff1c4", cx=40, cy=76, rx=32, ry=7)
    pen.body("path", d="M5,72 L16,5 L64,5 L75,72 Z")


FIGURE = Figure("floor lamp", 80, 212, draw, homes=FURNITURE, metres=1.4, most=1)
