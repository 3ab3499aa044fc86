"""Kettle: an electric jug kettle on its base; a tapering body, a spout, a top handle and a water window."""

from builders.aipsych.objects.base import KITCHENWARE, Figure, Pen


def draw(pen: Pen) -> None:
    pen.dark("rect", x=14, y=132, width=100, height=12, rx=4)
    pen.band("M96,36 Q132,40 128,84 Q124,116 102,120", 16)
    pen.body("path", d="M24,130 L32,36 Q34,26 44,24 L92,24 Q102,26 104,36 L110,130 Z")
    pen.body("path", d="M32,40 L8,28 L10,20 L36,28 Z")
    pen.glass("rect", x=44, y=60, width=14, height=54, rx=6)
    pen.body("rect", x=40, y=14, width=50, height=12, rx=5)


FIGURE = Figure("kettle", 140, 148, draw, homes=KITCHENWARE, metres=0.25, most=1)
