"""A score's numbers with their 95 % intervals attached, so every figure and table can show them.

`with_intervals(score)` returns the score JSON with each metric that has a `ci95` entry replaced by
an `Estimate`: a float (the point estimate, so sections compute with it as before) that also
carries `interval`, or, where the entry is null, the reason from `ci95_notes` (`note`: too few
clusters, no spread). Bar charts draw an interval as an error bar and tables print it beside the
number, or say there is none and why; a number computed from estimates (a difference of two runs)
is a plain float again, and shows neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard


class Estimate(float):
    """A metric's point estimate (the float itself) and its 95 % interval `(low, high)`, or None and
    the reason there is none (`note`)."""

    interval: tuple[float, float] | None
    note: str

    def __new__(cls, value: float, interval: tuple[float, float] | None, note: str = "") -> Estimate:
        estimate = super().__new__(cls, value)
        estimate.interval, estimate.note = interval, note
        return estimate


def interval_of(value: Any) -> tuple[float, float] | None:
    """The interval a number carries, if it is an `Estimate` with one."""
    return value.interval if isinstance(value, Estimate) else None


def note_of(value: Any) -> str:
    """Why a number has no interval, if it is an `Estimate` whose interval is null ("" otherwise)."""
    return value.note if isinstance(value, Estimate) and value.interval is None else ""


def with_intervals(score: Mapping[str, Any]) -> dict[str, Any]:
    """`score` with every metric named in its `ci95` as an `Estimate` (outcome records left as they are)."""
    bounds = score.get("ci95")
    if not isinstance(bounds, Mapping):
        return dict(score)
    notes = score.get("ci95_notes")
    notes = notes if isinstance(notes, Mapping) else {}
    return {
        key: value if key in ("ci95", "ci95_notes", "outcomes") else _attach(value, key, bounds, notes)
        for key, value in score.items()
    }


def _attach(value: Any, path: str, bounds: Mapping[str, Any], notes: Mapping[str, Any]) -> Any:
    if isinstance(value, Mapping):
        return {key: _attach(inner, f"{path}.{key}", bounds, notes) for key, inner in value.items()}
    if not isinstance(value, float):
        return value
    found = bounds.get(path)
    if _is_interval(found):
        return Estimate(value, (float(found[0]), float(found[1])))
    note = notes.get(path)
    if path in bounds and found is None and isinstance(note, str) and note:
        return Estimate(value, None, note)
    return value


def _is_interval(found: Any) -> TypeGuard[list[float]]:
    return (
        isinstance(found, list)
        and len(found) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in found)
    )
