"""Place a figure on its background: scale it to fit, stand it on the ground, draw the horizon behind it.

The scene is an 800 x 600 viewBox (4:3), rasterised at C x 3C/4. The figure
is scaled to fit a box and its feet stand on the ground line; the horizon lies
a little above the body's underside, so the ground behind the legs is one flat
colour.
"""

from __future__ import annotations

from builders.core.svg import Canvas, sub
from builders.vlmbias.animals.bird import draw_bird
from builders.vlmbias.animals.figure import Figure
from builders.vlmbias.animals.geometry import Clipped, Frame, bounds
from builders.vlmbias.animals.mammal import draw_mammal
from builders.vlmbias.animals.scenery import HABITATS, HEIGHT, WIDTH, draw_background
from builders.vlmbias.animals.species import Bird, Species

GROUND_Y = 556.0  # canvas y where the feet stand
BOX_WIDTH, BOX_HEIGHT = 680.0, 516.0  # the figure fits in this box
HORIZON_ABOVE_BODY = 0.18  # horizon height above the body's underside, in body heights


def figure_for(species: Species, legs: int) -> Figure:
    """The checked figure of a species with `legs` legs."""
    figure = draw_bird(species, legs) if isinstance(species, Bird) else draw_mammal(species, legs)
    figure.check(frame_for(figure).scale)
    return figure


def frame_for(figure: Figure) -> Frame:
    """Scale and offset that fit the figure in the box with its feet on the ground line."""
    x0, _, x1, y1 = bounds(figure.items)
    scale = min(BOX_WIDTH / (x1 - x0), BOX_HEIGHT / y1)
    return Frame(scale, WIDTH / 2 - (x0 + x1) / 2 * scale, GROUND_Y)


def draw_animal(species: Species, legs: int) -> Canvas:
    """The whole scene: background, then the figure."""
    figure = figure_for(species, legs)
    frame = frame_for(figure)
    height = species.body_height
    horizon = frame((0.0, figure.body_bottom + HORIZON_ABOVE_BODY * height))[1]
    canvas = Canvas(WIDTH, HEIGHT)
    draw_background(canvas, HABITATS[species.habitat], horizon)
    defs = sub(canvas.root, "defs")
    group = canvas.group(class_=f"animal {species.group}")
    clips = 0
    for item in figure.items:
        if isinstance(item, Clipped):
            clips += 1
            item.emit(group, frame, defs, f"clip{clips}")
        else:
            item.emit(group, frame)
    if not clips:
        canvas.root.remove(defs)
    return canvas
