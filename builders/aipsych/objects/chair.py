"""Chair: front view; backrest frame with two rails, seat, front legs."""

from builders.aipsych.objects.base import FURNITURE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.silhouette(
        ("rect", {"x": 22, "y": 8, "width": 12, "height": 80}),
        ("rect", {"x": 76, "y": 8, "width": 12, "height": 80}),
        ("rect", {"x": 22, "y": 8, "width": 66, "height": 20, "rx": 4}),
        ("rect", {"x": 22, "y": 44, "width": 66, "height": 10}),
    )
    pen.silhouette(
        ("rect", {"x": 16, "y": 94, "width": 12, "height": 50}),
        ("rect", {"x": 82, "y": 94, "width": 12, "height": 50}),
    )
    pen.body("rect", x=10, y=82, width=90, height=16, rx=3)


FIGURE = Figure("chair", 110, 150, draw, homes=FURNITURE, metres=0.95)
