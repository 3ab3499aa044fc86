"""Dog: side view facing right; raised tail, four legs, long snout, floppy dark ear."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, PAVEMENT


def draw(pen: Pen) -> None:
    pen.band("M40,58 Q20,46 24,20", 14)
    pen.silhouette(
        ("rect", {"x": 34, "y": 80, "width": 14, "height": 42, "rx": 5}),
        ("rect", {"x": 56, "y": 80, "width": 14, "height": 42, "rx": 5}),
        ("rect", {"x": 100, "y": 80, "width": 14, "height": 42, "rx": 5}),
        ("rect", {"x": 120, "y": 80, "width": 14, "height": 42, "rx": 5}),
        ("rect", {"x": 30, "y": 50, "width": 108, "height": 44, "rx": 22}),
        ("polygon", {"points": "112,60 128,26 152,40 138,74"}),
        ("circle", {"cx": 140, "cy": 36, "r": 20}),
        ("rect", {"x": 146, "y": 34, "width": 28, "height": 20, "rx": 8}),
    )
    pen.dark("path", d="M128,20 Q114,26 118,56 Q130,56 136,28 Z")
    pen.dark("circle", cx=148, cy=30, r=3.5)
    pen.dark("circle", cx=172, cy=40, r=4.5)
    pen.line("M156,50 L168,50", 2)


FIGURE = Figure(
    "dog",
    180,
    130,
    draw,
    homes={"living_room": (GROUND,), "park": (GROUND,), "street": (PAVEMENT,)},
    colours=("brown", "black", "white", "gray", "orange"),
    metres=0.85,
)
