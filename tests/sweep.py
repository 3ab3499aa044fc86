"""Which items an audit of a paper build reads: a seeded sample in the suite, every item in a full sweep.

The test command runs on two cores in minutes, so an audit that would decode every image (or walk
every row) of a paper build reads a seeded sample of them instead: the same sample in every run,
drawn per audit by name, so a failure reproduces. `benchmarks/full_sweeps.py` runs the same tests
with `--full-sweep`, which hands every item to the same checks. `--sweep-seed N` draws another sample.
A test gets the `sweep` fixture (`tests/conftest.py`) and is marked `sweep` by using it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class Sweep:
    """`full`: every item (`--full-sweep`); otherwise a sample drawn from `seed` and the audit's name."""

    full: bool = False
    seed: int = 0

    def sample(self, items: Iterable[T], size: int, name: str) -> list[T]:
        """`size` of `items` in their order, the same ones every run (all of them in a full sweep).

        >>> Sweep().sample(range(10), 3, "an audit") == Sweep().sample(range(10), 3, "an audit")
        True
        >>> Sweep(full=True).sample(range(10), 3, "an audit")
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        >>> Sweep().sample("ab", 3, "an audit")
        ['a', 'b']
        """
        every: Sequence[T] = list(items)
        if self.full or len(every) <= size:
            return list(every)
        kept = random.Random(f"{name} {self.seed}").sample(range(len(every)), size)
        return [every[index] for index in sorted(kept)]
