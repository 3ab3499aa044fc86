"""Draw a drawn spec: background, then the concept's object in its pose.

Also gives the audit's view of an image: the background alone (to tell the
object's pixels from it) and the measurable attributes with their probes moved
into viewBox units, so tests can compare the pixels with the geometry.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from builders.core.svg import Canvas, sub
from builders.visage.concepts import concept
from builders.visage.drawing import Measured, Probe
from builders.visage.spec import DrawnImageSpec
from builders.visage.style import FLOOR_Y, VIEW, Background, Pose


def geometry(spec: DrawnImageSpec) -> Any:
    """The drawer's geometry of the spec's variant, with the spec's detail seed."""
    entry = concept(spec.concept)
    variant = entry.variant(None if spec.image_type == "typical" else spec.exception)
    return entry.drawer.geometry(variant, random.Random(spec.seed))


def draw_scene(spec: DrawnImageSpec) -> Canvas:
    """The full picture: background and object, in a VIEW x VIEW viewBox."""
    canvas = draw_background(spec)
    group = canvas.group(class_=f"object {spec.concept}", transform=placement(spec).svg())
    concept(spec.concept).drawer.draw(geometry(spec), group, spec.colours)
    return canvas


def draw_background(spec: DrawnImageSpec) -> Canvas:
    """The picture without its object."""
    return background_canvas(spec.scene_background)


def background_canvas(background: Background) -> Canvas:
    """A canvas showing only `background` (an image pair shares one)."""
    canvas = Canvas(VIEW, VIEW)
    _background(canvas, background)
    return canvas


def _background(canvas: Canvas, background: Background) -> None:
    if background.kind == "plain":
        canvas.add("rect", x=0, y=0, width=VIEW, height=VIEW, fill=background.colors[0])
    elif background.kind == "gradient":
        gradient = sub(sub(canvas.root, "defs"), "linearGradient", id="background", x1=0, y1=0, x2=0, y2=1)
        for offset, colour in zip((0, 1), background.colors, strict=True):
            sub(gradient, "stop", offset=offset, stop_color=colour)
        canvas.add("rect", x=0, y=0, width=VIEW, height=VIEW, fill="url(#background)")
    else:
        wall, floor = background.colors
        canvas.add("rect", x=0, y=0, width=VIEW, height=VIEW, fill=wall)
        canvas.add("rect", x=0, y=FLOOR_Y, width=VIEW, height=VIEW - FLOOR_Y, fill=floor)


def measured(spec: DrawnImageSpec) -> dict[str, Measured]:
    """The drawing's measurable attributes, their probes moved into viewBox units."""
    entry = concept(spec.concept)
    found = entry.drawer.measures(geometry(spec), spec.colours)
    pose = placement(spec)
    return {name: Measured(m.value, _placed(m.probe, pose)) for name, m in found.items()}


def placement(spec: DrawnImageSpec) -> Pose:
    """Where the object is drawn: the spec's pose, magnified about the norm's focus if it has a framing."""
    framing = concept(spec.concept).norm(spec.norm).framing
    pose = spec.pose
    if framing is None:
        return pose
    a, b, c, d, _, _ = pose.matrix()
    (fx, fy), zoom = framing.focus, framing.zoom
    shift = (pose.shift[0] - zoom * (a * fx + c * fy), pose.shift[1] - zoom * (b * fx + d * fy))
    return dataclasses.replace(pose, scale=pose.scale * zoom, shift=shift)


def _placed(probe: Probe, pose: Pose) -> Probe:
    circle = None
    if probe.circle is not None:
        cx, cy, r = probe.circle
        circle = (*pose.apply((cx, cy)), r * pose.scale)
    return dataclasses.replace(
        probe,
        path=tuple(pose.apply(point) for point in probe.path),
        circle=circle,
        min_area=probe.min_area * pose.scale**2,
    )
