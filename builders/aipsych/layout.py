"""Where every object of a scene is drawn, in what order, and facing which way: geometry only.

An asked object sits inside the grid cell its position phrase names (`CELL_MARGIN` of the cell
clear on every side), on a placement its setting offers in that row (on the ground, a shelf, in
the air, ...); on a receding plane it stands at a seeded depth and is drawn smaller the further
back it stands. Unasked objects may go anywhere their placement allows. Things further back are
drawn first; an unasked object drawn in front of an asked one may cover at most
`MAX_COVER` of its box and none of its middle (the central 60 % of its width and height), so an
asked object stays mostly visible. Two asked
objects are in different cells, so they never overlap.
"""

from __future__ import annotations

import dataclasses
import random

from builders.aipsych.geometry import Box
from builders.aipsych.objects import CATALOGUE, Figure
from builders.aipsych.placements import AIR, PLANES, SHELF, WALL
from builders.aipsych.positions import cell_of
from builders.aipsych.settings import SETTINGS, Setting
from builders.aipsych.settings.base import PLAIN
from builders.aipsych.spec import SceneSpec
from builders.core.hashing import rng_for

#: Fraction of the cell's width and height kept clear on each side of an asked object.
CELL_MARGIN = 0.06
#: The largest share of an asked object's box an unasked object drawn in front of it may cover.
MAX_COVER = 0.22
#: The largest share of an asked object's box an unasked object behind it may take (it shows round it).
MAX_BEHIND = 0.35
#: The largest share of the smaller box two unasked objects standing on a plane may share (things that
#: hang or fly never overlap).
MAX_CLUTTER_OVERLAP = 0.35
#: Tries to place an unasked object clear of the rules before it is set behind the asked objects.
TRIES = 40
#: The least height of an asked object, as a share of a cell's (less only where its width does not fit).
ASKED_LEAST = 0.45
#: How large an object on a shelf is drawn (its depth is fixed: the wall).
SHELF_SCALE = 0.8
#: Drawing layers, back to front: things on walls or flying, then on shelves, then on the planes.
LAYERS = {WALL: 0, AIR: 0, SHELF: 1}


@dataclasses.dataclass(frozen=True)
class Placed:
    """One object as drawn: what it is, where, whether it is asked about, and how it faces."""

    name: str
    box: Box
    placement: str
    asked: int | None  # 0 or 1: the object's index in the spec; None: unasked
    colour: str  # a palette name: the exact colour (asked) or the tone it is drawn in (unasked)
    mirrored: bool
    behind: bool = False  # an unasked object that found no clear spot: drawn behind the asked ones

    def order(self) -> tuple[int, float, int]:
        """Sort key: layer, then depth (feet further down are nearer), asked after unasked."""
        layer = -1 if self.behind else LAYERS.get(self.placement, 2)
        depth = self.box.bottom if self.placement in PLANES else 0.0
        return (layer, depth, 0 if self.asked is None else 1)


def lay_out(spec: SceneSpec) -> list[Placed]:
    """Every object of `spec` placed, in drawing order (back to front)."""
    rng = rng_for("aipsych", "layout", spec.seed_key, edition=spec.edition)
    setting = SETTINGS[spec.setting]
    asked = [
        _asked(CATALOGUE[name], colour, position, index, setting, spec, rng)
        for index, (name, colour, position) in enumerate(spec.objects)
    ]
    placed = list(asked)
    for name, tone in spec.clutter:
        placed.append(_unasked(CATALOGUE[name], tone, setting, spec, rng, asked, placed))
    return sorted(placed, key=Placed.order)


def cell_box(position: str, width: int, height: int) -> Box:
    """The image region a position phrase names: one cell of a 3 x 3 grid.

    >>> cell_box("bottom center", 640, 480)
    Box(x=213.33333333333334, y=320.0, width=213.33333333333334, height=160.0)
    """
    column, row = cell_of(position)
    return Box(column * width / 3, row * height / 3, width / 3, height / 3)


