"""What a family's scoring is, declared once: the `Scorer` every reader of replies runs.

A family's scoring package builds one `Scorer` from its own functions; `eval.scoring.score` runs it
for `python -m eval score`, `score_pairs`, the report's reader of lmms-eval logs, the inspect_ai
metric and VLMEvalKit's `evaluate`, so all report the same numbers and the same intervals:

- `grade_rows(rows, replies, options)`: the graded units (rows, or AIpsych's 4-prompt sets) of the
  rows that have a reply;
- `aggregate(units, options)`: every metric, counting with `eval.scoring.bootstrap.rate`, so the
  same function gives the point estimates and, on resampled units, their intervals;
- `cluster(unit)`: what the unit's rows share (image, pair, tuple) and are resampled by;
  `cluster_description` says it in words;
- `blind_summary(seeing, blind, options)`: what replies given without the image get, paired with
  the seeing replies to the same rows;
- `describe(rows, replies, units, result, options)`: parts of the JSON that are not resampled (a
  listing of sets, judged descriptions, the paper's own ±);
- `unit`: the units' class; `unit.to_record()` and `unit.from_record(record)` are a unit as JSON,
  with its id under "ID" (the score JSON's `outcomes`, the records our lmms-eval tasks log); a
  family whose logged records are not units (AIpsych logs replies) gives `units_from_log`;
- `options`: the family's `ScoreOptions` class (its flags); `headline`: the metric paths `eval
  compare`, inspect and VLMEvalKit report; `row_id_of`: the row a prediction id answers, when a
  row takes several replies; `correct`: whether a unit is answered right (None when units are
  not rows), the per-sample score inspect shows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from eval.scoring.options import ScoreOptions

Row = Mapping[str, Any]
UnitT = TypeVar("UnitT", bound="Unit")
OptionsT = TypeVar("OptionsT", bound=ScoreOptions)


class Unit(Protocol):
    """A graded unit: JSON out (`to_record`, its id under "ID") and back (`from_record`)."""

    def to_record(self) -> dict[str, Any]: ...

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Any: ...


def no_description(
    rows: Sequence[Row],
    replies: Mapping[str, str],
    units: Sequence[Any],
    result: Mapping[str, Any],
    options: Any,
) -> dict[str, Any]:
    """A family whose whole score is resampled describes nothing more."""
    return {}


@dataclasses.dataclass(frozen=True)
class Scorer(Generic[UnitT, OptionsT]):
    """One family's scoring, as the module docstring lists it."""

    unit: type[UnitT]
    options: type[OptionsT]
    grade_rows: Callable[[Sequence[Row], Mapping[str, str], OptionsT], list[UnitT]]
    aggregate: Callable[[Sequence[UnitT], OptionsT], dict[str, Any]]
    cluster: Callable[[UnitT], str]
    cluster_description: str
    blind_summary: Callable[[Sequence[UnitT], Sequence[UnitT], OptionsT], dict[str, Any]]
    headline: tuple[str, ...]
    describe: Callable[
        [Sequence[Row], Mapping[str, str], Sequence[UnitT], Mapping[str, Any], OptionsT], dict[str, Any]
    ] = no_description
    units_from_log: Callable[[Sequence[Mapping[str, Any]]], list[UnitT]] | None = None
    row_id_of: Callable[[str], str] = str
    correct: Callable[[UnitT, OptionsT], bool] | None = None

    def units_of(self, records: Sequence[Mapping[str, Any]]) -> list[UnitT]:
        """Units from their JSON records (a score JSON's `outcomes`)."""
        return [self.unit.from_record(record) for record in records]

    def logged_units(self, records: Sequence[Mapping[str, Any]]) -> list[UnitT]:
        """Units from the records our lmms-eval tasks log: the family's own reader, or the units' records."""
        return self.units_from_log(records) if self.units_from_log is not None else self.units_of(records)
