"""Which unasked objects the scenes of a block hold: mostly copies of the block's asked objects.

Drawn on their own, an unasked object's kind and grid row as often as they are asked about at the
scene's zoom (`odds`), a kind is as large asked or not in expectation only: an edition asks about a
kind 40 to 250 times, over seven zooms and several rows, so the zooms and rows it happens to be
asked about at differ from those it is drawn unasked at, and its median heights in the two roles
differed by more than 10 % in 3 to 7 kinds of every paper edition.

So within each block of scenes (`plan.SCENES_PER_BLOCK`), the unasked objects of the scenes seen in
one setting at one zoom are dealt from those scenes' asked objects (`deal`): each is an asked object
of another scene drawn again (its kind, grid row, placement and depth; a tone of its own). The
scenes take one at a time in turn, each the asked object copied least so far among those it may
hold (none of its own nouns, at most its kind's `Figure.most`), and no asked object is copied more
often than the block holds unasked objects per asked one, rounded up, so each weighs about alike. A
scene the copies leave short of the least unasked count is filled up to it by the odds
(`odds.unasked_odds`); otherwise it holds what the copies give it, at most the count it drew.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence

from builders.aipsych.depth import Drawing, drawing
from builders.aipsych.objects import Figure
from builders.aipsych.odds import unasked_odds
from builders.aipsych.settings import Setting


@dataclasses.dataclass(frozen=True)
class Draft:
    """A scene of a block before its unasked objects are dealt: where, how close, what it asks about."""

    setting: Setting
    size: tuple[int, int]
    zoom: float
    asked: tuple[Drawing, ...]
    count: int  # the unasked objects it drew (`AipsychParameters.clutter_range`)
    rng: random.Random  # the scene's own draws, continued

    def may_hold(self, figure: Figure, held: Sequence[Drawing]) -> bool:
        """Whether an unasked `figure` may join `held` here: not a noun it asks about, at most `most`."""
        same = sum(one.figure.name == figure.name for one in held)
        return figure.head not in {one.figure.head for one in self.asked} and same < figure.most


def deal(drafts: Sequence[Draft], least: int, rng: random.Random) -> list[list[Drawing]]:
    """The unasked objects of each of a block's `drafts`: copies of asked ones, then the odds' draws
    up to `least` (or the draft's count, if fewer); `rng` orders each pool's asked objects."""
    dealt: list[list[Drawing]] = [[] for _ in drafts]
    cap = math.ceil(sum(draft.count for draft in drafts) / sum(len(draft.asked) for draft in drafts))
    pools: dict[tuple[str, float], list[int]] = {}
    for index, draft in enumerate(drafts):
        pools.setdefault((draft.setting.name, draft.zoom), []).append(index)
    for key in sorted(pools):
        members = pools[key]
        sources = [one for member in members for one in drafts[member].asked]
        order = rng.sample(range(len(sources)), len(sources))
        copies = [0] * len(sources)
        for turn in range(max(drafts[member].count for member in members)):
            for member in members:
                draft, held = drafts[member], dealt[member]
                if turn >= draft.count:
                    continue
                open_ = [
                    source
                    for source, one in enumerate(sources)
                    if copies[source] < cap and draft.may_hold(one.figure, held)
                ]
                if open_:
                    source = min(open_, key=lambda source: (copies[source], order[source]))
                    copies[source] += 1
                    held.append(dataclasses.replace(sources[source], asked=False))
    for draft, held in zip(drafts, dealt, strict=True):
        _fill(draft, held, min(least, draft.count))
    return dealt


def _fill(draft: Draft, held: list[Drawing], least: int) -> None:
    """`held` filled up to `least` unasked objects, each a kind and row drawn by the odds at the draft's
    zoom, at a depth drawn by the size law (none, if no kind is left)."""
    options, weights = unasked_odds(draft.setting, draft.size, draft.zoom)
    while len(held) < least:
        open_ = [
            (option, weight)
            for option, weight in zip(options, weights, strict=True)
            if draft.may_hold(option[0], held)
        ]
        if not open_:
            return
        (figure, row), *_ = draft.rng.choices(
            [option for option, _ in open_], [weight for _, weight in open_]
        )
        held.append(drawing(figure, False, draft.setting, row, draft.size, draft.zoom, draft.rng))
