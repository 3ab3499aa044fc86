"""One synthetic AIpsych scene: its setting, the two asked objects (the truth) and the unasked ones.

An asked object is a (name, colour, position phrase) triple: a catalogue object, a palette colour,
and a phrase of the release's position vocabulary, whose grid cell it is drawn in. That triple is
the ground truth every description and question is made from. Unasked objects are (name, tone, row)
triples: drawn in a shade of the palette colour `tone`, never the palette colour itself, and never
an object a question could mean (they share no head noun with an asked one), at a depth of the grid
row named. `zoom` says how close
the camera is (`scale`): every object named must be legible and fit a grid cell at it, and `depths`
says where in depth each stands (its placement and pixels per metre, `depth`), so a spec fixes every
object's size. `plan` makes specs; `layout` places what a spec names across the image, from its
`seed_key` and edition.
"""

from __future__ import annotations

import dataclasses

from builders.aipsych.lighting import LIGHTS
from builders.aipsych.objects import CATALOGUE
from builders.aipsych.positions import POSITIONS, cell_of
from builders.aipsych.scale import depth_range, placements_at
from builders.aipsych.settings import SETTINGS, Setting
from builders.core.errors import SpecError
from builders.core.spec import Spec

CONFIG = "synthetic"
#: COCO's typical photo size (val2014 images are mostly 640 x 480).
WIDTH, HEIGHT = 640, 480
#: The smallest scene drawn: every object still a few dozen pixels tall.
MIN_WIDTH, MIN_HEIGHT = 320, 240


@dataclasses.dataclass(frozen=True)
class SceneObject:
    """One asked object of a scene: catalogue name, palette colour, position phrase."""

    name: str
    colour: str
    position: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class SceneSpec(Spec):
    """A scene: its setting, two asked objects, the unasked ones, the light; `seed_key` seeds its layout."""

    kind = "aipsych_scene"

    seed_key: str
    setting: str
    #: (name, colour, position) of object 1 and object 2.
    objects: tuple[tuple[str, str, str], ...]
    #: (name, tone, grid row) of every unasked object: the row its depth is drawn for (`unasked`).
    clutter: tuple[tuple[str, str, int], ...] = ()
    light: str = "left"
    #: How close the camera is: one of the setting's zooms scales every object's pixels per metre.
    zoom: float = 1.0
    #: (placement, pixels per metre) of every object: the two asked ones, then the unasked in order.
    depths: tuple[tuple[str, float], ...]
    width: int = WIDTH
    height: int = HEIGHT

    def __post_init__(self) -> None:
        if self.width < MIN_WIDTH or self.height < MIN_HEIGHT:
            raise SpecError(
                f"scene size {self.width}x{self.height} is too small; use at least {MIN_WIDTH}x{MIN_HEIGHT}"
            )
        if not self.zoom > 0:
            raise SpecError(f"zoom must be positive, got {self.zoom!r}")
        _check(self.setting, tuple(SETTINGS), "setting")
        _check(self.light, LIGHTS, "light")
        if len(self.objects) != 2:
            raise SpecError(
                f"a scene has exactly two asked objects, got {len(self.objects)}: {self.objects!r}"
            )
        setting = SETTINGS[self.setting]
        for name, colour, position in self.objects:
            _check(name, tuple(CATALOGUE), "object")
            _check(colour, CATALOGUE[name].colours, f"colour of a {name}")
            _check(position, POSITIONS, "position")
            if not placements_at(CATALOGUE[name], setting, cell_of(position)[1], *self.size, self.zoom):
                raise SpecError(
                    f"a {name} has no place on the {position} of a {self.setting} scene at zoom {self.zoom:g}"
                )
        (first, _, here), (second, _, there) = self.objects
        if CATALOGUE[first].head == CATALOGUE[second].head or cell_of(here) == cell_of(there):
            raise SpecError(f"the two asked objects need different nouns and cells, got {self.objects!r}")
        heads = {CATALOGUE[first].head, CATALOGUE[second].head}
        for name, tone, row in self.clutter:
            _check(name, tuple(CATALOGUE), "object")
            _check(tone, CATALOGUE[name].colours, f"tone of a {name}")
            if row not in (0, 1, 2):
                raise SpecError(f"an unasked object's grid row is 0, 1 or 2, got {row!r}")
            if CATALOGUE[name].head in heads or not placements_at(
                CATALOGUE[name], setting, row, *self.size, self.zoom
            ):
                raise SpecError(
                    f"an unasked {name} cannot be in a {self.setting} scene at zoom {self.zoom:g} "
                    f"asking about {sorted(heads)}"
                )
        self._check_depths(setting)

    def _check_depths(self, setting: Setting) -> None:
        """Each object's depth is one its grid row allows: a placement it may take there, and pixels per
        metre where it is legible and fits (`scale.depth_range`)."""
        rows = [(name, cell_of(position)[1]) for name, _, position in self.objects]
        rows += [(name, row) for name, _, row in self.clutter]
        if len(self.depths) != len(rows):
            raise SpecError(
                f"a scene of {len(rows)} objects needs a depth (placement, pixels per metre) for each, "
                f"got {self.depths!r}"
            )
        for (name, row), (placement, ppm) in zip(rows, self.depths, strict=True):
            if placement not in placements_at(CATALOGUE[name], setting, row, *self.size, self.zoom):
                raise SpecError(f"a {name} cannot stand on {placement!r} in grid row {row} of this scene")
            low, high = depth_range(CATALOGUE[name], setting, placement, row, *self.size, self.zoom)
            if not low * (1 - 1e-9) <= ppm <= high * (1 + 1e-9):
                raise SpecError(
                    f"a {name} on {placement!r} in grid row {row} stands at {low:g} to {high:g} pixels per "
                    f"metre, got {ppm!r}"
                )

    @property
    def scene_objects(self) -> tuple[SceneObject, SceneObject]:
        first, second = (SceneObject(*triple) for triple in self.objects)
        return first, second

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def image_id(self) -> str:
        return self.seed_key


def _check(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise SpecError(f"unknown {what} {value!r}; choose from: {', '.join(allowed)}")
