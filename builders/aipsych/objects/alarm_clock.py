"""Alarm clock: a round clock with two bells on top, a hammer between them, and two feet."""

import math

from builders.aipsych.objects.base import DESK_THING, Figure, Pen


def draw(pen: Pen) -> None:
    pen.line("M34,120 L24,134 M86,120 L96,134", 6)
    pen.body("path", d="M14,36 Q8,14 30,8 Q40,6 44,16 Z")
    pen.body("path", d="M106,36 Q112,14 90,8 Q80,6 76,16 Z")
    pen.line("M60,22 L60,12", 4)
    pen.body("circle", cx=60, cy=74, r=52)
    pen.light("circle", cx=60, cy=74, r=40)
    for hour in range(0, 12, 3):
        angle = math.radians(hour * 30)
        pen.line(
            f"M{60 + 30 * math.sin(angle):.1f},{74 - 30 * math.cos(angle):.1f} "
            f"L{60 + 37 * math.sin(angle):.1f},{74 - 37 * math.cos(angle):.1f}",
            3,
        )
    pen.line("M60,74 L60,48 M60,74 L78,86", 3.5)


FIGURE = Figure("alarm clock", 120, 142, draw, homes=DESK_THING, metres=0.16)
