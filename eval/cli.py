"""Command line: `python -m eval score | compare | tasks | export | write-tasks | report`.

The families are the ones `builders.families` registers; each family's scoring is its module
`eval.scoring.<family>`, run through `eval.scoring.score` (metrics, intervals, blind pairing), and
its lmms-eval tasks are declared in `eval/tasks/<family>/declaration.py`.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from builders.core.atomic import write_file
from builders.core.errors import BuilderError
from builders.core.interrupts import EXIT_INTERRUPTED, raise_on_interrupt
from builders.core.request import refuse_inside_dataset
from builders.families import family_names
from eval.compare import compare
from eval.data import check_split, default_split, load_rows, open_folder
from eval.errors import LMMS_EVAL_EXIT_TRAP, EvalError, UsageError
from eval.jsontext import safe_text
from eval.local_tasks import write_local_tasks
from eval.options import ScoreOption
from eval.predictions import read_responses
from eval.report import run_report
from eval.scorefile import dumps
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from eval.scoring.score import family_scoring, score_replies
from eval.tasks.declaration import family_tasks, stale_files, write_files
from eval.vlmevalkit.export import export_tsv
from eval.vlmevalkit.table import is_table, read_table

EXIT_FAILED = 1
EXIT_USAGE = 2
T = TypeVar("T")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    families = family_names()

    score = commands.add_parser("score", help="score model replies against one split of a built dataset")
    score.add_argument("family", choices=families, help="benchmark family")
    score.add_argument(
        "--data", type=Path, required=True, help="built dataset folder, e.g. build/vlmbias or build/vi-probe"
    )
    score.add_argument(
        "--config", required=True, help="config, e.g. patterned_grids (vlmbias) or size (viprobe)"
    )
    score.add_argument("--split", help="split, e.g. main (vlmbias); default: the family's only split")
    score.add_argument(
        "--predictions",
        type=Path,
        required=True,
        help='JSONL of {"id": ..., "response": ...} lines, an lmms-eval --log_samples file, an inspect '
        "log (.eval, .json), or a VLMEvalKit prediction file (.xlsx, .tsv, .csv) of an `eval export "
        "vlmevalkit` TSV",
    )
    score.add_argument(
        "--blind",
        type=Path,
        help="replies to the same rows given without the image (a <task>_noimage run): adds `blind`",
    )
    _bootstrap_arguments(score)
    score.add_argument("--out", type=Path, help="write the metrics JSON here (default: standard output)")
    for option, owners in _score_options().items():
        score.add_argument(
            option.flag,
            dest=option.dest,
            choices=option.choices,
            type=option.type,
            help=f"{option.help} ({', '.join(owners)} only)",
        )

    versus = commands.add_parser(
        "compare", help="paired differences of two `eval score` results of one family on the same rows"
    )
    versus.add_argument(
        "a", type=Path, metavar="A.json", help="the first result (e.g. the canonical edition)"
    )
    versus.add_argument("b", type=Path, metavar="B.json", help="the second result; differences are B - A")
    _bootstrap_arguments(versus)
    versus.add_argument("--out", type=Path, help="write the comparison JSON here (default: standard output)")

    tasks = commands.add_parser(
        "tasks", help="write an lmms-eval include path whose tasks read a local build or another Hub repo"
    )
    tasks.add_argument("family", choices=families, help="benchmark family")
    tasks.add_argument(
        "--data", required=True, help="built dataset folder (build/vlmbias) or Hub repo id (org/name)"
    )
    tasks.add_argument("--out", type=Path, required=True, help="folder to pass to lmms-eval --include_path")

    export = commands.add_parser("export", help="write one split of a built dataset for another harness")
    export.add_argument("harness", choices=("vlmevalkit",), help="the harness that reads the file")
    export.add_argument("--data", type=Path, required=True, help="built dataset folder, e.g. build/vlmbias")
    export.add_argument("--config", required=True, help="config, e.g. patterned_grids (vlmbias)")
    export.add_argument("--split", help="split, e.g. main (vlmbias); default: the family's only split")
    export.add_argument(
        "--out", type=Path, required=True, help="the TSV to write: $LMUData/<dataset name>.tsv for VLMEvalKit"
    )

    generate = commands.add_parser(
        "write-tasks", help="regenerate the packaged lmms-eval task YAMLs from the families' declarations"
    )
    generate.add_argument("--check", action="store_true", help="only report stale files; exit 1 if any")

    report_page = commands.add_parser("report", help="one offline HTML page of figures comparing models")
    report_page.add_argument(
        "results",
        nargs="+",
        metavar="LABEL=RESULT",
        help="a model's label and an `eval score` JSON or lmms-eval --output_path folder; one per result",
    )
    report_page.add_argument("--out", type=Path, required=True, help="folder for index.html and its figures")
    return parser


def _resamples(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a whole number of resamples (0 turns intervals off)"
        )
    return value


def _bootstrap_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--bootstrap",
        type=_resamples,
        default=DEFAULT_RESAMPLES,
        metavar="N",
        help=f"cluster-bootstrap resamples per 95%% interval (default {DEFAULT_RESAMPLES}; 0: no intervals)",
    )
    command.add_argument(
        "--bootstrap-seed",
        type=int,
        default=DEFAULT_SEED,
        metavar="SEED",
        help=f"seed of the resamples (default {DEFAULT_SEED}; the same seed gives the same intervals)",
    )


def _score_options() -> dict[ScoreOption, list[str]]:
    """Every family's scoring options, each with the families that declare it.

    Families may declare the same flag (VLMBias and IllusionBench+ both have `--parser`): it is added
    once, with the first declaration's help and every declaration's choices.
    """
    first: dict[str, ScoreOption] = {}
    owners: dict[str, list[str]] = {}
    for family in family_names():
        for option in getattr(family_scoring(family), "OPTIONS", ()):
            known = first.setdefault(option.flag, option)
            if known.choices is not None and option.choices is not None:
                choices = known.choices + tuple(c for c in option.choices if c not in known.choices)
                first[option.flag] = dataclasses.replace(known, choices=choices)
            owners.setdefault(option.flag, []).append(family)
    return {option: owners[flag] for flag, option in first.items()}


def _chosen_options(family: str, args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments for the family's scoring; a flag the family lacks is refused."""
    declared = {option.flag for option in getattr(family_scoring(family), "OPTIONS", ())}
    chosen = {}
    for option in _score_options():
        value = getattr(args, option.dest)
        if value is None:
            continue
        if option.flag not in declared:
            raise UsageError(f"{option.flag} is not an option of {family} scoring; leave it out")
        chosen[option.keyword] = value
    return chosen


