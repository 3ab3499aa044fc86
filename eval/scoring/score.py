"""Score any family's replies: every metric, its 95 % interval, a paired blind run and per-unit outcomes.

`python -m eval score`, the report's reader of lmms-eval logs and any harness adapter (an inspect_ai
metric, a VLMEvalKit reader) call `score_pairs`, `score_replies` or `score_log`, so they report the
same numbers and the same intervals. Each runs the family's `Scorer` (`eval.scoring.scorer`), taken
from its `FamilyEval` in `eval.registry`, with the family's typed options (`ScoreOptions.given`:
an option the family lacks is refused, naming it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from eval.registry import family_eval
from eval.scoring.bootstrap import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    MIN_CLUSTERS,
    cluster_index,
    interval_table,
)
from eval.scoring.options import ScoreOptions
from eval.scoring.scorer import Scorer

#: What the `bootstrap` block of a score JSON says about how its intervals were made.
METHOD = (
    "cluster bootstrap: C - 1 of the C clusters drawn with replacement per resample; expanded percentile "
    "interval at 100 Phi(-+t(C - 1)), C the clusters the metric rests on; none below "
    f"{MIN_CLUSTERS} clusters or without spread (ci95_notes says why), except a share that every "
    "cluster gives as 0 or 1: the exact binomial bound over clusters (docs/intervals.md)"
)


def scoring_of(
    family: str, options: Mapping[str, Any] | None = None
) -> tuple[Scorer[Any, Any], ScoreOptions]:
    """The family's `Scorer` and its options built from `options` (by keyword).

    Raises:
        UsageError: an unknown family, or an option it does not have or a value it refuses.
    """
    scorer = family_eval(family).scorer
    return scorer, scorer.options.given(family, options or {})


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

    >>> score_pairs("vlmbias", [], parsr="strict")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    eval.errors.UsageError: parsr is not an option of vlmbias scoring (its options: parser, ...); leave it out
    """
    scoring_of(family, options)  # refuse a misspelt option before reading any pair
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
    scorer, given = scoring_of(family, options)
    units = scorer.grade_rows(rows, replies, given)
    blind_units = None if blind is None else scorer.grade_rows(rows, blind, given.for_blind())
    return score_units(
        scorer, given, units, blind_units, resamples=resamples, seed=seed, rows=rows, replies=replies
    )


def score_rows(
    family: str, rows: Sequence[Mapping[str, Any]], replies: Mapping[str, str], **options: Any
) -> dict[str, Any]:
    """The metrics of `replies` (keyed by row `id`) to `rows`, without intervals: the family's aggregate
    and description of the graded rows."""
    scorer, given = scoring_of(family, options)
    units = scorer.grade_rows(rows, replies, given)
    result = scorer.aggregate(units, given)
    return {**result, **scorer.describe(rows, replies, units, result, given)}


def score_units(
    scorer: Scorer[Any, Any],
    options: ScoreOptions,
    units: Sequence[Any],
    blind_units: Sequence[Any] | None = None,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    rows: Sequence[Mapping[str, Any]] = (),
    replies: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Metrics, `ci95` (and `ci95_notes`: why an entry is null), the bootstrap's facts and the `outcomes`
    of graded units (and a blind run's).

    `rows` and `replies`, when known, go to the family's `describe` with the point estimates.
    """

    def measure(seeing: Sequence[Any], *blind: Sequence[Any]) -> dict[str, Any]:
        metrics = scorer.aggregate(seeing, options)
        if blind:
            metrics["blind"] = scorer.blind_summary(seeing, blind[0], options)
        return metrics

    groups = [units] if blind_units is None else [units, blind_units]
    result = measure(*groups)
    result["ci95"], result["ci95_notes"] = interval_table(
        measure, groups, scorer.cluster, resamples=resamples, seed=seed
    )
    result["bootstrap"] = {
        "resamples": resamples,
        "seed": seed,
        "cluster": scorer.cluster_description,
        "clusters": len(cluster_index(scorer.cluster(unit) for group in groups for unit in group)),
        "method": METHOD,
    }
    result["outcomes"] = {
        "options": options.recorded(),
        "units": _records(units),
        **({} if blind_units is None else {"blind": _records(blind_units)}),
    }
    result.update(scorer.describe(rows, replies or {}, units, result, options))
    return result


def _records(units: Sequence[Any]) -> list[dict[str, Any]]:
    """The units as JSON records, by id: the same outcomes whatever order the replies came in."""
    return sorted((unit.to_record() for unit in units), key=lambda record: record["ID"])


def score_log(
    family: str,
    records: Sequence[Mapping[str, Any]],
    blind_records: Sequence[Mapping[str, Any]] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> dict[str, Any]:
    """The score JSON of the records our lmms-eval tasks log (a `_noimage` twin's as `blind_records`),
    under the family's scoring `options` (by keyword; its defaults when None)."""
    scorer, given = scoring_of(family, options)
    units = scorer.logged_units(records)
    blind = None if blind_records is None else scorer.logged_units(blind_records)
    return score_units(scorer, given, units, blind, resamples=resamples, seed=seed)
