"""Wall clock: a round clock with a broad rim, hour marks and two hands."""

import math

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import WALL


def draw(pen: Pen) -> None:
    pen.body("circle", cx=60, cy=60, r=54)
    pen.light("circle", cx=60, cy=60, r=40)
    for hour in range(12):
        angle = math.radians(hour * 30)
        inner = 32 if hour % 3 else 28
        x1, y1 = 60 + inner * math.sin(angle), 60 - inner * math.cos(angle)
        x2, y2 = 60 + 37 * math.sin(angle), 60 - 37 * math.cos(angle)
        pen.line(f"M{x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f}", 3 if hour % 3 == 0 else 1.5)
    pen.line("M60,60 L60,32", 4)
    pen.line("M60,60 L80,70", 4)
    pen.dark("circle", cx=60, cy=60, r=4)


FIGURE = Figure("wall clock", 120, 120, draw, homes={"living_room": (WALL,)}, metres=0.3, most=1)
