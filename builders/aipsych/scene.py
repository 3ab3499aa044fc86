"""Draw a synthetic scene: a flat background and the two objects in their boxes."""

from __future__ import annotations

from builders.aipsych.layout import object_boxes
from builders.aipsych.objects import CATALOGUE, Paint, Pen
from builders.aipsych.spec import SceneSpec
from builders.aipsych.vocabulary import PALETTE
from builders.core.svg import Canvas, fmt

#: A light warm grey: far from every palette colour, white and silver included.
BACKGROUND = "#e6dfcc"


def draw_scene(spec: SceneSpec) -> Canvas:
    """The scene as SVG in a viewBox of the image's pixel size; each object is a group `object <name>`."""
    canvas = Canvas(spec.width, spec.height, background=BACKGROUND)
    for obj, box in zip(spec.scene_objects, object_boxes(spec), strict=True):
        figure = CATALOGUE[obj.name]
        scale = box.width / figure.width
        group = canvas.group(
            class_=f"object {obj.name.replace(' ', '-')} {obj.colour}",
            transform=f"translate({fmt(box.x)} {fmt(box.y)}) scale({fmt(scale)})",
        )
        figure.draw(Pen(group, Paint(PALETTE[obj.colour])))
    return canvas
