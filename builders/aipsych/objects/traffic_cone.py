"""Traffic cone: a tapering cone with two reflective bands on a square base."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import PAVEMENT, ROAD


def draw(pen: Pen) -> None:
    pen.dark("path", d="M6,108 L94,108 L88,120 L12,120 Z")
    pen.body("path", d="M16,110 L42,10 Q50,4 58,10 L84,110 Z")
    pen.light("path", d="M33,44 L67,44 L71,60 L29,60 Z")
    pen.light("path", d="M25,76 L75,76 L79,92 L21,92 Z")


FIGURE = Figure(
    "traffic cone",
    100,
    124,
    draw,
    homes={"street": (ROAD, PAVEMENT)},
    colours=("orange", "yellow", "red", "green", "blue", "pink", "white"),
    metres=0.7,
    most=3,
)
