"""What the text alone gets: pairing replies given without the image with replies to the same rows.

Every family's lmms-eval task has a `<task>_noimage` twin that sends the same prompt without the
image; `eval score --blind B.jsonl` scores its replies beside the seeing ones. A family's
`blind_summary(seeing, blind)` reports what the blind replies get (a prior's strength, template
fixation, answerable questions) and, on the rows answered both ways, what seeing changed. Pairs
weigh what their seeing row weighs, so both runs are resampled together (`paired_rate`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from eval.scoring.bootstrap import rate

Pair = tuple[Any, Any]


def paired(seeing: Iterable[Any], blind: Iterable[Any], key: Callable[[Any], Hashable]) -> list[Pair]:
    """(seeing, blind) units of the rows answered both ways, in the blind run's order."""
    by_key = {key(unit): unit for unit in seeing}
    return [(by_key[key(unit)], unit) for unit in blind if key(unit) in by_key]


def paired_rate(pairs: Sequence[Pair], hit: Callable[[Pair], Any]) -> Any:
    """The share of `pairs` for which `hit(pair)` is true, each pair weighing what its seeing unit weighs."""
    return rate(pairs, hit, by=lambda pair: pair[0])


def grouped(units: Iterable[Any], key: Callable[[Any], Hashable]) -> dict[str, list[Any]]:
    """Units by `key` (as text), groups in sorted order."""
    groups: dict[str, list[Any]] = defaultdict(list)
    for unit in units:
        groups[str(key(unit))].append(unit)
    return dict(sorted(groups.items()))


def difference(a: Any, b: Any) -> Any:
    """`a - b`, None when either is None (a rate with an empty denominator)."""
    return None if a is None or b is None else a - b
