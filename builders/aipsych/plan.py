"""Which scenes a build draws: every choice of every scene, balanced where the paper or the release fixes it.

Scene `i` is a pure function of `i`, the parameters and the edition seed, so `lite` is the start of
`paper` and a fresh edition keeps every image id. Positions follow the release's distribution
exactly in every block of `positions.BLOCK` object slots (500 scenes): each block's phrases are
shuffled, then paired so a scene's two objects name different cells. Settings are taken in turn,
and colours cycle through the palette, each block of 12 object slots using every colour once (the
palette order shuffled per block). The scene's zoom is drawn among those where both slots have a
kind of their colour that fits their row, and each kind evenly among those (`odds`); its unasked
objects are drawn as asked ones are, from slots of their own, and share no noun with an asked one.
A seed redraws all of it, keeping those balances.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TypeVar

from builders.aipsych.lighting import LIGHTS
from builders.aipsych.objects import CATALOGUE, Figure
from builders.aipsych.odds import pair_zooms, pairs, unasked_odds
from builders.aipsych.params import PRESETS, AipsychParameters
from builders.aipsych.positions import BLOCK, block_quota, cell_of
from builders.aipsych.scale import placements_at
from builders.aipsych.settings import SETTINGS, Setting
from builders.aipsych.spec import CONFIG, SceneSpec
from builders.aipsych.vocabulary import COLOURS
from builders.core.errors import SpecError
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
    size = (params.width, params.height)
    positions = _positions(index, edition)
    colours = [_cycled(COLOURS, 2 * index + slot, "colours", edition) for slot in range(2)]
    (first, second), zoom = _asked(setting, size, positions, colours, rng)
    objects = tuple(
        (figure.name, colour if colour in figure.colours else rng.choice(figure.colours), position)
        for figure, colour, position in zip((first, second), colours, positions, strict=True)
    )
    low, high = params.clutter_range()
    count = min(rng.randint(low, high), setting.most_unasked or high)
    clutter = _clutter(setting, size, zoom, (first, second), set(colours), count, rng)
    return SceneSpec(
        seed_key=key,
        setting=setting.name,
        objects=objects,
        clutter=clutter,
        light=rng.choice(LIGHTS),
        zoom=zoom,
        width=params.width,
        height=params.height,
        edition=edition,
    )


def _asked(
    setting: Setting,
    size: tuple[int, int],
    positions: tuple[str, str],
    colours: list[str],
    rng: random.Random,
) -> tuple[tuple[Figure, Figure], float]:
    """A zoom, and two kinds with different nouns, each of its slot's colour and fitting its row there.

    The zoom is drawn evenly among those the two slots allow (`odds.pair_zooms`), then the first
    kind evenly among its slot's rivals and the second among its own (bar the first's noun). Only
    where no zoom has kinds of both colours are they drawn among kinds of any colour.
    """
    rows = [cell_of(position)[1] for position in positions]
    for wanted in (colours, [None, None]):
        slots = ((rows[0], wanted[0]), (rows[1], wanted[1]))
        zooms = pair_zooms(setting, size, slots)
        if zooms:
            zoom = rng.choice(zooms)
            found = pairs(setting, size, slots, zoom)
            first = rng.choice(list(dict.fromkeys(one for one, _ in found)))
            second = rng.choice([two for one, two in found if one is first])
            return (first, second), zoom
    raise SpecError(f"no two kinds of a {setting.name} scene fit {positions!r} at one zoom")


def _clutter(
    setting: Setting,
    size: tuple[int, int],
    zoom: float,
    asked: Sequence[Figure],
    colours: set[str],
    count: int,
    rng: random.Random,
) -> tuple[tuple[str, str, int], ...]:
    """`count` unasked objects (none if the scene has no kind left), each a kind and grid row drawn as
    often as they are asked about at the scene's zoom (`odds.unasked_odds`). None shares a noun with
    an asked object; up to its kind's `most` are of one kind (a street has several cars, a kitchen one
    toaster); none is drawn in a tone of an asked object's colour (where its kind comes in another)."""
    heads = {figure.head for figure in asked}
    picked: list[tuple[str, str, int]] = []
    options, weights = unasked_odds(setting, size, zoom)
    for _ in range(count):
        drawn = Counter(name for name, _, _ in picked)
        open_ = [
            (option, weight)
            for option, weight in zip(options, weights, strict=True)
            if option[0].head not in heads and drawn[option[0].name] < option[0].most
        ]
        if not open_:
            break
        figure, row = rng.choices([option for option, _ in open_], [weight for _, weight in open_])[0]
        tones = [tone for tone in figure.colours if tone not in colours] or list(figure.colours)
        picked.append((figure.name, rng.choice(tones), row))
    return tuple(picked)


@functools.cache
def _fitting(setting: str, size: tuple[int, int], row: int | None) -> tuple[Figure, ...]:
    """The catalogue objects that may be in `setting` (in image row `row`, if given) at one of its zooms,
    in catalogue order."""
    place = SETTINGS[setting]
    rows = range(3) if row is None else (row,)
    return tuple(
        figure
        for figure in CATALOGUE.values()
        if any(placements_at(figure, place, r, *size, zoom) for r in rows for zoom in place.zooms)
    )


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
