"""Potted plant: a leafy plant with broad leaves rising from a flowerpot with a rim."""

from builders.aipsych.objects.base import Figure, Pen
from builders.aipsych.placements import GROUND, SHELF

LEAF, LEAF_DARK = "#4f8f43", "#3f7736"


def draw(pen: Pen) -> None:
    leaves = (
        "M60,78 Q20,70 10,40 Q40,40 60,78 Z",
        "M60,78 Q100,70 110,40 Q80,40 60,78 Z",
        "M60,78 Q30,40 44,8 Q66,30 60,78 Z",
        "M60,78 Q90,40 76,8 Q54,30 60,78 Z",
        "M60,78 Q56,30 60,4 Q70,36 60,78 Z",
    )
    for index, leaf in enumerate(leaves):
        pen.part("path", LEAF if index % 2 else LEAF_DARK, d=leaf)
    pen.body("path", d="M26,92 L94,92 L84,146 Q84,150 80,150 L40,150 Q36,150 36,146 Z")
    pen.body("rect", x=20, y=78, width=80, height=16, rx=4)


FIGURE = Figure(
    "potted plant",
    120,
    154,
    draw,
    homes={"living_room": (GROUND, SHELF), "kitchen": (SHELF,)},
    metres=0.6,
    most=3,
)
