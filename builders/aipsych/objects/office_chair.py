"""Office chair: side-front view; a padded back and seat on a gas lift and a five-spoke base on castors."""

from builders.aipsych.objects.base import FURNITURE, Figure, Pen

METAL = "#6a6e73"


def draw(pen: Pen) -> None:
    pen.part("rect", METAL, x=54, y=92, width=12, height=40)
    pen.line("M60,132 L18,146 M60,132 L102,146 M60,132 L40,150 M60,132 L80,150", 6, METAL)
    for cx, cy in ((18, 150), (102, 150), (40, 154), (80, 154)):
        pen.dark("circle", cx=cx, cy=cy, r=6)
    pen.line("M60,84 L60,66", 6, METAL)
    pen.body("path", d="M26,60 Q24,8 60,6 Q96,8 94,60 Q94,70 84,70 L36,70 Q26,70 26,60 Z")
    pen.body("rect", x=14, y=78, width=92, height=20, rx=9)
    pen.dark("path", d="M10,70 L26,70 L26,84 L14,84 Z")
    pen.dark("path", d="M110,70 L94,70 L94,84 L106,84 Z")


FIGURE = Figure(
    "office chair",
    120,
    162,
    draw,
    homes=FURNITURE,
    colours=(
        "black",
        "gray",
        "blue",
        "red",
        "green",
        "white",
        "orange",
        "purple",
        "pink",
        "yellow",
        "brown",
        "silver",
    ),
    metres=1.1,
    most=1,
)
