"""`python -m eval compare A.json B.json`: per headline metric, B - A with a paired 95 % interval.

A and B are `eval score` results of one family on the same rows: one model on two editions of a
benchmark (the canonical one and a fresh `build --seed N`, which keep every row id and image id), or
two models on one edition. Both carry their per-row outcomes, so each resample draws clusters (the
images the rows share) once and recomputes both results' metrics on them: the interval of the
difference is paired, much narrower than two separate intervals when the results are correlated.
Only rows both results scored are compared. A difference whose interval excludes zero is flagged;
one without an interval (too few clusters, no spread) says why in `ci95_note`. `summary_lines` is
the comparison as a person reads it: one line per headline metric.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builders.core.errors import shown
from eval.errors import UsageError
from eval.registry import family_eval, family_names
from eval.scorefile import load
from eval.scoreshape import check_score
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED, flatten, interval_table
from eval.scoring.score import METHOD

SCORE = "pass two JSONs written by `python -m eval score`"


def _outcomes(
    result: dict[str, Any], role: str, path: Path
) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    family = result.get("family")
    if family not in family_names():
        raise UsageError(f"result {role} {str(path)!r} names no family we score; {SCORE}")
    check_score(result, f"result {role} {str(path)!r}", SCORE)
    outcomes = result.get("outcomes")
    units = outcomes.get("units") if isinstance(outcomes, dict) else None
    options = outcomes.get("options", {}) if isinstance(outcomes, dict) else None
    if not isinstance(units, list) or not isinstance(options, dict):
        raise UsageError(
            f"result {role} {str(path)!r} has no per-row outcomes (written before they existed); "
            f"score its replies again with `python -m eval score {family}`"
        )
    if not all(isinstance(unit, dict) and isinstance(unit.get("ID"), str) for unit in units):
        raise UsageError(f"result {role} {str(path)!r} has outcomes without a string ID; {SCORE}")
    return family, units, options


def compare(
    a: Path, b: Path, *, resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED
) -> dict[str, Any]:
    """The comparison JSON: each headline metric of A and B on their common rows, B - A and its interval.

    Raises:
        UsageError: a file is missing or not a score JSON, the results are of different families,
            they share no row, or a shared row belongs to different images in A and B.
    """
    first, second = load(a, "result A"), load(b, "result B")
    family, records_a, options_a = _outcomes(first, "A", a)
    other, records_b, options_b = _outcomes(second, "B", b)
    if family != other:
        raise UsageError(f"A is a {family} result and B a {other} result; compare results of one family")
    scoring = family_eval(family).scorer
    try:
        units_a = dict(zip((record["ID"] for record in records_a), scoring.units_of(records_a), strict=True))
        units_b = dict(zip((record["ID"] for record in records_b), scoring.units_of(records_b), strict=True))
        given_a = scoring.options.given(family, options_a)
        given_b = scoring.options.given(family, options_b)
    except (KeyError, TypeError, ValueError, UsageError) as error:
        raise UsageError(
            f"the outcomes of A or B cannot be read ({type(error).__name__}: {shown(str(error))}); {SCORE}"
        ) from None
    common = sorted(set(units_a) & set(units_b))
    if not common:
        raise UsageError(
            f"A and B share no row id (A's first: {shown(next(iter(units_a), None))}, B's first: "
            f"{shown(next(iter(units_b), None))}); compare results on the same rows (same config, split "
            "and plan)"
        )
    for unit_id in common:
        if scoring.cluster(units_a[unit_id]) != scoring.cluster(units_b[unit_id]):
            raise UsageError(
                f"row {shown(unit_id)} belongs to {shown(scoring.cluster(units_a[unit_id]))} in A and to "
                f"{shown(scoring.cluster(units_b[unit_id]))} in B; compare results of the same plan"
            )
    left, right = [units_a[i] for i in common], [units_b[i] for i in common]

    def headline(units: list[Any], options: Any) -> dict[str, Any]:
        found = flatten(scoring.aggregate(units, options))
        return {path: found.get(path) for path in scoring.headline}

    def differences(one: list[Any], two: list[Any]) -> dict[str, Any]:
        x, y = headline(one, given_a), headline(two, given_b)
        return {path: None if x[path] is None or y[path] is None else y[path] - x[path] for path in x}

    try:
        values_a, values_b = headline(left, given_a), headline(right, given_b)
        found, notes = interval_table(
            differences, [left, right], scoring.cluster, resamples=resamples, seed=seed
        )
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise UsageError(
            f"the outcomes of A or B cannot be scored ({type(error).__name__}: {shown(str(error))}); {SCORE}"
        ) from None
    metrics = {}
    for path in scoring.headline:
        x, y = values_a[path], values_b[path]
        bounds = found.get(path)
        metrics[path] = {
            "a": x,
            "b": y,
            "difference": None if x is None or y is None else y - x,
            "ci95": bounds,
            "excludes_zero": None if bounds is None else bool(bounds[0] > 0 or bounds[1] < 0),
        }
        if path in notes:
            metrics[path]["ci95_note"] = notes[path]
    return {
        "family": family,
        "a": _about(first, a, given_a.recorded()),
        "b": _about(second, b, given_b.recorded()),
        "common_rows": len(common),
        "only_in_a": len(units_a) - len(common),
        "only_in_b": len(units_b) - len(common),
        "metrics": metrics,
        "bootstrap": {
            "resamples": resamples,
            "seed": seed,
            "cluster": scoring.cluster_description,
            "clusters": len({scoring.cluster(unit) for unit in left}),
            "method": f"paired {METHOD}",
        },
    }


def _about(result: dict[str, Any], path: Path, options: dict[str, Any]) -> dict[str, Any]:
    return {
        "file": str(path),
        "config": result.get("config"),
        "split": result.get("split"),
        "options": options,
    }


def summary_lines(comparison: dict[str, Any]) -> list[str]:
    """One line per headline metric: A, B, B - A, whether its 95 % interval excludes zero, and the
    interval (or why there is none), columns aligned.

    >>> lines = summary_lines({"metrics": {
    ...     "accuracy": {"a": 0.3, "b": 0.5, "difference": 0.2, "ci95": [0.15, 0.25], "excludes_zero": True},
    ...     "fp_ratio": {"a": 0.5, "b": None, "difference": None, "ci95": None, "excludes_zero": None,
    ...                  "ci95_note": "undefined in every resample"}}})
    >>> print("\\n".join(lines))
    metric    A       B       B - A    excludes 0  95 % interval of B - A
    accuracy  0.3000  0.5000  +0.2000  yes         [+0.1500, +0.2500]
    fp_ratio  0.5000  -       -        -           none: undefined in every resample
    """
    rows = [("metric", "A", "B", "B - A", "excludes 0", "95 % interval of B - A")]
    for path, metric in comparison["metrics"].items():
        bounds = metric["ci95"]
        if bounds is None:
            excludes, interval = "-", f"none: {metric.get('ci95_note', 'no interval')}"
        else:
            excludes = "yes" if metric["excludes_zero"] else "no"
            interval = f"[{bounds[0]:+.4f}, {bounds[1]:+.4f}]"
        a, b, difference = _number(metric["a"]), _number(metric["b"]), _number(metric["difference"], "+")
        rows.append((path, a, b, difference, excludes, interval))
    widths = [max(len(row[column]) for row in rows) for column in range(5)]
    return ["  ".join([*(c.ljust(w) for c, w in zip(row, widths, strict=False)), row[5]]) for row in rows]


def _number(value: float | None, sign: str = "") -> str:
    return "-" if value is None else f"{value:{sign}.4f}"
