"""Airplane: seen from above, nose to the right; swept wings, tail plane, cockpit."""

from builders.aipsych.objects.base import FLYING, Figure, Pen


def draw(pen: Pen) -> None:
    pen.silhouette(
        ("polygon", {"points": "90,60 66,8 82,6 124,60"}),
        ("polygon", {"points": "90,70 66,122 82,124 124,70"}),
        ("polygon", {"points": "22,60 10,34 22,33 44,60"}),
        ("polygon", {"points": "22,70 10,96 22,97 44,70"}),
        ("path", {"d": "M14,65 Q14,58 24,58 L158,58 Q182,60 184,65 Q182,70 158,72 L24,72 Q14,72 14,65 Z"}),
    )
    pen.glass("path", d="M162,61 Q174,62 177,65 Q174,68 162,69 Z")


FIGURE = Figure("airplane", 190, 130, draw, homes=FLYING, metres=38, most=3)
