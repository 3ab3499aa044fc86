"""Bicycle: side view; two spoked wheels under mudguards, a diamond frame, saddle and handlebar."""

import math

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, PAVEMENT, ROAD

REAR, FRONT, BRACKET = (46, 92), (158, 92), (98, 94)
SEAT, HEAD = (84, 44), (142, 46)


def draw(pen: Pen) -> None:
    for cx, cy in (REAR, FRONT):
        pen.dark("circle", cx=cx, cy=cy, r=36)
        pen.light("circle", cx=cx, cy=cy, r=29)
        for angle in range(0, 180, 30):
            dx, dy = 29 * math.cos(math.radians(angle)), 29 * math.sin(math.radians(angle))
            pen.line(f"M{cx - dx:.1f},{cy - dy:.1f} L{cx + dx:.1f},{cy + dy:.1f}", 1.2)
        pen.band(f"M{cx - 38},{cy - 4} A40,40 0 0 1 {cx + 30},{cy - 28}", 10)
    frame = f"M{REAR[0]},{REAR[1]} L{SEAT[0]},{SEAT[1]} L{HEAD[0]},{HEAD[1]} L{BRACKET[0]},{BRACKET[1]} Z"
    pen.band(frame, 13)
    pen.band(f"M{SEAT[0]},{SEAT[1]} L{BRACKET[0]},{BRACKET[1]}", 13)
    pen.band(f"M{HEAD[0]},{HEAD[1]} L{FRONT[0]},{FRONT[1]}", 12)
    pen.band(f"M{HEAD[0]},{HEAD[1]} L{HEAD[0] - 4},{HEAD[1] - 18}", 11)
    pen.line(f"M{SEAT[0]},{SEAT[1]} L{SEAT[0] - 3},{SEAT[1] - 8}", 5)
    pen.dark("path", d="M66,34 Q82,28 98,34 L96,40 L68,40 Z")
    pen.line("M128,28 Q140,22 154,30", 6)
    pen.dark("circle", cx=BRACKET[0], cy=BRACKET[1], r=9)


FIGURE = Figure(
    "bicycle", 200, 134, draw, homes={"street": (ROAD, PAVEMENT), "park": (GROUND,)}, metres=1.75, most=3
)
