"""A park: sky over a line of trees on the horizon, a lawn that recedes to it, a path, bushes."""

from __future__ import annotations

from builders.aipsych.camera import Camera
from builders.aipsych.geometry import Box
from builders.aipsych.placements import AIR, GROUND
from builders.aipsych.scale import zoom_levels
from builders.aipsych.settings.base import Backdrop, Setting
from builders.aipsych.settings.sky import cloud

HORIZON = 0.42
#: Pixels per metre at the bottom edge: the camera is at eye height over the lawn.
NEAR = 130.0
#: Pixels per metre of things in the park's sky: kites, birds and balloons some metres away.
KITES = (30.0, 240.0)
TREES = ("#4d7446", "#587f4c", "#466b41", "#60864f")
TUFT = "#557f3d"


def draw(backdrop: Backdrop) -> None:
    width, height, rng = backdrop.width, backdrop.height, backdrop.rng
    horizon = backdrop.y(HORIZON)
    sky = backdrop.gradient("park-sky", ((0, "#6495cb"), (1, "#d6e6ee")))
    backdrop.rect(0, 0, width, horizon, sky)
    for _ in range(rng.randint(1, 3)):
        cloud(
            backdrop,
            rng.uniform(0, width),
            backdrop.y(rng.uniform(0.05, 0.2)),
            rng.uniform(0.06, 0.1) * width,
        )
    x = -10.0
    while x < width + 10:
        radius = rng.uniform(0.035, 0.06) * width
        top = horizon - rng.uniform(1.2, 2.0) * radius
        backdrop.rect(x - 2, top + radius, 4, horizon - top - radius + 2, "#6b5843")
        backdrop.canvas.add("circle", cx=x, cy=top + radius, r=radius, fill=rng.choice(TREES))
        x += radius * rng.uniform(1.0, 1.6)
    lawn = backdrop.gradient("lawn", ((0, "#9dbd74"), (1, "#6b9a4b")))
    backdrop.rect(0, horizon, width, height - horizon, lawn)
    bend = rng.uniform(-0.15, 0.15) * width
    far_x, near_x = width * rng.uniform(0.4, 0.6), width * rng.uniform(0.35, 0.65)
    backdrop.canvas.add(
        "path",
        d=(
            f"M{far_x - 6:.1f},{horizon:.1f} L{far_x + 6:.1f},{horizon:.1f} "
            f"Q{near_x + bend + 0.1 * width:.1f},{backdrop.y(0.7):.1f} "
            f"{near_x + 0.13 * width:.1f},{height:.1f} "
            f"L{near_x - 0.13 * width:.1f},{height:.1f} "
            f"Q{near_x + bend - 0.1 * width:.1f},{backdrop.y(0.7):.1f} {far_x - 6:.1f},{horizon:.1f} Z"
        ),
        fill=backdrop.gradient("path", ((0, "#d9cba8"), (1, "#c9b78f"))),
    )
    for _ in range(90):
        tx, ty = rng.uniform(0, width), rng.uniform(horizon + 4, height)
        size = 2 + 6 * (ty - horizon) / (height - horizon)
        backdrop.canvas.add(
            "path",
            d=f"M{tx - size:.1f},{ty - size:.1f} L{tx:.1f},{ty:.1f} L{tx + size:.1f},{ty - size:.1f}",
            fill="none",
            stroke=TUFT,
            stroke_width=1.2,
        )
    for _ in range(rng.randint(2, 4)):
        bx, by = rng.uniform(0, width), backdrop.y(rng.uniform(0.45, 0.6))
        radius = rng.uniform(0.03, 0.05) * width
        if backdrop.clear(Box(bx - 2 * radius, by - radius, 4 * radius, 2 * radius), pad=4):
            for dx in (-0.8, 0.0, 0.8):
                backdrop.canvas.add("circle", cx=bx + dx * radius, cy=by, r=radius, fill=rng.choice(TREES))
    warmth = 0.16 if backdrop.light == "left" else 0.0
    light = backdrop.gradient(
        "park-light", ((0, "#fff6d8", warmth), (1, "#fff6d8", 0.16 - warmth)), start=(0, 0), end=(1, 0)
    )
    backdrop.rect(0, 0, width, height, light)


SETTING = Setting(
    name="park",
    rows=((AIR,), (GROUND,), (GROUND,)),
    supports={GROUND: ((HORIZON + 0.02, 0.985),), AIR: ((0.02, 0.3),)},
    draw=draw,
    camera=Camera(near=NEAR, vanishing=HORIZON, air=KITES),
    zooms=zoom_levels(0.6, 1.2),
)
