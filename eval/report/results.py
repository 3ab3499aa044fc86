"""Read `LABEL=RESULT` arguments into `Result`s, and group them by family and model.

A RESULT is an `eval score` JSON file or an lmms-eval `--output_path` folder (read by
`eval.report.lmms_output`). Bad input gets one sentence naming the argument and the fix.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from builders.core.errors import shown
from eval.errors import UsageError
from eval.registry import family_eval
from eval.report.estimates import with_intervals
from eval.report.lmms_output import read_output_folder, score_of
from eval.report.section import FamilySection, ModelResults, Result, Skipped
from eval.scorefile import load
from eval.scoreshape import check_score

EXPECTED = "pass an `eval score` JSON or an lmms-eval --output_path folder"


def parse_argument(argument: str) -> tuple[str, Path]:
    """Split `LABEL=RESULT` at its first `=`.

    >>> parse_argument("gpt-4.1=scores/main.json")
    ('gpt-4.1', PosixPath('scores/main.json'))
    """
    label, equals, path = argument.partition("=")
    if not equals or not label.strip() or not path:
        raise UsageError(
            f"argument {argument!r} is not LABEL=RESULT; name each result, e.g. gpt-4.1=scores/main.json"
        )
    return label.strip(), Path(path)


def read_results(argument: str, sections: Mapping[str, FamilySection]) -> list[Result]:
    """The results one `LABEL=RESULT` argument holds (one for a score JSON, one per split for a folder)."""
    return read_inputs(argument, sections)[0]


def read_inputs(argument: str, sections: Mapping[str, FamilySection]) -> tuple[list[Result], list[Skipped]]:
    """The results one `LABEL=RESULT` argument holds, and what of it was skipped and why (logs of an
    output folder that are not results)."""
    label, path = parse_argument(argument)
    if path.is_dir():
        return read_output_folder(label, path, sections)
    return [_read_score(label, path, sections)], []  # the reader names whatever else `path` is


def _read_score(label: str, path: Path, sections: Mapping[str, FamilySection]) -> Result:
    score = load(path, "result", label, EXPECTED)
    family = score.get("family")
    if not isinstance(family, str) or family not in sections:
        raise UsageError(
            f"{str(path)!r} of {label!r} is not an `eval score` JSON of {' or '.join(sorted(sections))} "
            f"(its 'family' is {shown(family)}); {EXPECTED}"
        )
    section = sections[family]
    missing = [key for key in ("config", "split", *section.score_keys) if key not in score]
    if missing:
        raise UsageError(
            f"{str(path)!r} of {label!r} is a {family} score without {', '.join(map(repr, missing))}; "
            f"score the replies again with `python -m eval score {family}`"
        )
    check_score(score, f"result {str(path)!r} of {label!r}", EXPECTED)
    config = str(score["config"])
    variant = section.variant_of(config)
    records, blind, options = _outcomes(score, family)
    split = str(score["split"])
    return Result(
        label, family, config, split, variant, with_intervals(score), str(path), records, blind, options
    )


def _outcomes(
    score: Mapping[str, Any], family: str
) -> tuple[tuple[Mapping[str, Any], ...] | None, tuple[Mapping[str, Any], ...] | None, dict[str, Any]]:
    """A score JSON's per-row records (and blind ones) and its scoring options, for pooling configs: its
    `outcomes`, checked against the family's units on reading. A family whose lmms-eval tasks log
    something else than its units (AIpsych, whose configs are never pooled) gives none."""
    outcomes = score.get("outcomes")
    if not isinstance(outcomes, Mapping) or family_eval(family).scorer.units_from_log is not None:
        return None, None, {}
    units, blind = outcomes.get("units"), outcomes.get("blind")
    return (
        tuple(units) if isinstance(units, list) else None,
        tuple(blind) if isinstance(blind, list) else None,
        dict(outcomes.get("options") or {}),
    )


def by_family(
    results: Iterable[Result], sections: Mapping[str, FamilySection]
) -> dict[str, tuple[ModelResults, ...]]:
    """Results grouped by family (in `sections` order), then by label (sorted).

    A label's results of different configs for the same split (and prompt variant) become one
    result: their per-row records (and their `_noimage` twins' blind ones) pooled (a row in two
    configs counts once) and scored again, so the numbers and intervals are those of scoring the
    configs together.

    Raises:
        UsageError: one label has the same family, config and split twice, or results of several
            configs to merge whose sources hold no per-row records.
    """
    groups: dict[tuple[str, str, str, str], list[Result]] = {}
    for result in results:
        group = groups.setdefault((result.family, result.label, result.split, result.variant), [])
        for other in group:
            if other.config == result.config:
                raise UsageError(
                    f"{result.label!r} has two {result.family} results of config {shown(result.config)}, "
                    f"split {shown(_run((result.split, result.variant)))} ({other.source!r} and "
                    f"{result.source!r}); keep one, or give each its own label"
                )
        group.append(result)
    grouped: dict[str, dict[str, dict[tuple[str, str], Result]]] = {}
    for (family, label, split, variant), group in groups.items():
        merged = group[0] if len(group) == 1 else _merged(sections[family], group)
        grouped.setdefault(family, {}).setdefault(label, {})[(split, variant)] = merged
    return {
        family: tuple(ModelResults(label, runs) for label, runs in sorted(grouped[family].items()))
        for family in sections
        if family in grouped
    }


def _merged(section: FamilySection, group: list[Result]) -> Result:
    """One result of a label's results of several configs for one split: their rows pooled and scored."""
    first = group[0]
    run = _run((first.split, first.variant))
    configs = sorted({config for result in group for config in result.config.split("+")})
    records: dict[str, Mapping[str, Any]] = {}
    blind: dict[str, Mapping[str, Any]] = {}
    options = _scored_alike(
        section.name,
        group,
        f"{first.label!r} has {first.family} results of configs {', '.join(configs)} for split {run!r}",
    )
    for result in group:
        if result.records is None:
            raise UsageError(
                f"{first.label!r} has {first.family} results of configs {', '.join(configs)} for split "
                f"{run!r}, and {result.source!r} holds no per-row records to pool them by; score each "
                "config again with `python -m eval score` (its JSON keeps every row's outcome), score the "
                "configs as one (a union config such as `all`), or give each config its own label"
            )
        for record in result.records:
            records.setdefault(record["ID"], record)
        for record in result.blind_records or ():
            blind.setdefault(record["ID"], record)
    pooled = tuple(records.values())
    # Blind replies are pooled too when every config has them; a part would describe only some rows.
    pooled_blind = tuple(blind.values()) if all(r.blind_records for r in group) else None
    config = "+".join(configs)
    where = f"results of {first.label!r} ({', '.join(result.source for result in group)})"
    score = score_of(section.name, pooled, pooled_blind, config, first.split, where, options)
    source = " + ".join(result.source for result in group)
    return Result(
        first.label,
        first.family,
        config,
        first.split,
        first.variant,
        score,
        source,
        pooled,
        pooled_blind,
        options,
    )


def _scored_alike(family: str, group: list[Result], what: str) -> dict[str, Any]:
    """The scoring options the results of `group` share, refused when they differ (pooled rows are
    scored under one set of options)."""
    scorer = family_eval(family).scorer

    def values(result: Result) -> dict[str, Any]:
        given = scorer.options.given(family, result.options)
        return {name: getattr(given, name) for name, _, recorded in given.declared() if recorded}

    found = [values(result) for result in group]
    if any(each != found[0] for each in found):
        shown = "; ".join(f"{result.source}: {each}" for result, each in zip(group, found, strict=True))
        raise UsageError(
            f"{what}, scored with different options ({shown}); score them with the same options, or give "
            "each its own label"
        )
    return dict(group[0].options)


def _run(key: tuple[str, str]) -> str:
    split, variant = key
    return f"{split} ({variant})" if variant else split
