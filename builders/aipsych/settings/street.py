"""A street: building fronts along the far pavement, a road across the image, the near pavement.

The road runs left to right; its bands widen towards the viewer and the near pavement's joints
run to a vanishing point on the horizon, so things lower in the image are nearer. Above the
buildings is sky, where only flying things are asked about.
"""

from __future__ import annotations

from builders.aipsych.camera import Camera
from builders.aipsych.placements import AIR, PAVEMENT, ROAD
from builders.aipsych.scale import zoom_levels
from builders.aipsych.settings.base import Backdrop, Setting
from builders.aipsych.settings.sky import cloud

HORIZON, FAR_KERB, NEAR_KERB = 0.45, 0.5, 0.86
#: The lowest edge of anything in the sky, and where the buildings' tops may be (fractions of the height).
SKY_BOTTOM, ROOFS = 0.3, (0.17, 0.3)
#: Pixels per metre at the bottom edge: the camera stands a few metres above the near pavement.
NEAR = 100.0
#: Pixels per metre of things in the street's sky: aircraft a few hundred metres away.
AIRCRAFT = (1.0, 16.0)
FACADES = ("#b49b86", "#a5adb3", "#c2b294", "#9f8d80", "#b7a9a0", "#a39a8a")
WINDOW, FRAME = "#7d98ab", "#e4ddd0"
PAVING, KERB, TARMAC, MARKING = "#c6bfb2", "#9c968c", "#575b69", "#ebe6d6"


def draw(backdrop: Backdrop) -> None:
    width, height, rng = backdrop.width, backdrop.height, backdrop.rng
    horizon = backdrop.y(HORIZON)
    sky = backdrop.gradient("street-sky", ((0, "#6e9bcf"), (1, "#cfe0ec")))
    backdrop.rect(0, 0, width, horizon, sky)
    for _ in range(rng.randint(1, 3)):
        cloud(
            backdrop,
            rng.uniform(0, width),
            backdrop.y(rng.uniform(0.05, 0.16)),
            rng.uniform(0.06, 0.1) * width,
        )
    x = -rng.uniform(0, 0.1) * width
    while x < width:
        span = rng.uniform(0.16, 0.3) * width
        roof = max(
            [backdrop.y(rng.uniform(*ROOFS))]
            + [box.bottom + 10 for box in backdrop.sky if box.x < x + span and x < box.right]
        )
        building(backdrop, x, span, roof, horizon)
        x += span
    far_kerb, near_kerb = backdrop.y(FAR_KERB), backdrop.y(NEAR_KERB)
    backdrop.rect(0, horizon, width, far_kerb - horizon, PAVING)
    road = backdrop.gradient("road", ((0, "#65697a"), (1, TARMAC)))
    backdrop.rect(0, far_kerb, width, near_kerb - far_kerb, road)
    backdrop.rect(0, far_kerb, width, backdrop.y(0.012), KERB)
    middle = backdrop.y(0.66)
    dash = 0.07 * width
    start = -rng.uniform(0, 2 * dash)
    while start < width:
        backdrop.rect(start, middle, dash, backdrop.y(0.012), MARKING)
        start += 2 * dash
    near = backdrop.gradient("near-pavement", ((0, "#cdc6b9"), (1, "#b9b2a5")))
    backdrop.rect(0, near_kerb, width, height - near_kerb, near)
    backdrop.rect(0, near_kerb, width, backdrop.y(0.018), KERB)
    vanishing = width / 2
    for step in range(-12, 13):
        foot = vanishing + step * 0.12 * width
        top = vanishing + (foot - vanishing) * 0.55
        backdrop.canvas.add(
            "line",
            x1=top,
            y1=near_kerb + backdrop.y(0.018),
            x2=foot,
            y2=height,
            stroke="#a8a194",
            stroke_width=1.5,
        )
    shade = backdrop.gradient(
        "street-light", ((0, "#fff8e0", 0.18), (1, "#fff8e0", 0)), start=(0, 0), end=(1, 0)
    )
    if backdrop.light == "right":
        shade = backdrop.gradient(
            "street-light", ((0, "#fff8e0", 0), (1, "#fff8e0", 0.18)), start=(0, 0), end=(1, 0)
        )
    backdrop.rect(0, horizon, width, height - horizon, shade)


def building(backdrop: Backdrop, x: float, span: float, top: float, bottom: float) -> None:
    """A building front: facade, cornice, rows of lit windows and a door at street level."""
    rng = backdrop.rng
    colour = rng.choice(FACADES)
    face = backdrop.gradient(f"facade-{x:.0f}", ((0, colour), (1, _darker(colour))))
    backdrop.rect(x, top, span, bottom - top, face, stroke="#6f675e", stroke_width=1.5)
    backdrop.rect(x - 2, top - 6, span + 4, 8, _darker(colour), stroke="#6f675e", stroke_width=1.5)
    columns = max(2, int(span // 34))
    rows = max(1, int((bottom - top - 30) // 34))
    pane_w, pane_h = span / columns * 0.5, 18
    for row in range(rows):
        for column in range(columns):
            wx = x + (column + 0.25) * span / columns
            wy = top + 12 + row * 34
            backdrop.rect(wx - 2, wy - 2, pane_w + 4, pane_h + 4, FRAME)
            backdrop.rect(wx, wy, pane_w, pane_h, WINDOW)
            backdrop.rect(wx, wy, pane_w, pane_h * 0.4, "#a9bfcd")
    door_x = x + span * rng.uniform(0.3, 0.6)
    backdrop.rect(door_x, bottom - 26, 16, 26, "#5e4a3c", stroke="#3d3129", stroke_width=1.5)


def _darker(colour: str) -> str:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{int(value * 0.82):02x}" for value in (red, green, blue))


SETTING = Setting(
    name="street",
    rows=((AIR,), (ROAD, PAVEMENT), (ROAD, PAVEMENT)),
    supports={
        ROAD: ((FAR_KERB + 0.01, NEAR_KERB),),
        PAVEMENT: ((HORIZON, FAR_KERB), (NEAR_KERB + 0.02, 0.985)),
        AIR: ((0.02, SKY_BOTTOM),),
    },
    draw=draw,
    camera=Camera(near=NEAR, vanishing=HORIZON, air=AIRCRAFT),
    zooms=zoom_levels(0.45, 1.0),
)
