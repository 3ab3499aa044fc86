"""Umbrella: open, seen from the side; scalloped canopy with ribs, shaft and hooked handle."""

from builders.aipsych.objects.base import PARK_GROUND, Figure, Pen


def draw(pen: Pen) -> None:
    pen.line("M75,70 L75,128 Q75,142 88,142 Q98,142 98,132", 6)
    pen.line("M75,14 L75,6", 5)
    pen.body(
        "path",
        d="M8,70 Q10,14 75,12 Q140,14 142,70 Q127,60 112,70 Q94,60 75,70 Q56,60 38,70 Q23,60 8,70 Z",
    )
    for x in (38, 75, 112):
        pen.line(f"M75,14 Q{(75 + x) / 2:g},40 {x},68", 2)


FIGURE = Figure("umbrella", 150, 150, draw, homes=PARK_GROUND, size=0.75)
