"""Wheelbarrow: side view; a deep tray over a front wheel, two handles and a leg at the back."""

from builders.aipsych.objects.base import PARK_GROUND, Figure, Pen

WOOD = "#9a7552"


def draw(pen: Pen) -> None:
    pen.part("path", WOOD, d="M8,40 L150,78 L148,86 L6,48 Z")
    pen.dark("path", d="M52,62 L46,104 L54,104 L62,66 Z")
    pen.dark("circle", cx=146, cy=92, r=20)
    pen.light("circle", cx=146, cy=92, r=7)
    pen.body("path", d="M40,24 L172,24 Q176,24 172,30 L136,74 Q132,78 126,78 L70,78 Q64,78 60,72 Z")
    pen.line("M56,36 L164,36", 2)


FIGURE = Figure(
    "wheelbarrow",
    180,
    116,
    draw,
    homes=PARK_GROUND,
    colours=("red", "green", "blue", "yellow", "orange", "gray", "silver", "black"),
    metres=1.5,
    most=1,
)