def score(
    family: str,
    data: Path,
    config: str,
    split: str | None,
    predictions: Path,
    options: dict[str, Any] | None = None,
    *,
    blind: Path | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> dict[str, Any]:
    """The metrics JSON of `predictions` on `config`/`split`, with the ids that did not match.

    Rows without a prediction are left out of the metrics and listed in `missing_ids`; predictions
    for no row are listed in `unknown_ids`. Replies are keyed by the rows' `id` (a family's scoring
    module may define `row_id_of`, the row a prediction id answers, when one row takes several
    replies); `options` go to the family's scoring. `blind` holds replies to the same rows without
    the image; `resamples` and `seed` make the 95 % intervals (`ci95`).

    Raises:
        UsageError: `data` is not a build of `family`, or no prediction (or blind reply) matches a row.
    """
    folder = open_folder(data)
    if folder.family != family:
        raise UsageError(
            f"{str(data)!r} holds a {folder.family} build, not {family}; "
            f"score it with `python -m eval score {folder.family}`"
        )
    split = default_split(family, split)
    check_split(folder, config, split)
    # JSONL files and inspect logs are read before the rows (a VLMEvalKit table is read against them): a
    # bad one is refused before the Parquet stack loads.
    read = {
        path: _some(read_responses(path), path)
        for path in (predictions, blind)
        if path and not is_table(path)
    }
    rows = load_rows(folder, config, split)
    row_ids = {row["id"] for row in rows}
    row_of = getattr(family_scoring(family), "row_id_of", str)
    where = f"{config}/{split}"

    def replies(path: Path) -> dict[str, str]:
        return (
            read[path] if path in read else _some(read_table(path, [row["id"] for row in rows], where), path)
        )

    responses = _matching(replies(predictions), predictions, row_ids, row_of, where)
    blind_responses = None if blind is None else _matching(replies(blind), blind, row_ids, row_of, where)
    scored = score_replies(
        family, rows, responses, blind=blind_responses, resamples=resamples, seed=seed, **(options or {})
    )
    outcomes = scored.pop("outcomes")
    answered = {row_of(prediction) for prediction in responses}
    return {
        **scored,
        "family": family,
        "config": config,
        "split": split,
        "rows": len(rows),
        "missing_ids": [row["id"] for row in rows if row["id"] not in answered],
        "unknown_ids": sorted(prediction for prediction in responses if row_of(prediction) not in row_ids),
        **(
            {}
            if blind_responses is None
            else {"blind_unknown_ids": sorted(p for p in blind_responses if row_of(p) not in row_ids)}
        ),
        "outcomes": outcomes,
    }


def _some(responses: dict[str, str], path: Path) -> dict[str, str]:
    """`responses`, refused in one sentence when the file held none."""
    if not responses:
        raise UsageError(f"predictions file {str(path)!r} holds no predictions; nothing to score")
    return responses


def _matching(
    responses: dict[str, str], path: Path, row_ids: set[str], row_of: Callable[[str], str], where: str
) -> dict[str, str]:
    """`responses`, refused in one sentence when none of them answers a row of `where`."""
    if row_ids.isdisjoint(row_of(prediction) for prediction in responses):
        raise UsageError(
            f"none of the {len(responses)} predictions in {str(path)!r} matches a row of "
            f"{where} (first id: {next(iter(responses))!r}); check --config and --split"
        )
    return responses


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


def _emit(out: Path | None, text: str) -> None:
    """`text` to standard output, or into `out` in one rename."""
    if out is None:
        sys.stdout.write(text)
    else:
        _write(out, lambda: write_file(out, text))


def _check_out(out: Path, data: Path | None, inputs: tuple[Path, ...]) -> None:
    """Refuse an `--out` that would overwrite an input: one of `inputs`, or anything inside `data`."""
    target = out.resolve()
    for path in inputs:
        if target == path.resolve() or (out.exists() and path.exists() and out.samefile(path)):
            raise UsageError(f"--out {str(out)!r} is the input {str(path)!r}; write the metrics elsewhere")
    if data is not None and data.resolve() in (target, *target.parents):
        raise UsageError(
            f"--out {str(out)!r} is inside the dataset folder {str(data)!r}; write the metrics outside it"
        )


def _write(out: Path, write: Callable[[], T]) -> T:
    try:
        return write()
    except OSError as error:
        raise UsageError(f"cannot write to {str(out)!r} ({error.strerror}); choose another --out") from None


def _write_tasks(check: bool) -> int:
    """Regenerate (or, with `check`, only compare) every family's packaged task YAMLs."""
    stale = {name: stale_files(family_tasks(name)) for name in family_names()}
    if check:
        for name, files in stale.items():
            for file in files:
                print(f"stale: eval/tasks/{name}/{file}", file=sys.stderr)
        return EXIT_FAILED if any(stale.values()) else 0
    for name in family_names():
        written = write_files(family_tasks(name))
        print(f"{name}: {len(written)} task files, {len(stale[name])} changed")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit code."""
    args = _parser().parse_args(argv)
    raise_on_interrupt()
    try:
        if args.command == "report":
            refuse_inside_dataset(args.out)  # the next build of that folder would delete it
            print(safe_text(run_report(args.results, args.out)))
            return 0
        if args.command == "score":
            options = _chosen_options(args.family, args)
            inputs = (args.predictions, *(() if args.blind is None else (args.blind,)))
            if args.out is not None:
                paths = (value for value in options.values() if isinstance(value, Path))
                _check_out(args.out, args.data, (*inputs, *paths))
            result = score(
                args.family,
                args.data,
                args.config,
                args.split,
                args.predictions,
                options,
                blind=args.blind,
                resamples=args.bootstrap,
                seed=args.bootstrap_seed,
            )
            _warn_unmatched(result)
            _emit(args.out, dumps(result))
            return 0
        if args.command == "compare":
            if args.out is not None:
                _check_out(args.out, None, (args.a, args.b))
            _emit(
                args.out, dumps(compare(args.a, args.b, resamples=args.bootstrap, seed=args.bootstrap_seed))
            )
            return 0
        if args.command == "export":
            refuse_inside_dataset(args.out)
            exported = export_tsv(args.data, args.config, args.split, args.out)
            print(
                f"wrote {exported.rows} rows ({exported.images} distinct images) of {exported.family} "
                f"{exported.config}/{exported.split} to {exported.path}"
            )
            return 0
        if args.command == "write-tasks":
            return _write_tasks(args.check)
        refuse_inside_dataset(args.out)
        overlay = _write(args.out, lambda: write_local_tasks(args.family, args.data, args.out))
        print(
            f"wrote {len(overlay.files)} task files to {overlay.folder}; run lmms-eval with "
            f"--include_path {args.out} (and no other include path for {args.family}) and --verbosity DEBUG "
            f"({LMMS_EVAL_EXIT_TRAP})"
        )
        if overlay.summary():
            print(f"left out {overlay.summary()}")
        return 0
    except (EvalError, BuilderError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("error: interrupted; no output was written", file=sys.stderr)
        return EXIT_INTERRUPTED
