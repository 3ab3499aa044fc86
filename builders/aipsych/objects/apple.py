"""Apple: the fruit with a stem, a leaf and a small highlight."""

from builders.aipsych.objects.base import FRUIT, Figure, Pen


def draw(pen: Pen) -> None:
    pen.line("M60,38 Q60,22 66,10", 5)
    pen.body(
        "path",
        d="M60,36 C48,26 12,24 10,62 C8,98 34,126 52,122 C56,121 58,118 60,118 C62,118 64,121 68,122 "
        "C86,126 112,98 110,62 C108,24 72,26 60,36 Z",
    )
    pen.body("path", d="M66,22 Q80,6 102,12 Q88,30 66,22 Z")
    pen.light("ellipse", cx=34, cy=58, rx=5, ry=10)


FIGURE = Figure("apple", 120, 130, draw, homes=FRUIT, colours=("red", "green", "yellow"), metres=0.09, most=3)
