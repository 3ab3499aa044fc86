"""Handbag: arched handle, trapezoid body, flap with a clasp."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, SHELF, SURFACE


def draw(pen: Pen) -> None:
    pen.band("M48,56 Q48,12 80,12 Q112,12 112,56", 14)
    pen.body("path", d="M20,50 L140,50 L154,116 Q156,124 146,124 L14,124 Q4,124 6,116 Z")
    pen.body("path", d="M20,50 L140,50 L136,80 Q80,92 24,80 Z")
    pen.light("circle", cx=80, cy=84, r=5)


FIGURE = Figure(
    "handbag", 160, 130, draw, homes={"table_top": (SURFACE,), "living_room": (GROUND, SHELF)}, metres=0.35
)
