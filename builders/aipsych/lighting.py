"""The gradients every scene shades with: object shading, metal sheen, glass glare and soft shadows.

One light per scene, from the upper left or the upper right. Shading gradients are laid over each
body part (in the part's own bounding box): a faint highlight on the lit edge, then clear (the
part keeps its exact colour), then darker towards the far side. Between the stops marked clear the
overlay has zero opacity, so those pixels are exactly the body colour. The overlay colours are
tinted, so a shaded white never passes through the palette's neutral gray or silver.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from builders.core.svg import Canvas, sub

LIGHTS = ("left", "right")

#: (offset, colour, opacity) of the shading overlay, from the lit side to the far side.
SHADE_STOPS = ((0.0, "#fff6e4", 0.3), (0.08, "#fff6e4", 0.0), (0.58, "#140c24", 0.0), (1.0, "#140c24", 0.4))
#: A metal's streaks of reflected light, laid on top of the shading.
SHEEN_STOPS = (
    (0.0, "#fbfdff", 0.55),
    (0.08, "#fbfdff", 0.0),
    (0.32, "#fbfdff", 0.0),
    (0.36, "#fbfdff", 0.6),
    (0.4, "#fbfdff", 0.0),
    (0.7, "#303848", 0.0),
    (0.8, "#303848", 0.35),
    (0.9, "#303848", 0.0),
)
GLARE_STOPS = ((0.0, "#fbfdff", 0.0), (0.35, "#fbfdff", 0.55), (0.5, "#fbfdff", 0.0), (1.0, "#fbfdff", 0.0))
SHADOW_STOPS = ((0.0, "#1a1410", 0.5), (0.6, "#1a1410", 0.22), (1.0, "#1a1410", 0.0))


def add_lighting(canvas: Canvas) -> None:
    """Define every gradient the pens and scenes refer to (`url(#shade-left)`, `url(#shadow)`, ...)."""
    defs = canvas.add("defs")
    for light in LIGHTS:
        towards = (1, 0.35) if light == "left" else (0, 0.35)
        start = (0, 0) if light == "left" else (1, 0)
        for name, stops in (("shade", SHADE_STOPS), ("sheen", SHEEN_STOPS)):
            _linear(defs, f"{name}-{light}", start, towards, stops)
    _linear(defs, "glare", (0, 0), (1, 1), GLARE_STOPS)
    radial = sub(defs, "radialGradient", id="shadow")
    _stops(radial, SHADOW_STOPS)


def _linear(
    defs: ET.Element,
    gradient_id: str,
    start: tuple[float, float],
    end: tuple[float, float],
    stops: tuple[tuple[float, str, float], ...],
) -> None:
    gradient = sub(defs, "linearGradient", id=gradient_id, x1=start[0], y1=start[1], x2=end[0], y2=end[1])
    _stops(gradient, stops)


def _stops(gradient: ET.Element, stops: tuple[tuple[float, str, float], ...]) -> None:
    for offset, colour, opacity in stops:
        sub(gradient, "stop", offset=offset, stop_color=colour, stop_opacity=opacity)
