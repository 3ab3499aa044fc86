"""Baseball cap: side view; a domed crown with panel seams and a button, a long visor."""

from builders.aipsych.objects.base import DESK_THING, Figure, Pen


def draw(pen: Pen) -> None:
    pen.body("path", d="M110,74 Q150,70 172,82 Q168,90 150,90 L108,88 Z")
    pen.body("path", d="M10,84 Q8,16 70,12 Q118,14 120,84 Q64,94 10,84 Z")
    pen.line("M68,13 Q52,40 50,88 M68,13 Q92,40 96,86", 2)
    pen.body("ellipse", cx=68, cy=12, rx=8, ry=4)


FIGURE = Figure("baseball cap", 180, 100, draw, homes=DESK_THING, metres=0.3)
