"""Command line: `python -m eval score | tasks | report`."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from eval.data import load_rows
from eval.errors import EvalError, UsageError
from eval.local_tasks import write_local_tasks
from eval.predictions import read_responses
from eval.report import run_report
from eval.scoring import grade, report, viprobe

EXIT_USAGE = 2
T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class FamilyScoring:
    """How one family's rows are keyed and scored."""

    id_column: str
    default_split: str | None
    score_rows: Callable[[list[dict[str, Any]], dict[str, str], str], dict[str, Any]]


def _vlmbias(rows: list[dict[str, Any]], responses: dict[str, str], id_column: str) -> dict[str, Any]:
    return report([grade(row, responses[row[id_column]]) for row in rows if row[id_column] in responses])


def _viprobe(rows: list[dict[str, Any]], responses: dict[str, str], id_column: str) -> dict[str, Any]:
    graded = [
        viprobe.grade_probe(row, responses[row[id_column]]) for row in rows if row[id_column] in responses
    ]
    return {"n": len(graded), **viprobe.report(graded)}


FAMILIES: dict[str, FamilyScoring] = {
    "vlmbias": FamilyScoring("ID", None, _vlmbias),
    "viprobe": FamilyScoring("id", "test", _viprobe),
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    score = commands.add_parser("score", help="score model replies against one split of a built dataset")
    score.add_argument("family", choices=tuple(FAMILIES), help="benchmark family")
    score.add_argument(
        "--data", type=Path, required=True, help="built dataset folder, e.g. build/vlmbias or build/vi-probe"
    )
    score.add_argument(
        "--config", required=True, help="config, e.g. patterned_grids (vlmbias) or size (viprobe)"
    )
    score.add_argument("--split", help="split, e.g. main (vlmbias); viprobe has only `test`, the default")
    score.add_argument(
        "--predictions",
        type=Path,
        required=True,
        help='JSONL of {"ID": ..., "response": ...} lines, or an lmms-eval --log_samples file',
    )
    score.add_argument("--out", type=Path, help="write the metrics JSON here (default: standard output)")

    tasks = commands.add_parser(
        "tasks", help="write an lmms-eval include path whose tasks read a local build or another Hub repo"
    )
    tasks.add_argument("family", choices=tuple(FAMILIES), help="benchmark family")
    tasks.add_argument(
        "--data", required=True, help="built dataset folder (build/vlmbias) or Hub repo id (org/name)"
    )
    tasks.add_argument("--out", type=Path, required=True, help="folder to pass to lmms-eval --include_path")

    report_page = commands.add_parser("report", help="one offline HTML page of figures comparing models")
    report_page.add_argument(
        "results",
        nargs="+",
        metavar="LABEL=RESULT",
        help="a model's label and an `eval score` JSON or lmms-eval --output_path folder; one per result",
    )
    report_page.add_argument("--out", type=Path, required=True, help="folder for index.html and its figures")
    return parser


def score(family: str, data: Path, config: str, split: str | None, predictions: Path) -> dict[str, Any]:
    """The metrics JSON of `predictions` on `config`/`split`, with the IDs that did not match.

    Rows without a prediction are left out of the metrics and listed in `missing_ids`; predictions
    for no row are listed in `unknown_ids`. Prediction files key replies by `ID` for every family.
    """
    scoring = FAMILIES[family]
    split = split or scoring.default_split
    if split is None:
        raise UsageError(f"family {family!r} has several splits; pass --split (e.g. main)")
    rows = load_rows(data, config, split)
    responses = read_responses(predictions)
    key = scoring.id_column
    if rows and key not in rows[0]:
        raise UsageError(
            f"rows of {config}/{split} in {str(data)!r} have no {key!r} column, so they are not from a "
            f"{family} build; score them with the family that built them"
        )
    row_ids = {row[key] for row in rows}
    return {
        **scoring.score_rows(rows, responses, key),
        "family": family,
        "config": config,
        "split": split,
        "rows": len(rows),
        "missing_ids": [row[key] for row in rows if row[key] not in responses],
        "unknown_ids": sorted(set(responses) - row_ids),
    }


def _warn_unmatched(result: dict[str, Any]) -> None:
    missing, unknown = result["missing_ids"], result["unknown_ids"]
    where = f"{result['config']}/{result['split']}"
    if missing:
        print(
            f"warning: {len(missing)} of {result['rows']} rows of {where} have no prediction "
            f"(first: {missing[0]!r}); the metrics cover the other {result['n']}",
            file=sys.stderr,
        )
    if unknown:
        print(
            f"warning: {len(unknown)} predictions match no row of {where} (first: {unknown[0]!r})",
            file=sys.stderr,
        )


def _write(out: Path, write: Callable[[], T]) -> T:
    try:
        return write()
    except OSError as error:
        raise UsageError(f"cannot write to {str(out)!r} ({error.strerror}); choose another --out") from None


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit code."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "report":
            print(run_report(args.results, args.out))
            return 0
        if args.command == "score":
            result = score(args.family, args.data, args.config, args.split, args.predictions)
            _warn_unmatched(result)
            text = json.dumps(result, indent=2, ensure_ascii=False) + "\n"
            if args.out is None:
                sys.stdout.write(text)
            else:
                _write(args.out, lambda: args.out.write_text(text, encoding="utf-8"))
            return 0
        written = _write(args.out, lambda: write_local_tasks(args.family, args.data, args.out))
        print(
            f"wrote {len(written)} task files to {written[0].parent}; run lmms-eval with "
            f"--include_path {args.out} (and no other include path for {args.family})"
        )
        return 0
    except EvalError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
