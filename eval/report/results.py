"""Read `LABEL=RESULT` arguments into `Result`s, and group them by family and model.

A RESULT is an `eval score` JSON file or an lmms-eval `--output_path` folder (read by
`eval.report.lmms_output`). Bad input gets one sentence naming the argument and the fix.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from eval.errors import UsageError
from eval.report.estimates import with_intervals
from eval.report.lmms_output import read_output_folder
from eval.report.section import FamilySection, ModelResults, Result

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
    label, path = parse_argument(argument)
    if path.is_dir():
        return read_output_folder(label, path, sections)
    if not path.is_file():
        raise UsageError(f"result {str(path)!r} of {label!r} does not exist; {EXPECTED}")
    return [_read_score(label, path, sections)]


def _read_score(label: str, path: Path, sections: Mapping[str, FamilySection]) -> Result:
    try:
        score: Any = json.loads(path.read_text(encoding="utf-8"))
    except RecursionError:
        raise UsageError(
            f"result {str(path)!r} of {label!r} nests too deeply to be a score; {EXPECTED}"
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        reason = getattr(error, "strerror", None) or getattr(error, "msg", None) or type(error).__name__
        raise UsageError(
            f"result {str(path)!r} of {label!r} is not readable JSON ({reason}); {EXPECTED}"
        ) from None
    family = score.get("family") if isinstance(score, dict) else None
    section = sections.get(family) if isinstance(family, str) else None
    if section is None:
        raise UsageError(
            f"{str(path)!r} of {label!r} is not an `eval score` JSON of {' or '.join(sorted(sections))} "
            f"(its 'family' is {family!r}); {EXPECTED}"
        )
    missing = [key for key in ("config", "split", *section.score_keys) if key not in score]
    if missing:
        raise UsageError(
            f"{str(path)!r} of {label!r} is a {family} score without {', '.join(map(repr, missing))}; "
            f"score the replies again with `python -m eval score {family}`"
        )
    return Result(
        label, family, str(score["config"]), str(score["split"]), "", with_intervals(score), str(path)
    )


def by_family(
    results: Iterable[Result], sections: Mapping[str, FamilySection]
) -> dict[str, tuple[ModelResults, ...]]:
    """Results grouped by family (in `sections` order), then by label (sorted).

    Raises:
        UsageError: one label has two results for the same family, split and variant.
    """
    grouped: dict[str, dict[str, dict[tuple[str, str], Result]]] = {}
    for result in results:
        runs = grouped.setdefault(result.family, {}).setdefault(result.label, {})
        key = (result.split, result.variant)
        if key in runs:
            other = runs[key]
            raise UsageError(
                f"{result.label!r} has two {result.family} results for split {_run(key)!r} "
                f"({other.source!r}, config {other.config!r}, and {result.source!r}, "
                f"config {result.config!r}); "
                "score the configs together (e.g. --config all) or give each its own label"
            )
        runs[key] = result
    return {
        family: tuple(ModelResults(label, runs) for label, runs in sorted(grouped[family].items()))
        for family in sections
        if family in grouped
    }


def _run(key: tuple[str, str]) -> str:
    split, variant = key
    return f"{split} ({variant})" if variant else split