def _asked(
    figure: Figure,
    colour: str,
    position: str,
    index: int,
    setting: Setting,
    spec: SceneSpec,
    rng: random.Random,
) -> Placed:
    cell = cell_box(position, spec.width, spec.height)
    room = Box(
        cell.x + CELL_MARGIN * cell.width,
        cell.y + CELL_MARGIN * cell.height,
        cell.width * (1 - 2 * CELL_MARGIN),
        cell.height * (1 - 2 * CELL_MARGIN),
    )
    placement = rng.choice(setting.placements_of(figure, cell_of(position)[1]))
    top, bottom = (fraction * spec.height for fraction in setting.zones[placement])
    low = min(bottom, room.bottom)
    # Feet low enough in the cell that the object's nominal height fits above them.
    nominal = figure.size * setting.zoom * cell.height * (setting.depth_scale(low / spec.height))
    room_for = min(max(nominal, ASKED_LEAST * cell.height), room.height, room.width / figure.aspect)
    feet = (min(low, max(top, room.y + room_for)), low)
    box = _box(figure, placement, setting, spec, rng, room, feet, (0.9, 1.1), least=ASKED_LEAST)
    return Placed(figure.name, box, placement, index, colour, rng.random() < 0.5)


def _box(
    figure: Figure,
    placement: str,
    setting: Setting,
    spec: SceneSpec,
    rng: random.Random,
    room: Box,
    feet: tuple[float, float],
    jitter: tuple[float, float],
    least: float = 0.0,
) -> Box:
    """A box for `figure` inside `room` on `placement`, sized by its depth and kept to its aspect.

    On a plane its feet are drawn from `feet` (a y range); on a shelf they are on the shelf; a
    hanging or flying object lies inside `room` cut to the setting's band for it.
    """
    cell_height = spec.height / 3
    top, bottom = (fraction * spec.height for fraction in setting.zones[placement])
    grounded = setting.name != PLAIN and (placement in PLANES or placement == SHELF)
    if grounded:
        base = rng.uniform(feet[0], max(feet)) if placement in PLANES else top
        scale = setting.depth_scale(base / spec.height) if placement in PLANES else SHELF_SCALE
        ceiling = room.y
    else:
        room = Box(room.x, max(room.y, top), room.width, min(room.bottom, bottom) - max(room.y, top))
        base, scale, ceiling = room.bottom, rng.uniform(0.75, 1.0), room.y
    wanted = max(figure.size * setting.zoom * scale * cell_height * rng.uniform(*jitter), least * cell_height)
    box_h = min(wanted, base - ceiling, room.width / figure.aspect)
    box_w = box_h * figure.aspect
    x = rng.uniform(room.x, room.right - box_w)
    y = base - box_h if grounded else rng.uniform(room.y, room.bottom - box_h)
    return Box(x, y, box_w, box_h)


def _unasked(
    figure: Figure,
    tone: str,
    setting: Setting,
    spec: SceneSpec,
    rng: random.Random,
    asked: list[Placed],
    placed: list[Placed],
) -> Placed:
    """An unasked object: clear of the cover rules if one of `TRIES` spots allows, else set behind."""
    image = Box(2, 2, spec.width - 4, spec.height - 4)
    options = setting.placements_of(figure)
    best: tuple[float, Placed] | None = None
    for _ in range(TRIES):
        placement = rng.choice(options)
        top, bottom = (fraction * spec.height for fraction in setting.zones[placement])
        box = _box(figure, placement, setting, spec, rng, image, (top, bottom), (0.8, 1.1))
        candidate = Placed(figure.name, box, placement, None, tone, rng.random() < 0.5)
        badness = _badness(candidate, asked, placed)
        if badness == 0:
            return candidate
        if best is None or badness < best[0]:
            best = (badness, candidate)
    assert best is not None
    return dataclasses.replace(best[1], behind=True)


def _badness(candidate: Placed, asked: list[Placed], placed: list[Placed]) -> float:
    """How far `candidate` breaks the cover rules (0: not at all)."""
    bad = 0.0
    for target in asked:
        cover = candidate.box.overlap_area(target.box) / target.box.area
        if candidate.placement not in PLANES or target.placement not in PLANES:
            bad += cover  # nothing hangs or flies across an asked object
        elif candidate.order() > target.order():  # drawn in front of it
            box = target.box
            inner = Box(box.x + 0.2 * box.width, box.y + 0.2 * box.height, 0.6 * box.width, 0.6 * box.height)
            bad += max(0.0, cover - MAX_COVER) + candidate.box.overlap_area(inner) / inner.area
        else:
            bad += max(0.0, cover - MAX_BEHIND)
    for other in placed:
        if other.asked is None:
            shared = candidate.box.overlap_area(other.box) / min(candidate.box.area, other.box.area)
            flying = candidate.placement in (AIR, WALL) or other.placement in (AIR, WALL)
            bad += shared if flying else max(0.0, shared - MAX_CLUTTER_OVERLAP)
    return bad
