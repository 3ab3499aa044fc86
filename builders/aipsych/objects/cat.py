"""Cat: sitting, facing the viewer; pointed ears, whiskers, curled tail."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, PAVEMENT


def draw(pen: Pen) -> None:
    pen.band("M100,136 Q138,132 134,100 Q132,84 120,80", 14)
    pen.silhouette(
        ("ellipse", {"cx": 70, "cy": 106, "rx": 40, "ry": 36}),
        ("ellipse", {"cx": 56, "cy": 140, "rx": 12, "ry": 6}),
        ("ellipse", {"cx": 84, "cy": 140, "rx": 12, "ry": 6}),
        ("circle", {"cx": 70, "cy": 52, "r": 30}),
        ("polygon", {"points": "44,40 42,8 68,28"}),
        ("polygon", {"points": "96,40 98,8 72,28"}),
    )
    pen.line("M70,114 L70,142", 2)
    for x in (58, 82):
        pen.dark("ellipse", cx=x, cy=50, rx=4, ry=6)
    pen.dark("polygon", points="65,60 75,60 70,66")
    for sign in (-1, 1):
        for dy in (-3, 5):
            pen.line(f"M{70 + sign * 12},{64 + dy / 3:g} L{70 + sign * 32},{62 + dy}", 1.5)


FIGURE = Figure(
    "cat",
    150,
    154,
    draw,
    homes={"living_room": (GROUND,), "park": (GROUND,), "street": (PAVEMENT,)},
    colours=("black", "white", "gray", "orange", "brown"),
    metres=0.45,
)
