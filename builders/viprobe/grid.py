"""The sweep grids: which base scales and strengths each category is built at.

The grid is a parameter, not code: a preset is a `Grid` per category, and a
denser sweep is another entry here. `paper` is the 0.1 grid the VI-Probe
release kept (290 base configurations, 10 strengths); `full` is the
generator's complete sweep; `lite` is one base scale and four strengths for
quick runs.
"""

from __future__ import annotations

import dataclasses


def steps(start: float, stop: float, count: int, *, endpoint: bool = True) -> tuple[float, ...]:
    """`count` evenly spaced values from `start` (to `stop` if `endpoint`), rounded to 2 decimals.

    >>> steps(0.5, 1.5, 11)[:3], steps(0.5, 1.5, 10, endpoint=False)[-1]
    ((0.5, 0.6, 0.7), 1.4)
    """
    span = (stop - start) / (count - 1 if endpoint else count)
    return tuple(round(start + span * index, 2) for index in range(count))


@dataclasses.dataclass(frozen=True)
class Grid:
    """Base scales and perturbation strengths of one category (1.0 is never a perturbed strength)."""

    base_scales: tuple[float, ...]
    strengths: tuple[float, ...]

    def __post_init__(self) -> None:
        if 1.0 in self.strengths:
            raise ValueError("strength 1.0 leaves the targets equal; it belongs to the original images only")


def _without_one(values: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(value for value in values if value != 1.0)


PAPER_STRENGTHS = _without_one(steps(0.5, 1.5, 11))

PRESETS: dict[str, dict[str, Grid]] = {
    "paper": {
        "size": Grid(steps(0.5, 1.5, 11), PAPER_STRENGTHS),
        "color": Grid(steps(0.5, 1.5, 10, endpoint=False), PAPER_STRENGTHS),
        "orientation": Grid(steps(0.5, 1.5, 11), PAPER_STRENGTHS),
    },
    "lite": {category: Grid((1.0,), (0.6, 0.8, 1.2, 1.4)) for category in ("size", "color", "orientation")},
    "full": {
        "size": Grid(steps(0.5, 1.5, 51), _without_one(steps(0.5, 1.5, 51))),
        "color": Grid(steps(0.5, 1.5, 50, endpoint=False), _without_one(steps(0.5, 1.5, 51))),
        "orientation": Grid(steps(0.5, 1.5, 11), PAPER_STRENGTHS),
    },
}
