"""Which scenes a build draws: every choice of every scene, balanced where the paper or the release fixes it.

Scene `i` is a pure function of `i`, the parameters and the edition seed, so `lite` is the start of
`paper` and a fresh edition keeps every image id. Positions follow the release's distribution
exactly in every block of `positions.BLOCK` object slots (500 scenes): each block's phrases are
shuffled, then paired so a scene's two objects name different cells. Settings are taken in turn,
and colours cycle through the palette, each block of 12 object slots using every colour once (the
palette order shuffled per block). Each object is then a kind that fits its setting, its row and
its colour; unasked objects are kinds of the setting that share no noun with an asked one. A seed
redraws all of it, keeping those balances.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from typing import TypeVar

from builders.aipsych.lighting import LIGHTS
from builders.aipsych.objects import CATALOGUE, Figure
from builders.aipsych.params import PRESETS, AipsychParameters
from builders.aipsych.positions import BLOCK, block_quota, cell_of
from builders.aipsych.settings import SETTINGS, Setting
from builders.aipsych.spec import CONFIG, SceneSpec
from builders.aipsych.vocabulary import COLOURS
from builders.core.hashing import rng_for

T = TypeVar("T")
SCENES_PER_BLOCK = BLOCK // 2


def plan(params: AipsychParameters, edition: int | None = None) -> Iterator[SceneSpec]:
    """Every scene of a build with `params`, in order."""
    for index in range(params.scenes):
        yield scene_spec(index, params, edition)


def scene_spec(
    index: int, params: AipsychParameters = PRESETS["paper"], edition: int | None = None
) -> SceneSpec:
    """Scene number `index` (the same in every build whose parameters it shares)."""
    key = f"{CONFIG}-{index:05d}"
    rng = rng_for("aipsych", CONFIG, "scene", index, edition=edition)
    setting = SETTINGS[_cycled(params.settings, index, "settings", edition)]
    positions = _positions(index, edition)
    chosen: list[Figure] = []
    heads: set[str] = set()
    objects = []
    for slot, position in enumerate(positions):
        colour = _cycled(COLOURS, 2 * index + slot, "colours", edition)
        fits = [figure for figure in _fitting(setting.name, cell_of(position)[1]) if figure.head not in heads]
        coloured = [figure for figure in fits if colour in figure.colours]
        figure = rng.choice(coloured or fits)
        if colour not in figure.colours:
            colour = rng.choice(figure.colours)
        chosen.append(figure)
        heads.add(figure.head)
        objects.append((figure.name, colour, position))
    low, high = params.clutter_range()
    clutter = _clutter(setting, chosen, {colour for _, colour, _ in objects}, rng.randint(low, high), rng)
    return SceneSpec(
        seed_key=key,
        setting=setting.name,
        objects=tuple(objects),
        clutter=clutter,
        light=rng.choice(LIGHTS),
        width=params.width,
        height=params.height,
        edition=edition,
    )


def _clutter(
    setting: Setting, asked: Sequence[Figure], colours: set[str], count: int, rng: random.Random
) -> tuple[tuple[str, str], ...]:
    """`count` unasked objects of `setting` (fewer if it has fewer kinds), no two sharing a noun, none in
    a tone of an asked object's colour (where the kind comes in another)."""
    heads = {figure.head for figure in asked}
    picked: list[tuple[str, str]] = []
    pool = [figure for figure in _fitting(setting.name, None) if figure.head not in heads]
    rng.shuffle(pool)
    for figure in pool:
        if len(picked) == count:
            break
        if figure.head in heads:
            continue
        heads.add(figure.head)
        tones = [colour for colour in figure.colours if colour not in colours] or list(figure.colours)
        picked.append((figure.name, rng.choice(tones)))
    return tuple(picked)


@functools.cache
def _fitting(setting: str, row: int | None) -> tuple[Figure, ...]:
    """The catalogue objects that may be in `setting` (in image row `row`, if given), in catalogue order."""
    return tuple(figure for figure in CATALOGUE.values() if SETTINGS[setting].placements_of(figure, row))


def _positions(index: int, edition: int | None) -> tuple[str, str]:
    block, offset = divmod(index, SCENES_PER_BLOCK)
    deck = position_deck(block, edition)
    return deck[2 * offset], deck[2 * offset + 1]


@functools.lru_cache(maxsize=8)
def position_deck(block: int, edition: int | None) -> tuple[str, ...]:
    """The phrases of one block's `BLOCK` object slots, in order: each phrase as often as its quota,
    shuffled, with every scene's pair (slots 2j, 2j+1) naming two different cells."""
    deck = [phrase for phrase, count in block_quota().items() for _ in range(count)]
    rng_for("aipsych", CONFIG, "positions", block, edition=edition).shuffle(deck)
    for first in range(0, len(deck), 2):
        if cell_of(deck[first]) != cell_of(deck[first + 1]):
            continue
        swap = next(
            other
            for other in [*range(first + 2, len(deck)), *range(first)]
            if cell_of(deck[other]) != cell_of(deck[first])
            and cell_of(deck[first + 1]) != cell_of(deck[other ^ 1])
        )
        deck[first + 1], deck[swap] = deck[swap], deck[first + 1]
    return tuple(deck)


def _cycled(items: Sequence[T], index: int, key: str, edition: int | None) -> T:
    """`items[...]` for `index`: each block of len(items) indices takes every item once, shuffled."""
    block, offset = divmod(index, len(items))
    order = list(items)
    rng_for("aipsych", CONFIG, key, block, edition=edition).shuffle(order)
    return order[offset]
