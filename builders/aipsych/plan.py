"""Which scenes a build draws: every choice of every scene, balanced where the paper or the release fixes it.

Scene `i` is a pure function of `i`, the parameters and the edition seed, so `lite` is the start of
`paper` and a fresh edition keeps every image id. Positions follow the release's distribution
exactly in every block of `positions.BLOCK` object slots (500 scenes): each block's phrases are
shuffled, then paired so a scene's two objects name different cells. Settings are taken in turn,
and colours cycle through the palette, each block of 12 object slots using every colour once (the
palette order shuffled per block). The scene's zoom is drawn among those where both slots have a
kind of their colour that fits their row, and each kind evenly among those (`odds`), at a depth
drawn by the size law (`depth`). The same blocks of scenes couple the unasked objects to the asked
ones, so a kind is as large in either role in every edition: they are mostly copies of the block's
asked objects at the same setting and zoom (`unasked`), and their depths are matched to the asked
ones' kind by kind (`depth.coupled`); none shares a noun with an asked object of its scene. A seed
redraws all of it, keeping those balances.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from builders.aipsych import depth
from builders.aipsych.lighting import LIGHTS
from builders.aipsych.objects import Figure
from builders.aipsych.odds import pair_zooms, pairs
from builders.aipsych.params import PRESETS, AipsychParameters
from builders.aipsych.positions import BLOCK, block_quota, cell_of
from builders.aipsych.settings import SETTINGS, Setting
from builders.aipsych.spec import CONFIG, SceneSpec
from builders.aipsych.unasked import Draft, deal
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
    block, offset = divmod(index, SCENES_PER_BLOCK)
    return _block(block, params, edition)[offset]


@functools.lru_cache(maxsize=2)
def _block(block: int, params: AipsychParameters, edition: int | None) -> tuple[SceneSpec, ...]:
    """The scenes of one block: each drafted alone, its asked objects' depths drawn by the size law;
    then the block's unasked objects dealt (`unasked.deal`) and their depths coupled to the asked
    ones' (`depth.coupled`)."""
    first = block * SCENES_PER_BLOCK
    drafts = [_draft(index, params, edition) for index in range(first, first + SCENES_PER_BLOCK)]
    scenes = [draft for _, draft in drafts]
    rng = rng_for("aipsych", CONFIG, "unasked", block, edition=edition)
    dealt = deal(scenes, params.clutter_range()[0], rng)
    drawn = [one for draft, held in zip(scenes, dealt, strict=True) for one in (*draft.asked, *held)]
    coupled = iter(depth.coupled(drawn))
    specs = []
    for (fields, draft), held in zip(drafts, dealt, strict=True):
        colours = {colour for _, colour, _ in fields["objects"]}
        clutter = tuple((one.figure.name, _tone(one.figure, colours, draft.rng), one.row) for one in held)
        depths = tuple(next(coupled).depth for _ in (*draft.asked, *held))
        specs.append(SceneSpec(**fields, clutter=clutter, depths=depths))
    return tuple(specs)


def _draft(index: int, params: AipsychParameters, edition: int | None) -> tuple[dict[str, Any], Draft]:
    """Scene `index`'s fields but its unasked objects and depths, and what they are dealt by."""
    rng = rng_for("aipsych", CONFIG, "scene", index, edition=edition)
    setting = SETTINGS[_cycled(params.settings, index, "settings", edition)]
    size = (params.width, params.height)
    positions = _positions(index, edition)
    colours = [_cycled(COLOURS, 2 * index + slot, "colours", edition) for slot in range(2)]
    figures, zoom = _asked(setting, size, positions, colours, rng)
    objects = tuple(
        (figure.name, colour if colour in figure.colours else rng.choice(figure.colours), position)
        for figure, colour, position in zip(figures, colours, positions, strict=True)
    )
    low, high = params.clutter_range()
    count = min(rng.randint(low, high), setting.most_unasked or high)
    fields = {
        "seed_key": f"{CONFIG}-{index:05d}",
        "setting": setting.name,
        "objects": objects,
        "light": rng.choice(LIGHTS),
        "zoom": zoom,
        "width": params.width,
        "height": params.height,
        "edition": edition,
    }
    asked = tuple(
        depth.drawing(figure, True, setting, cell_of(position)[1], size, zoom, rng)
        for figure, position in zip(figures, positions, strict=True)
    )
    return fields, Draft(setting, size, zoom, asked, count, rng)


def _tone(figure: Figure, colours: set[str], rng: random.Random) -> str:
    """The colour an unasked `figure` is drawn a shade of: none of the asked `colours`, where it can."""
    return rng.choice([tone for tone in figure.colours if tone not in colours] or list(figure.colours))


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
