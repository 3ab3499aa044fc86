"""Bird: side view facing right; round body, head, beak, wing, tail, legs."""

from builders.aipsych.objects.base import FLYING, Figure, Pen


def draw(pen: Pen) -> None:
    for d in ("M70,96 L66,112 L58,114", "M86,96 L90,112 L98,114"):
        pen.line(d, 3)
    pen.silhouette(
        ("polygon", {"points": "8,48 44,58 44,78 10,84"}),
        ("ellipse", {"cx": 76, "cy": 68, "rx": 44, "ry": 31}),
        ("circle", {"cx": 118, "cy": 44, "r": 22}),
    )
    pen.dark("polygon", points="137,37 156,46 137,54")
    pen.body("path", d="M44,62 Q74,40 104,64 Q86,92 50,84 Q38,74 44,62 Z")
    pen.dark("circle", cx=124, cy=40, r=3.5)


FIGURE = Figure(
    "bird",
    160,
    120,
    draw,
    homes=FLYING,
    colours=("red", "orange", "yellow", "green", "blue", "brown", "black", "white", "gray"),
    metres=0.4,
    most=3,
)
