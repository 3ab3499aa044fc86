"""A table top seen from a chair: a strip of wall, then the wooden top receding to its far edge."""

from __future__ import annotations

from builders.aipsych.camera import Camera
from builders.aipsych.placements import SURFACE
from builders.aipsych.scale import zoom_levels
from builders.aipsych.settings.base import Backdrop, Setting

FAR_EDGE = 0.13
#: Seen from a chair at the table: pixels per metre at its near edge, and where its grain lines meet.
NEAR, VANISHING = 520.0, FAR_EDGE - 0.6


def draw(backdrop: Backdrop) -> None:
    width, height, rng = backdrop.width, backdrop.height, backdrop.rng
    edge = backdrop.y(FAR_EDGE)
    wall = backdrop.gradient("table-wall", ((0, "#cdbfa9"), (1, "#b9ab95")))
    backdrop.rect(0, 0, width, edge, wall)
    top = backdrop.gradient("table-top", ((0, "#b98d60"), (1, "#c99d6d")))
    backdrop.rect(0, edge, width, height - edge, top)
    backdrop.rect(0, edge, width, 4, "#8a6440")
    vanishing = (width * rng.uniform(0.4, 0.6), backdrop.y(VANISHING))
    for index in range(-11, 12):
        foot = width / 2 + index * width / 8 + rng.uniform(-8, 8)
        lean = (foot - vanishing[0]) / (height - vanishing[1])
        far = foot - lean * (height - edge)
        backdrop.canvas.add(
            "path",
            d=(
                f"M{far:.1f},{edge + 4:.1f} Q{(far + foot) / 2 + rng.uniform(-6, 6):.1f},"
                f"{(edge + height) / 2:.1f} {foot:.1f},{height:.1f}"
            ),
            fill="none",
            stroke="#a67c52",
            stroke_width=rng.uniform(0.8, 2.0),
        )
    pool = backdrop.gradient("lamp", ((0, "#fff3d6", 0.32), (1, "#fff3d6", 0)), radial=True)
    cx = backdrop.x(0.25 if backdrop.light == "left" else 0.75)
    backdrop.canvas.add("ellipse", cx=cx, cy=backdrop.y(0.55), rx=0.5 * width, ry=0.45 * height, fill=pool)
    shade = backdrop.gradient("table-near", ((0, "#2a1c10", 0), (0.7, "#2a1c10", 0), (1, "#2a1c10", 0.16)))
    backdrop.rect(0, edge, width, height - edge, shade)


SETTING = Setting(
    name="table_top",
    rows=((SURFACE,), (SURFACE,), (SURFACE,)),
    supports={SURFACE: ((0.19, 0.985),)},
    draw=draw,
    camera=Camera(near=NEAR, vanishing=VANISHING, wall=FAR_EDGE),
    zooms=zoom_levels(0.75, 1.25),
)
