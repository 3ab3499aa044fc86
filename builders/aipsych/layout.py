"""Where every object of a scene is drawn, how large, in what order, and facing which way: geometry only.

Every object is sized by the one law of `scale`: the spec gives its depth (placement and pixels per
metre, where it is legible and fits a grid cell; `depth`), and its size follows from its real size
and that depth. An asked object stands in the cell its position phrase names. An unasked one stands
anywhere across the image at the depth given for its own grid row (`unasked`). So a kind is drawn as
large whether it is asked about or not.

Things further away are drawn first. Where an unasked object's depth is in front of an asked one
(on a plane or in the air), it is slid across it in even steps to hide part of it from one side
(those that hide between `HIDE` of it, within the other rules, are drawn among); no arrangement
hides more of an asked object's ink, or of its exact colour, than leaves `VISIBLE` of it (with
`INK_MARGIN` to spare; `ink`). Nothing stands so that a farther thing seems to rest on a nearer
one (its feet hidden behind it, or touching its top, across more than `BASE_SHARE` of its width);
a nearer object covers at most `MAX_OVERLAP` of an unasked one's box where it can, and never
`MOST_COVERED` of it, so every unasked object shows; things in the air overlap
only things in the air. The two asked objects are in different cells, so they never overlap.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence

from builders.aipsych.depth import Depth
from builders.aipsych.geometry import Box
from builders.aipsych.ink import INK, share_inside
from builders.aipsych.objects import CATALOGUE, Figure
from builders.aipsych.placements import AIR, AT_WALL, PLANES, SHELF
from builders.aipsych.positions import cell_of
from builders.aipsych.scale import depth_range, room_of, row_room, size_at
from builders.aipsych.settings import SETTINGS, Setting
from builders.aipsych.spec import SceneSpec
from builders.core.hashing import rng_for
from builders.core.svg import fmt

#: The share of an asked object's ink that stays in view whatever stands in front of it.
VISIBLE = 0.6
#: Kept in hand above `VISIBLE` by the layout's ink bound, against rounding at small sizes and the
#: shadow an object in front casts, which the bound does not count (at 6 points one paper scene's car
#: showed under 60 % of its exact colour).
INK_MARGIN = 0.1
#: How much of an occluded asked object's ink the object in front aims to cover (an upper bound).
HIDE = (0.2, 1 - VISIBLE - INK_MARGIN)
#: The most of a farther object's width whose feet a nearer object may hide or stand just under.
BASE_SHARE = 0.5
#: The largest share of an unasked object's box a nearer object may cover, and the share it covers
#: only if nothing else will do (`BURYING`: so no unasked object is hidden whole).
MAX_OVERLAP, MOST_COVERED = 0.35, 0.7
#: Random spots tried for an unasked object within the rules, before the least bad of `SLIDES` even
#: steps along its row is taken (and the steps tried for an object set in front of an asked one);
#: how often its depth is drawn again if every spot hides too much of an asked object.
TRIES, SLIDES, REDRAWS = 40, 48, 4
#: What hiding too much of an asked object weighs against the other rules: more than all of them; and
#: what covering `MOST_COVERED` of an unasked one weighs: more than the rules but `MAX_OVERLAP`.
HIDING, BURYING = 100.0, 10.0


@dataclasses.dataclass(frozen=True)
class Placed:
    """One object as drawn: what it is, where, how near, whether it is asked about, and how it faces."""

    name: str
    box: Box
    placement: str
    asked: int | None  # 0 or 1: the object's index in the spec; None: unasked
    colour: str  # a palette name: the exact colour (asked) or the tone it is drawn in (unasked)
    mirrored: bool
    #: Pixels per metre where it stands: larger is nearer (a plain scene: how low its base is).
    nearness: float

    def order(self) -> tuple[float, int]:
        """Sort key, back to front: nearness, and an asked object after an unasked one as near."""
        return (self.nearness, 0 if self.asked is None else 1)

    def transform(self, dx: float = 0.0, dy: float = 0.0) -> str:
        """The SVG transform that draws its figure (design units) into its box, moved by (dx, dy)."""
        scale = self.box.width / CATALOGUE[self.name].width
        x, y = fmt((self.box.right if self.mirrored else self.box.x) + dx), fmt(self.box.y + dy)
        if self.mirrored:
            return f"translate({x} {y}) scale({fmt(-scale)} {fmt(scale)})"
        return f"translate({x} {y}) scale({fmt(scale)})"


@functools.lru_cache(maxsize=4)
def lay_out(spec: SceneSpec) -> tuple[Placed, ...]:
    """Every object of `spec` placed, in drawing order (back to front)."""
    rng = rng_for("aipsych", "layout", spec.seed_key, edition=spec.edition)
    scene = _Scene(spec, SETTINGS[spec.setting])
    asked = [
        scene.asked(CATALOGUE[name], colour, position, index, spec.depths[index], rng)
        for index, (name, colour, position) in enumerate(spec.objects)
    ]
    waiting = [item for item in asked if scene.hideable(item)]
    placed = list(asked)
    for (name, tone, row), (placement, ppm) in zip(spec.clutter, spec.depths[len(asked) :], strict=True):
        drawn = _Drawn(CATALOGUE[name], tone, placement, ppm, row)
        for target in waiting:
            item = scene.in_front(drawn, target, placed, rng)
            if item is not None:
                waiting.remove(target)
                break
        else:
            item = scene.clear(drawn, placed, rng)
        placed.append(item)
    return tuple(sorted(placed, key=Placed.order))


def cell_box(position: str, width: int, height: int) -> Box:
    """The image region a position phrase names: one cell of a 3 x 3 grid.

    >>> cell_box("bottom center", 640, 480)
    Box(x=213.33333333333334, y=320.0, width=213.33333333333334, height=160.0)
    """
    column, row = cell_of(position)
    return Box(column * width / 3, row * height / 3, width / 3, height / 3)


@dataclasses.dataclass(frozen=True)
class _Drawn:
    """An unasked object at its depth (the spec's); where along its depth it stands is free."""

    figure: Figure
    tone: str
    placement: str
    ppm: float
    row: int  # the grid row its depth was drawn for


@dataclasses.dataclass(frozen=True)
class _Scene:
    """The placing rules of one spec's scene."""

    spec: SceneSpec
    setting: Setting

    def asked(
        self, figure: Figure, colour: str, position: str, index: int, depth: Depth, rng: random.Random
    ) -> Placed:
        """An asked object inside the cell `position` names, at its `depth`."""
        placement, ppm = depth
        room = room_of(cell_box(position, *self.spec.size))
        box = self._box(figure, placement, ppm, room, room, rng)
        return Placed(
            figure.name, box, placement, index, colour, rng.random() < 0.5, self._nearness(ppm, box)
        )

    def clear(self, drawn: _Drawn, placed: list[Placed], rng: random.Random) -> Placed:
        """`drawn` at the first of `TRIES` spots across the image within the rules; failing that, the
        spot (of `SLIDES` along its row) that breaks them least, hiding no asked object beyond
        `VISIBLE` and no unasked one beyond `MOST_COVERED`: if none at its depth does, its depth is
        drawn again (up to `REDRAWS` times; in a paper edition, for a handful of objects)."""
        best: tuple[float, Placed] | None = None
        for redraw in range(REDRAWS + 1):
            if redraw:
                low, high = depth_range(
                    drawn.figure, self.setting, drawn.placement, drawn.row, *self.spec.size, self.spec.zoom
                )
                drawn = dataclasses.replace(drawn, ppm=rng.uniform(low, high))
            for _ in range(TRIES):
                candidate = self._spot(drawn, rng)
                if _badness(candidate, placed, self.spec.light) == 0:
                    return candidate
            for step in range(SLIDES + 1):
                slid = self._slid(candidate, step)
                badness = _badness(slid, placed, self.spec.light)
                if best is None or badness < best[0]:
                    best = (badness, slid)
            assert best is not None  # SLIDES + 1 spots were weighed
            if best[0] < BURYING:
                break
        assert best is not None
        return best[1]

    def hideable(self, item: Placed) -> bool:
        """Whether an unasked object can stand in front of `item` (on a plane, or in the air)."""
        return self.setting.camera is not None and (item.placement in PLANES or item.placement == AIR)

    def in_front(
        self, drawn: _Drawn, target: Placed, placed: list[Placed], rng: random.Random
    ) -> Placed | None:
        """`drawn` moved along its depth to hide part of `target` from one side, or None if its depth
        is not in front of `target`, or no spot hides enough within the rules."""
        candidate = self._spot(drawn, rng)
        if not _in_front(candidate, target):
            return None
        if target.placement == AIR:  # nothing fixes its height in the air: bring it level
            (top, bottom), *_ = self.setting.supports[AIR]
            y = target.box.y + rng.uniform(-0.3, 0.3) * target.box.height
            high = bottom * self.spec.height - candidate.box.height
            candidate = _moved(candidate, y=max(min(y, high), top * self.spec.height))
        slides = [self._across(candidate, target, step) for step in range(SLIDES + 1)]
        hiding = [
            item
            for item in slides
            if HIDE[0] <= hidden(target, [item], self.spec.light) <= HIDE[1]
            and _badness(item, placed, self.spec.light) == 0
        ]
        return rng.choice(hiding) if hiding else None

    def _spot(self, drawn: _Drawn, rng: random.Random) -> Placed:
        """`drawn` at a random spot across the image, facing a random way."""
        room = row_room(drawn.row, *self.spec.size)
        across = Box(2, room.y, self.spec.width - 4, room.height)
        box = self._box(drawn.figure, drawn.placement, drawn.ppm, room, across, rng)
        nearness = self._nearness(drawn.ppm, box)
        return Placed(drawn.figure.name, box, drawn.placement, None, drawn.tone, rng.random() < 0.5, nearness)

    def _across(self, item: Placed, target: Placed, step: int) -> Placed:
        """`item` moved to the `step`-th of `SLIDES` even steps from just left of `target` (touching its
        left edge) to just right of it (touching its right edge), kept inside the image."""
        left, right = target.box.x - item.box.width, target.box.right
        x = left + (right - left) * step / SLIDES
        return _moved(item, x=min(max(x, 2.0), self.spec.width - 2 - item.box.width))

    def _slid(self, item: Placed, step: int) -> Placed:
        """`item` moved to the `step`-th of `SLIDES` even steps from the image's left edge to its right."""
        return _moved(item, x=2 + (self.spec.width - 4 - item.box.width) * step / SLIDES)

    def _box(
        self, figure: Figure, placement: str, ppm: float, room: Box, across: Box, rng: random.Random
    ) -> Box:
        """The box of `figure` at `ppm`: its feet on its plane or shelf, or within its band of the wall
        or the air, inside `room` from top to bottom and anywhere along `across`."""
        width, height = size_at(figure, ppm)
        camera, size = self.setting.camera, self.spec.height
        x = rng.uniform(across.x, across.right - width)
        if camera is not None and placement in PLANES:
            return Box(x, camera.feet(ppm, size, self.spec.zoom) - height, width, height)
        if camera is not None and placement == SHELF:
            return Box(x, self.setting.supports[SHELF][0][0] * size - height, width, height)
        (top, bottom), *_ = self.setting.supports[placement]
        low, high = max(room.y, top * size), min(room.bottom, bottom * size) - height
        return Box(x, rng.uniform(low, max(low, high)), width, height)

    def _nearness(self, ppm: float, box: Box) -> float:
        return box.bottom if self.setting.camera is None else ppm


def _moved(item: Placed, **where: float) -> Placed:
    """`item` with its box moved to `x` and/or `y`."""
    return dataclasses.replace(item, box=dataclasses.replace(item.box, **where))


def _in_front(candidate: Placed, target: Placed) -> bool:
    """Whether `candidate` stands nearer than `target` where it can hide part of it."""
    if candidate.nearness <= target.nearness:
        return False
    if target.placement == AIR:
        return candidate.placement == AIR
    return candidate.placement in PLANES and candidate.box.y < target.box.bottom - 0.25 * target.box.height


def _badness(candidate: Placed, placed: Sequence[Placed], light: str) -> float:
    """How far `candidate` breaks the rules among `placed` (0: not at all)."""
    bad = 0.0
    for other in placed:
        if not candidate.box.overlaps(other.box):
            continue
        if (candidate.placement == AIR) != (other.placement == AIR):
            bad += 1.0
            continue
        far, near = sorted((candidate, other), key=Placed.order)
        bad += _resting(far, near)
        if far.asked is None:
            covered = far.box.overlap_area(near.box) / far.box.area
            bad += max(0.0, covered - MAX_OVERLAP) + (BURYING if covered > MOST_COVERED else 0.0)
    for target in placed:
        if (
            target.asked is not None
            and target.order() < candidate.order()
            and candidate.box.overlaps(target.box)
        ):
            fronts = [item for item in (*placed, candidate) if item.order() > target.order()]
            if hidden(target, fronts, light) > 1 - VISIBLE - INK_MARGIN:
                bad += HIDING
    return bad


def hidden(target: Placed, fronts: Sequence[Placed], light: str) -> float:
    """At most how much of `target` (of its ink, and of its exact colour) `fronts` cover."""
    facing = light if not target.mirrored else ("right" if light == "left" else "left")
    return max(
        sum(share_inside(target.name, which, target.box, target.mirrored, item.box) for item in fronts)
        for which in (INK, facing)
    )


def _resting(far: Placed, near: Placed) -> float:
    """How far `far` seems to rest on `near`: its feet hidden behind it or just above its top, across
    more than `BASE_SHARE` of its width."""
    if (far.placement in AT_WALL and near.placement not in AT_WALL) or far.placement == AIR:
        return 0.0
    shared = min(far.box.right, near.box.right) - max(far.box.x, near.box.x)
    touching = far.box.bottom > near.box.y - max(4.0, 0.1 * far.box.height)
    return max(0.0, shared / far.box.width - BASE_SHARE) if touching else 0.0
