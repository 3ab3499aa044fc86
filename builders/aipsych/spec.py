"""One synthetic AIpsych scene, and the presets that plan them.

A scene is two catalogue objects, each with a palette colour and a position string; that triple is
the ground truth every description and question is made from. Scene `i` is a pure function of
`i`: each choice cycles through its vocabulary in an order shuffled per block by `rng_for`, so
each block of 24 consecutive scenes names every object once as object 1 and once as object 2,
and colours and positions are balanced in the same way. The `lite` preset is the first 24 scenes of `paper`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import TypeVar

from builders.aipsych.objects import OBJECT_NAMES
from builders.aipsych.vocabulary import COLOURS, POSITIONS
from builders.core.errors import SpecError, UsageError
from builders.core.hashing import rng_for
from builders.core.spec import Spec

#: COCO's typical photo size (val2014 images are mostly 640 x 480).
WIDTH, HEIGHT = 640, 480
MIN_WIDTH, MIN_HEIGHT = 120, 90
#: Scenes per preset: `paper` matches the paper's 3,000 images (60,000 questions).
PRESETS: dict[str, int] = {"paper": 3000, "lite": 24}
CONFIG = "synthetic"
T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class SceneObject:
    """One object of a scene: COCO category name, palette colour, position string."""

    name: str
    colour: str
    position: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class SceneSpec(Spec):
    """Two objects in distinct grid cells; `seed_key` seeds the layout and the colour distractors."""

    kind = "aipsych_scene"

    seed_key: str
    #: (name, colour, position) of object 1 and object 2.
    objects: tuple[tuple[str, str, str], ...]
    width: int = WIDTH
    height: int = HEIGHT

    def __post_init__(self) -> None:
        if len(self.objects) != 2:
            raise SpecError(f"a scene has exactly two objects, got {len(self.objects)}: {self.objects!r}")
        for name, colour, position in self.objects:
            _check(name, OBJECT_NAMES, "object")
            _check(colour, COLOURS, "colour")
            _check(position, POSITIONS, "position")
        (first, _, here), (second, _, there) = self.objects
        if first == second or here == there:
            raise SpecError(f"the two objects need different names and positions, got {self.objects!r}")
        if self.width < MIN_WIDTH or self.height < MIN_HEIGHT:
            raise SpecError(
                f"scene size {self.width}x{self.height} is too small; use at least {MIN_WIDTH}x{MIN_HEIGHT}"
            )

    @property
    def scene_objects(self) -> tuple[SceneObject, SceneObject]:
        first, second = (SceneObject(*triple) for triple in self.objects)
        return first, second

    @property
    def image_id(self) -> str:
        return self.seed_key


def _check(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise SpecError(f"unknown {what} {value!r}; choose from: {', '.join(allowed)}")


def _cycled(items: Sequence[T], index: int, key: str) -> T:
    """`items[...]` for `index`: each block of len(items) indices takes every item once, shuffled."""
    return _paired(items, index, key)[0]


def _paired(items: Sequence[T], index: int, key: str) -> tuple[T, T]:
    """Two different items for `index`; in each block of len(items) indices both run through every item.

    The block's items are shuffled, and the second item is the first one a block-wide shift further on.
    """
    block, offset = divmod(index, len(items))
    rng = rng_for("aipsych", CONFIG, key, block)
    order = list(items)
    rng.shuffle(order)
    shift = rng.randrange(1, len(items))
    return order[offset], order[(offset + shift) % len(items)]


def scene_spec(index: int, *, width: int = WIDTH, height: int = HEIGHT) -> SceneSpec:
    """Scene number `index` of the synthetic config (the same in every preset that includes it)."""
    names = _paired(OBJECT_NAMES, index, "objects")
    positions = _paired(POSITIONS, index, "positions")
    colours = (_cycled(COLOURS, index, "first-colour"), _cycled(COLOURS, index, "second-colour"))
    objects = tuple(zip(names, colours, positions, strict=True))
    return SceneSpec(seed_key=f"{CONFIG}-{index:05d}", objects=objects, width=width, height=height)


def plan(preset: str) -> Iterator[SceneSpec]:
    """Every scene of `preset`, in order."""
    if preset not in PRESETS:
        raise UsageError(f"unknown preset {preset!r} for aipsych; choose from: {', '.join(PRESETS)}")
    for index in range(PRESETS[preset]):
        yield scene_spec(index)
