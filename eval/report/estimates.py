"""A score's numbers with their 95 % intervals attached, so every figure and table can show them.

`with_intervals(score)` returns the score JSON with each metric that has a `ci95` entry replaced by
an `Estimate`: a float (the point estimate, so sections compute with it as before) that also
carries `interval`. Bar charts draw it as an error bar and tables print it beside the number; a
number computed from estimates (a difference of two runs) is a plain float again, and shows none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard


class Estimate(float):
    """A metric's point estimate (the float itself) and its 95 % interval `(low, high)`."""

    interval: tuple[float, float]

    def __new__(cls, value: float, interval: tuple[float, float]) -> Estimate:
        estimate = super().__new__(cls, value)
        estimate.interval = interval
        return estimate


def interval_of(value: Any) -> tuple[float, float] | None:
    """The interval a number carries, if it is an `Estimate`."""
    return value.interval if isinstance(value, Estimate) else None


def with_intervals(score: Mapping[str, Any]) -> dict[str, Any]:
    """`score` with every metric named in its `ci95` as an `Estimate` (outcome records left as they are)."""
    bounds = score.get("ci95")
    if not isinstance(bounds, Mapping):
        return dict(score)
    return {
        key: value if key in ("ci95", "outcomes") else _attach(value, key, bounds)
        for key, value in score.items()
    }


def _attach(value: Any, path: str, bounds: Mapping[str, Any]) -> Any:
    if isinstance(value, Mapping):
        return {key: _attach(inner, f"{path}.{key}", bounds) for key, inner in value.items()}
    found = bounds.get(path)
    if isinstance(value, float) and _is_interval(found):
        return Estimate(value, (float(found[0]), float(found[1])))
    return value


def _is_interval(found: Any) -> TypeGuard[list[float]]:
    return (
        isinstance(found, list)
        and len(found) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in found)
    )
