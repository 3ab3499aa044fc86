"""Draw a synthetic scene: the setting's backdrop, then every object back to front with its shadow.

Asked objects are drawn in their exact palette colour; unasked ones in a tone of theirs (`TONES`),
a different shade of the same colour name, so the exact palette colours appear only on asked
objects. A figure facing the other way is mirrored, and shaded from the mirrored side, so the
light stays where the scene has it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from builders.aipsych.layout import Placed, lay_out
from builders.aipsych.lighting import add_lighting
from builders.aipsych.objects import CATALOGUE, Paint
from builders.aipsych.objects.base import Pen, paint_for
from builders.aipsych.placements import AIR, PLANES, SHELF, WALL
from builders.aipsych.settings import SETTINGS, Backdrop
from builders.aipsych.spec import SceneSpec
from builders.core.hashing import rng_for
from builders.core.svg import Canvas

#: The shade an unasked object of each colour is drawn in: the same colour name, never its exact fill.
TONES: dict[str, str] = {
    "red": "#c4343c",
    "orange": "#ea9436",
    "yellow": "#eccb45",
    "green": "#3c8a4a",
    "blue": "#3d64c0",
    "purple": "#7b3c9c",
    "pink": "#ee8fbe",
    "brown": "#8e5e36",
    "black": "#302d2b",
    "white": "#f2efe8",
    "gray": "#8b8a8f",
    "silver": "#b6bbc2",
}


def draw_scene(spec: SceneSpec, *, clutter: bool = True) -> Canvas:
    """The scene as SVG in a viewBox of the image's pixel size; each object is a group `object <name>`.

    `clutter=False` leaves the unasked objects out (what the asked objects look like unoccluded).
    """
    canvas = Canvas(spec.width, spec.height)
    add_lighting(canvas)
    placed = lay_out(spec)
    setting = SETTINGS[spec.setting]
    keep_clear = [item.box for item in placed if item.asked is not None or item.placement == WALL]
    sky = [item.box for item in placed if item.placement == AIR]
    rng = rng_for("aipsych", "backdrop", spec.seed_key, edition=spec.edition)
    setting.draw(Backdrop(canvas, spec.width, spec.height, rng, spec.light, keep_clear, sky))
    for item in placed:
        if item.asked is None and not clutter:
            continue
        if setting.camera is not None and item.placement in (*PLANES, SHELF):
            _shadow(canvas, item, spec.light)
        draw_figure(canvas.group(class_=_classes(item), transform=item.transform()), item, spec.light)
    return canvas


def draw_figure(group: ET.Element, item: Placed, light: str) -> None:
    """Draw `item`'s figure into `group`: its exact colour if asked about, else its tone; a figure facing
    the other way is shaded from the mirrored side, so the light stays where the scene has it."""
    facing = light if not item.mirrored else ("right" if light == "left" else "left")
    if item.asked is not None:
        paint = paint_for(item.colour, facing)
    else:
        paint = Paint(TONES[item.colour], facing, metallic=item.colour == "silver")
    CATALOGUE[item.name].draw(Pen(group, paint))


def _classes(item: Placed) -> str:
    asked = "asked" if item.asked is not None else "unasked"
    return f"object {asked} {item.name.replace(' ', '-')} {item.colour}"


def _shadow(canvas: Canvas, item: Placed, light: str) -> None:
    """A soft shadow at the object's feet, cast away from the light."""
    box = item.box
    away = 1 if light == "left" else -1
    canvas.add(
        "ellipse",
        cx=box.x + box.width / 2 + away * 0.12 * box.width,
        cy=box.bottom - 0.02 * box.height,
        rx=0.58 * box.width,
        ry=max(3.0, 0.1 * box.width),
        fill="url(#shadow)",
    )
