"""Umbrella: a garden parasol, side view; scalloped canopy with ribs on a tall pole in a weighted base."""

from builders.aipsych.objects.base import PARK_GROUND, Figure, Pen


def draw(pen: Pen) -> None:
    pen.line("M75,70 L75,204", 6)
    pen.dark("path", d="M50,214 Q50,202 75,202 Q100,202 100,214 Z")
    pen.line("M75,14 L75,6", 5)
    pen.body(
        "path",
        d="M8,70 Q10,14 75,12 Q140,14 142,70 Q127,60 112,70 Q94,60 75,70 Q56,60 38,70 Q23,60 8,70 Z",
    )
    for x in (38, 75, 112):
        pen.line(f"M75,14 Q{(75 + x) / 2:g},40 {x},68", 2)


FIGURE = Figure("umbrella", 150, 218, draw, homes=PARK_GROUND, metres=2.3)
