"""Teddy bear: sitting, facing the viewer; round ears, light muzzle, arms and feet."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, SHELF, SURFACE


def draw(pen: Pen) -> None:
    pen.silhouette(
        ("circle", {"cx": 38, "cy": 26, "r": 16}),
        ("circle", {"cx": 102, "cy": 26, "r": 16}),
        ("ellipse", {"cx": 32, "cy": 100, "rx": 13, "ry": 22}),
        ("ellipse", {"cx": 108, "cy": 100, "rx": 13, "ry": 22}),
        ("ellipse", {"cx": 44, "cy": 142, "rx": 18, "ry": 11}),
        ("ellipse", {"cx": 96, "cy": 142, "rx": 18, "ry": 11}),
        ("ellipse", {"cx": 70, "cy": 110, "rx": 38, "ry": 38}),
        ("circle", {"cx": 70, "cy": 52, "r": 34}),
    )
    for x in (38, 102):
        pen.dark("circle", cx=x, cy=26, r=7)
    pen.light("ellipse", cx=70, cy=64, rx=15, ry=11)
    pen.dark("ellipse", cx=70, cy=59, rx=6, ry=4)
    for x in (57, 83):
        pen.dark("circle", cx=x, cy=44, r=4)


FIGURE = Figure(
    "teddy bear",
    140,
    160,
    draw,
    homes={"living_room": (GROUND, SHELF), "table_top": (SURFACE,), "park": (GROUND,)},
    colours=("brown", "white", "pink", "blue", "gray", "yellow", "purple", "red", "green", "orange", "black"),
    metres=0.35,
)
