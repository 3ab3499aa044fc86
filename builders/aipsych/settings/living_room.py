"""A living room: a painted wall with a window, pictures and a shelf, a plank floor receding to it."""

from __future__ import annotations

from builders.aipsych.camera import Camera
from builders.aipsych.geometry import Box
from builders.aipsych.placements import GROUND, SHELF, WALL
from builders.aipsych.scale import zoom_levels
from builders.aipsych.settings.base import Backdrop, Setting

FLOOR, SHELF_TOP = 0.58, 0.3
#: Pixels per metre at the bottom edge, and where the floorboards meet (eye height).
NEAR, VANISHING = 190.0, 0.1
WALL_PAINT = ("#cbb9a0", "#b9c1ae", "#c8b7b2", "#b7bfc6")
BOARD, BOARD_LINE = "#b08660", "#8c6847"


def draw(backdrop: Backdrop) -> None:
    width, height, rng = backdrop.width, backdrop.height, backdrop.rng
    floor = backdrop.y(FLOOR)
    paint = rng.choice(WALL_PAINT)
    backdrop.rect(0, 0, width, floor, paint)
    for _ in range(8):
        wx = rng.uniform(0.05, 0.65) * width
        window = Box(wx, backdrop.y(0.06), 0.26 * width, backdrop.y(0.2))
        if backdrop.clear(window, pad=6):
            _window(backdrop, window)
            break
    hung: list[Box] = []
    for _ in range(6):
        px, py = rng.uniform(0.05, 0.85) * width, backdrop.y(rng.uniform(0.34, 0.4))
        picture = Box(px, py, rng.uniform(0.08, 0.12) * width, backdrop.y(0.1))
        if (
            len(hung) < 2
            and backdrop.clear(picture, pad=4)
            and not any(picture.grown(8).overlaps(h) for h in hung)
        ):
            hung.append(picture)
            backdrop.rect(picture.x, picture.y, picture.width, picture.height, "#6d5a48")
            backdrop.rect(picture.x + 4, picture.y + 4, picture.width - 8, picture.height - 8, "#9fb2a4")
            backdrop.polygon(
                [
                    (picture.x + 4, picture.bottom - 4),
                    (picture.x + picture.width * 0.45, picture.y + picture.height * 0.4),
                    (picture.right - 4, picture.bottom - 4),
                ],
                "#6f8a74",
            )
    shelf = backdrop.y(SHELF_TOP)
    below = backdrop.gradient("room-shelf-shadow", ((0, "#2e2218", 0.25), (1, "#2e2218", 0)))
    backdrop.rect(backdrop.x(0.02), shelf + 7, backdrop.x(0.96), backdrop.y(0.035), below)
    backdrop.rect(backdrop.x(0.02), shelf, backdrop.x(0.96), 7, "#9b7655", stroke="#6d5039", stroke_width=1.5)
    backdrop.rect(
        0, floor - backdrop.y(0.02), width, backdrop.y(0.02), "#eee7da", stroke="#c9bfae", stroke_width=1
    )
    boards = backdrop.gradient("boards", ((0, "#a47b55"), (1, BOARD)))
    backdrop.rect(0, floor, width, height - floor, boards)
    vanishing = (width / 2 + rng.uniform(-0.1, 0.1) * width, backdrop.y(VANISHING))
    for index in range(-14, 15):
        foot = width / 2 + index * width / 9
        lean = (foot - vanishing[0]) / (height - vanishing[1])
        far = vanishing[0] + lean * (floor - vanishing[1])
        backdrop.canvas.add("line", x1=far, y1=floor, x2=foot, y2=height, stroke=BOARD_LINE, stroke_width=1.5)
    side = 1 if backdrop.light == "left" else -1
    patch = [
        (width / 2 - side * 0.45 * width, floor + backdrop.y(0.05)),
        (width / 2 - side * 0.15 * width, floor + backdrop.y(0.05)),
        (width / 2 + side * 0.05 * width, height),
        (width / 2 - side * 0.35 * width, height),
    ]
    backdrop.polygon(patch, "#fff6e0", fill_opacity=0.14)
    wall_light = backdrop.gradient(
        "wall-light",
        ((0, "#fff6e0", 0.22 if side > 0 else 0), (1, "#fff6e0", 0 if side > 0 else 0.22)),
        start=(0, 0),
        end=(1, 0),
    )
    backdrop.rect(0, 0, width, floor, wall_light)


def _window(backdrop: Backdrop, box: Box) -> None:
    view = backdrop.gradient("window-sky", ((0, "#8db6dc"), (1, "#d9e8ef")))
    backdrop.rect(box.x, box.y, box.width, box.height, view, stroke="#efe9de", stroke_width=6)
    backdrop.canvas.add(
        "line",
        x1=box.x + box.width / 2,
        y1=box.y,
        x2=box.x + box.width / 2,
        y2=box.bottom,
        stroke="#efe9de",
        stroke_width=4,
    )
    for x in (box.x - 10, box.right - 4):
        backdrop.rect(x, box.y - 6, 14, box.height + 20, "#b79a86")


SETTING = Setting(
    name="living_room",
    rows=((SHELF, WALL), (GROUND,), (GROUND,)),
    supports={SHELF: ((SHELF_TOP, SHELF_TOP),), WALL: ((0.03, 0.27),), GROUND: ((FLOOR + 0.02, 0.985),)},
    draw=draw,
    camera=Camera(near=NEAR, vanishing=VANISHING, wall=FLOOR),
    zooms=zoom_levels(0.85, 1.65, 6),
)
