"""A kitchen: wall cupboards, a tiled splashback with a shelf, and a counter top receding to the wall."""

from __future__ import annotations

from builders.aipsych.camera import Camera
from builders.aipsych.placements import SHELF, SURFACE
from builders.aipsych.scale import zoom_levels
from builders.aipsych.settings.base import Backdrop, Setting

CUPBOARDS, COUNTER_BACK, SHELF_TOP = 0.14, 0.47, 0.3
#: The camera looks down at the counter from a step back: pixels per metre at its front edge, and
#: where the counter's lines would meet (above the image).
NEAR, VANISHING = 420.0, -0.77
WOOD, WOOD_EDGE = "#a88461", "#7d5f42"
TILE, GROUT = "#e4ddcf", "#c8bfae"


def draw(backdrop: Backdrop) -> None:
    width, height, rng = backdrop.width, backdrop.height, backdrop.rng
    back = backdrop.y(COUNTER_BACK)
    tiles = backdrop.gradient("tiles", ((0, "#ded6c6"), (1, TILE)))
    backdrop.rect(0, 0, width, back, tiles)
    size = 0.06 * width
    row = 0
    y = backdrop.y(CUPBOARDS)
    while y < back:
        backdrop.canvas.add("line", x1=0, y1=y, x2=width, y2=y, stroke=GROUT, stroke_width=1.5)
        offset = size / 2 if row % 2 else 0
        x = offset
        while x < width:
            backdrop.canvas.add(
                "line", x1=x, y1=y, x2=x, y2=min(back, y + size * 0.6), stroke=GROUT, stroke_width=1.5
            )
            x += size
        y += size * 0.6
        row += 1
    top = backdrop.y(CUPBOARDS)
    backdrop.rect(0, 0, width, top, backdrop.gradient("cupboards", ((0, "#b08d69"), (1, WOOD))))
    doors = rng.randint(4, 6)
    for index in range(doors):
        x = (index + 0.06) * width / doors
        backdrop.rect(x, 4, width / doors * 0.88, top - 10, "none", stroke=WOOD_EDGE, stroke_width=2)
        knob = x + (width / doors * 0.8 if index % 2 else width / doors * 0.08)
        backdrop.canvas.add("circle", cx=knob, cy=top - 16, r=3, fill="#d8d2c4", stroke=WOOD_EDGE)
    under = backdrop.gradient("under-cupboards", ((0, "#3a2a1c", 0.3), (1, "#3a2a1c", 0)))
    backdrop.rect(0, top, width, backdrop.y(0.05), under)
    shelf = backdrop.y(SHELF_TOP)
    left, right = backdrop.x(0.02), backdrop.x(0.98)
    below = backdrop.gradient("under-shelf", ((0, "#3a2a1c", 0.28), (1, "#3a2a1c", 0)))
    backdrop.rect(left, shelf + 8, right - left, backdrop.y(0.04), below)
    backdrop.rect(left, shelf, right - left, 8, WOOD, stroke=WOOD_EDGE, stroke_width=1.5)
    for x in (left + 30, right - 34):
        backdrop.polygon([(x, shelf + 8), (x + 4, shelf + 8), (x + 4, shelf + 24)], WOOD_EDGE)
    counter = backdrop.gradient("counter", ((0, "#cbc3b4"), (1, "#dcd5c8")))
    front = backdrop.y(0.955)
    backdrop.rect(0, back, width, front - back, counter)
    backdrop.rect(0, back, width, 3, "#a99f8f")
    for _ in range(110):
        sx, sy = rng.uniform(0, width), rng.uniform(back + 4, front - 2)
        backdrop.canvas.add(
            "circle", cx=sx, cy=sy, r=rng.uniform(0.6, 1.6), fill=rng.choice(("#b3aa9a", "#ece6da"))
        )
    backdrop.rect(0, front, width, height - front, WOOD_EDGE)
    backdrop.rect(0, front, width, 3, "#e9e3d6")
    glow = backdrop.gradient("window-light", ((0, "#fff5dc", 0.3), (1, "#fff5dc", 0)), radial=True)
    backdrop.canvas.add(
        "ellipse", cx=backdrop.lit_x, cy=backdrop.y(0.35), rx=0.6 * width, ry=0.7 * height, fill=glow
    )


SETTING = Setting(
    name="kitchen",
    rows=((SHELF,), (SURFACE,), (SURFACE,)),
    supports={SHELF: ((SHELF_TOP, SHELF_TOP),), SURFACE: ((COUNTER_BACK + 0.03, 0.94),)},
    draw=draw,
    camera=Camera(near=NEAR, vanishing=VANISHING, wall=COUNTER_BACK),
    zooms=zoom_levels(0.7, 1.3),
)
