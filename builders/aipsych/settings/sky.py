"""Open sky: a deepening blue towards the top, the sun's glow on the lit side, clouds, far hills."""

from __future__ import annotations

from builders.aipsych.camera import Camera
from builders.aipsych.geometry import Box
from builders.aipsych.placements import AIR
from builders.aipsych.scale import zoom_levels
from builders.aipsych.settings.base import Backdrop, Setting

CLOUD, CLOUD_SHADE = "#f2f5f9", "#d3dbe6"
#: Pixels per metre of things in the open sky at the widest zoom: aircraft from a few hundred metres to a
#: few kilometres away. Closer zooms look at nearer things: kites and hot air balloons, then birds.
AIR_BAND = (1.0, 8.0)


def draw(backdrop: Backdrop) -> None:
    width, height = backdrop.width, backdrop.height
    sky = backdrop.gradient("sky", ((0, "#4f84c4"), (0.7, "#93bce0"), (1, "#d4e4ef")))
    backdrop.rect(0, 0, width, height, sky)
    glow = backdrop.gradient(
        "sun", ((0, "#fff4d6", 0.85), (0.4, "#fff4d6", 0.25), (1, "#fff4d6", 0)), radial=True
    )
    backdrop.canvas.add("circle", cx=backdrop.lit_x, cy=0, r=0.55 * width, fill=glow)
    rng = backdrop.rng
    hills: list[tuple[float, float]] = [(0.0, height)]
    x = 0.0
    while x < width:
        hills.append((x, height * rng.uniform(0.9, 0.95)))
        x += width * rng.uniform(0.08, 0.16)
    hills += [(width, height * rng.uniform(0.9, 0.95)), (width, height)]
    backdrop.polygon(hills, backdrop.gradient("hills", ((0, "#8ea89a"), (1, "#6f8c7c"))))
    for _ in range(rng.randint(2, 5)):
        cloud(
            backdrop, rng.uniform(0, width), rng.uniform(0.05, 0.8) * height, rng.uniform(0.08, 0.16) * width
        )


def cloud(backdrop: Backdrop, cx: float, cy: float, size: float) -> None:
    """A cumulus of overlapping puffs, shaded underneath; left out where it would cover an asked object."""
    if not backdrop.clear(Box(cx - size, cy - 0.5 * size, 2 * size, 0.8 * size), pad=4):
        return
    rng = backdrop.rng
    puffs = [
        (cx + size * rng.uniform(-0.8, 0.8), cy - size * rng.uniform(0, 0.3), size * rng.uniform(0.25, 0.4))
    ]
    puffs += [(cx + size * dx, cy, size * 0.3) for dx in (-0.6, -0.2, 0.2, 0.6)]
    for px, py, r in puffs:
        backdrop.canvas.add("circle", cx=px, cy=py + 0.12 * r, r=r, fill=CLOUD_SHADE)
    for px, py, r in puffs:
        backdrop.canvas.add("circle", cx=px, cy=py, r=0.92 * r, fill=CLOUD)


SETTING = Setting(
    name="sky",
    rows=((AIR,), (AIR,), (AIR,)),
    supports={AIR: ((0.02, 0.98),)},
    draw=draw,
    camera=Camera(near=0.0, vanishing=1.0, air=AIR_BAND),
    zooms=zoom_levels(1.0, 64.0, 7),
    most_unasked=4,
)
