"""Score any family's replies: every metric, its 95 % interval, a paired blind run and per-unit outcomes.

`python -m eval score`, the report's reader of lmms-eval logs and any harness adapter (an inspect_ai
scorer, a VLMEvalKit reader) call `score_pairs` or `score_replies`, so they report the same numbers
and the same intervals. A family's module `eval.scoring.<family>` provides:

- `grade_rows(rows, replies, **options)`: the graded units (rows, or AIpsych's 4-prompt sets) of the
  rows that have a reply;
- `aggregate(units, **options)`: every metric, counting with `eval.scoring.bootstrap.rate`, so the
  same function gives the point estimates and, on resampled units, their intervals;
- `cluster(unit)`: what the unit's rows share (image, pair, tuple) and are resampled by; `CLUSTER`
  says it in words;
- `blind_summary(seeing, blind, **options)`: what replies given without the image get, paired with
  the seeing replies to the same rows;
- `UNIT`: the units' class; `unit.to_record()` and `UNIT.from_record(record)` are a unit as JSON,
  with its id under "ID" (the score JSON's `outcomes`, the records our lmms-eval tasks log); a
  family whose logged records are not units (AIpsych logs replies) adds `units_from_log(records)`;
- `HEADLINE`: the metric paths `eval compare` reports;
- `score_rows(rows, replies, **options)`: the metrics alone, without intervals;
- optionally `describe(rows, replies, units, result, **options)`: parts of the JSON that are not
  resampled (a listing of sets, judged descriptions, the paper's own ±).

Each function receives the options its signature names (`--parser`, `--scorer`, ...), no others.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any

from eval.scoring.bootstrap import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    MIN_CLUSTERS,
    cluster_index,
    interval_table,
)

#: What the `bootstrap` block of a score JSON says about how its intervals were made.
METHOD = (
    "cluster bootstrap: C - 1 of the C clusters drawn with replacement per resample; expanded percentile "
    "interval at 100 Phi(-+t(C - 1)), C the clusters the metric rests on; none below "
    f"{MIN_CLUSTERS} clusters or without spread (ci95_notes says why), except a share that every "
    "cluster gives as 0 or 1: the exact binomial bound over clusters (docs/intervals.md)"
)


def family_scoring(family: str) -> ModuleType:
    """The family's scoring module, `eval.scoring.<family>`."""
    return importlib.import_module(f"eval.scoring.{family}")


def accepted(function: Callable[..., Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The options `function` names as keyword parameters."""
    names = inspect.signature(function).parameters
    return {key: value for key, value in options.items() if key in names}


def score_pairs(
    family: str,
    pairs: Iterable[tuple[Mapping[str, Any], str]],
    *,
    blind_pairs: Iterable[tuple[Mapping[str, Any], str]] | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    **options: Any,
) -> dict[str, Any]:
    """The score JSON of (row, reply) pairs, as `python -m eval score` writes it (without the file facts).

    `blind_pairs` are replies to the same rows given without the image (`<task>_noimage`); rows are
    dataset rows as dicts (class labels as names or indices). This is the one function a harness
    adapter calls to report what `eval score` reports.
    """
    pairs = list(pairs)
    rows = {row["id"]: row for row, _ in pairs}
    blind = None
    if blind_pairs is not None:
        blind_pairs = list(blind_pairs)
        rows.update({row["id"]: row for row, _ in blind_pairs if row["id"] not in rows})
        blind = {row["id"]: reply for row, reply in blind_pairs}
    replies = {row["id"]: reply for row, reply in pairs}
    return score_replies(
        family, list(rows.values()), replies, blind=blind, resamples=resamples, seed=seed, **options
    )


def score_replies(
    family: str,
    rows: Sequence[Mapping[str, Any]],
    replies: Mapping[str, str],
    *,
    blind: Mapping[str, str] | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    **options: Any,
) -> dict[str, Any]:
    """The score JSON of `replies` (keyed by row `id`) to `rows`; rows without a reply are left out."""
    scoring = family_scoring(family)
    units = scoring.grade_rows(rows, replies, **accepted(scoring.grade_rows, options))
    blind_units = (
        None if blind is None else scoring.grade_rows(rows, blind, **accepted(scoring.grade_rows, options))
    )
    return score_units(
        family, units, blind_units, resamples=resamples, seed=seed, rows=rows, replies=replies, **options
    )


def score_units(
    family: str,
    units: Sequence[Any],
    blind_units: Sequence[Any] | None = None,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    rows: Sequence[Mapping[str, Any]] = (),
    replies: Mapping[str, str] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Metrics, `ci95` (and `ci95_notes`: why an entry is null), the bootstrap's facts and the `outcomes`
    of graded units (and a blind run's).

    `rows` and `replies`, when known, go to the family's `describe` with the point estimates.
    """
    scoring = family_scoring(family)
    aggregate_options = accepted(scoring.aggregate, options)
    blind_options = accepted(scoring.blind_summary, options)

    def measure(seeing: Sequence[Any], *blind: Sequence[Any]) -> dict[str, Any]:
        metrics = scoring.aggregate(seeing, **aggregate_options)
        if blind:
            metrics["blind"] = scoring.blind_summary(seeing, blind[0], **blind_options)
        return metrics

    groups = [units] if blind_units is None else [units, blind_units]
    result = measure(*groups)
    result["ci95"], result["ci95_notes"] = interval_table(
        measure, groups, scoring.cluster, resamples=resamples, seed=seed
    )
    result["bootstrap"] = {
        "resamples": resamples,
        "seed": seed,
        "cluster": scoring.CLUSTER,
        "clusters": len(cluster_index(scoring.cluster(unit) for group in groups for unit in group)),
        "method": METHOD,
    }
    result["outcomes"] = {
        "options": aggregate_options,
        "units": _records(scoring, units),
        **({} if blind_units is None else {"blind": _records(scoring, blind_units)}),
    }
    describe = getattr(scoring, "describe", None)
    if describe is not None:
        result.update(describe(rows, replies or {}, units, result, **accepted(describe, options)))
    return result


def _records(scoring: ModuleType, units: Sequence[Any]) -> list[dict[str, Any]]:
    """The units as JSON records, by id: the same outcomes whatever order the replies came in."""
    return sorted((unit.to_record() for unit in units), key=lambda record: record["ID"])


def units_of(scoring: ModuleType, records: Sequence[Mapping[str, Any]]) -> list[Any]:
    """Units from their JSON records (a score JSON's `outcomes`)."""
    return [scoring.UNIT.from_record(record) for record in records]


def units_from_log(scoring: ModuleType, records: Sequence[Mapping[str, Any]]) -> list[Any]:
    """Units from the records our lmms-eval tasks log: the family's own reader, or the units' records."""
    reader = getattr(scoring, "units_from_log", None)
    return reader(records) if reader is not None else units_of(scoring, records)


def score_log(
    family: str,
    records: Sequence[Mapping[str, Any]],
    blind_records: Sequence[Mapping[str, Any]] | None = None,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> dict[str, Any]:
    """The score JSON of the records our lmms-eval tasks log (a `_noimage` twin's as `blind_records`)."""
    scoring = family_scoring(family)
    units = units_from_log(scoring, records)
    blind = None if blind_records is None else units_from_log(scoring, blind_records)
    return score_units(family, units, blind, resamples=resamples, seed=seed)
