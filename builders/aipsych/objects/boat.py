"""Boat: a sailboat; hull, mast and two sails."""

from builders.aipsych.objects.base import Figure, Pen


def draw(pen: Pen) -> None:
    pen.line("M80,98 L80,10", 4)
    pen.body("polygon", points="86,14 86,92 142,92")
    pen.body("polygon", points="74,26 74,92 28,92")
    pen.body("path", d="M8,98 L152,98 L132,128 L28,128 Z")


FIGURE = Figure("boat", 160, 140, draw)
