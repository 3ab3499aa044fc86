"""How an asked object's kind and grid row are drawn, so that unasked objects can be drawn alike.

A slot of a scene asks about a row (its position phrase's: the release's shares, `ROW_SHARES`) and
a colour (the palette in turn). A scene's zoom is drawn evenly among those where its two slots have
kinds (`pair_zooms`), and each kind evenly among the kinds of its slot's colour that fit its row
there (`rivals`). An unasked object drawn afresh is drawn the same way from a slot of its own,
drawn as often as an asked slot is at the scene's zoom (`slot_odds`), and stands in that slot's
row: so in expectation a kind is found at the same rows, zooms and depths whether it is asked about
or not. Most unasked objects are copies of asked ones instead, which holds in every edition
(`unasked`); these odds fill a scene the copies leave short.
"""

from __future__ import annotations

import functools

from builders.aipsych.objects import CATALOGUE, Figure
from builders.aipsych.positions import block_quota, cell_of
from builders.aipsych.scale import placements_at
from builders.aipsych.settings import Setting
from builders.aipsych.vocabulary import COLOURS

#: The most often a noun is taken to be asked about at a zoom when making up for it (`unasked_odds`).
MOSTLY = 0.9
#: A slot of a scene: the grid row and the colour an object is drawn for (a colour None: any).
Slot = tuple[int, str | None]


def _row_shares() -> tuple[float, float, float]:
    counts = [0, 0, 0]
    for phrase, count in block_quota().items():
        counts[cell_of(phrase)[1]] += count
    return (counts[0] / sum(counts), counts[1] / sum(counts), counts[2] / sum(counts))


#: How often the release's position phrases name the top, middle and bottom grid row.
ROW_SHARES = _row_shares()


@functools.cache
def rivals(
    setting: Setting, row: int, colour: str | None, size: tuple[int, int], zoom: float
) -> tuple[Figure, ...]:
    """The kinds (of `colour`, unless None) a slot in grid row `row` of a scene at `zoom` is drawn among."""
    return tuple(
        figure
        for figure in CATALOGUE.values()
        if colour in (None, *figure.colours) and placements_at(figure, setting, row, *size, zoom)
    )


def pairs(
    setting: Setting, size: tuple[int, int], slots: tuple[Slot, Slot], zoom: float
) -> list[tuple[Figure, Figure]]:
    """(first, second) kinds with different nouns, each among its slot's rivals at `zoom`."""
    (row, colour), (other_row, other_colour) = slots
    return [
        (one, two)
        for one in rivals(setting, row, colour, size, zoom)
        for two in rivals(setting, other_row, other_colour, size, zoom)
        if two.head != one.head
    ]


@functools.cache
def pair_zooms(setting: Setting, size: tuple[int, int], slots: tuple[Slot, Slot]) -> tuple[float, ...]:
    """The zooms a scene with these two slots may be seen at: those where they have two kinds."""
    return tuple(zoom for zoom in setting.zooms if _has_pair(setting, size, slots, zoom))


def _has_pair(setting: Setting, size: tuple[int, int], slots: tuple[Slot, Slot], zoom: float) -> bool:
    """Whether `pairs` is not empty, without listing it: both slots have kinds, and they are not all
    of one and the same noun."""
    (row, colour), (other_row, other_colour) = slots
    heads = {figure.head for figure in rivals(setting, row, colour, size, zoom)}
    other_heads = {figure.head for figure in rivals(setting, other_row, other_colour, size, zoom)}
    return bool(heads) and bool(other_heads) and len(heads | other_heads) != 1


@functools.cache
def slot_odds(
    setting: Setting, size: tuple[int, int], zoom: float
) -> tuple[tuple[Slot, ...], tuple[float, ...]]:
    """The slots of a scene seen at `zoom`, and how likely each is to be one of its asked slots.

    A scene's two slots are drawn by the release's rows and the palette, then its zoom evenly among
    those the pair allows (`pair_zooms`); so a slot is asked about at `zoom` as often as it is drawn,
    times how often a partner lets the scene be seen there.
    """
    slots = [(row, colour) for row in range(3) for colour in COLOURS]
    share = {slot: ROW_SHARES[slot[0]] / len(COLOURS) for slot in slots}
    weights = []
    for slot in slots:
        weight = 0.0
        for other in slots:
            zooms = pair_zooms(setting, size, (slot, other))
            if zoom in zooms:
                weight += share[other] / len(zooms)
        weights.append(share[slot] * weight)
    return tuple(slots), tuple(weights)


@functools.cache
def unasked_odds(
    setting: Setting, size: tuple[int, int], zoom: float
) -> tuple[tuple[tuple[Figure, int], ...], tuple[float, ...]]:
    """Every (kind, grid row) an unasked object of a scene at `zoom` may be, and its weight.

    The weight is how often that kind is asked about in that row at that zoom (its slots' odds,
    shared evenly among their rivals), divided by how often its noun is not asked about there: an
    unasked object never shares a noun with an asked one, so a kind must be drawn that much more
    often in the scenes where it may be.
    """
    slots, weights = slot_odds(setting, size, zoom)
    scenes = sum(weights)
    rates: dict[tuple[Figure, int], float] = {}
    for (row, colour), weight in zip(slots, weights, strict=True):
        kinds = rivals(setting, row, colour, size, zoom)
        for figure in kinds:
            rates[(figure, row)] = rates.get((figure, row), 0.0) + 2 * weight / scenes / len(kinds)
    asked: dict[str, float] = {}
    for (figure, _), rate in rates.items():
        asked[figure.head] = asked.get(figure.head, 0.0) + rate
    options = tuple(rates)
    return options, tuple(rates[option] / (1 - min(asked[option[0].head], MOSTLY)) for option in options)
