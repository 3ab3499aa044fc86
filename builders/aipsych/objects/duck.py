"""Duck: side view facing right; a boat-shaped body with a folded wing, a neck, a flat beak, webbed feet."""

from builders.aipsych.objects.base import PARK_GROUND, Figure, Pen

BILL, FEET = "#e9a23b", "#e08a2e"


def draw(pen: Pen) -> None:
    pen.line("M70,112 L66,130 M92,112 L96,130", 4, FEET)
    pen.part("path", FEET, d="M56,128 L72,126 L68,134 Z")
    pen.part("path", FEET, d="M88,128 L104,126 L100,134 Z")
    pen.silhouette(
        ("path", {"d": "M8,70 Q20,60 40,66 L120,66 Q140,74 136,96 Q126,118 80,118 Q30,118 14,96 Z"}),
        ("path", {"d": "M112,80 Q104,50 118,30 L136,36 Q126,56 134,80 Z"}),
        ("circle", {"cx": 130, "cy": 28, "r": 20}),
    )
    pen.part("path", BILL, d="M146,26 Q168,26 172,34 Q162,42 146,38 Z")
    pen.dark("circle", cx=136, cy=22, r=3.5)
    pen.line("M40,80 Q70,70 104,84 Q80,102 46,94", 2.5)


FIGURE = Figure(
    "duck",
    176,
    138,
    draw,
    homes=PARK_GROUND,
    colours=("white", "yellow", "brown", "gray", "black"),
    metres=0.5,
    most=3,
)
