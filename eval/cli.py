"""Command line: `python -m eval score | compare | tasks | export | vlmevalkit | write-tasks | report |
policy-server`.

The families are the ones `eval.registry` registers; each command takes a family's `FamilyEval`
(`eval.family`) from there: its scorer (and the typed options that make its `score` flags), its
task declaration and its report section. The work itself is in library modules (`eval.score`,
`eval.compare`, `eval.local_tasks`, `eval.vlmevalkit.export`, `eval.vlmevalkit.launch`, `eval.report`,
`eval.policy_server`).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import warnings
from pathlib import Path
from typing import Any

from builders.core.bounded_json import safe_text
from builders.core.errors import BuilderError, shown
from builders.core.interrupts import EXIT_INTERRUPTED, raise_on_interrupt
from builders.core.outputs import check_file, write_file
from eval.compare import compare, summary_lines
from eval.errors import LMMS_EVAL_EXIT_TRAP, EvalError, InputWarning, UsageError
from eval.local_tasks import write_local_tasks
from eval.registry import family_eval, family_names
from eval.report import run_report
from eval.score import score
from eval.scorefile import dumps
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED, MAX_RESAMPLES
from eval.scoring.options import RESAMPLES, SEED, Flag
from eval.tasks.declaration import stale_files, write_files
from eval.vlmevalkit.export import LAYOUTS, export_tsv
from eval.vlmevalkit.launch import run as run_vlmevalkit

EXIT_FAILED = 1
EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    families = family_names()

    scoring = commands.add_parser("score", help="score model replies against one split of a built dataset")
    scoring.add_argument("family", choices=families, help="benchmark family")
    scoring.add_argument(
        "--data", type=Path, required=True, help="built dataset folder, e.g. build/vlmbias or build/vi-probe"
    )
    scoring.add_argument(
        "--config", required=True, help="config, e.g. patterned_grids (vlmbias) or size (viprobe)"
    )
    scoring.add_argument("--split", help="split, e.g. main (vlmbias); default: the family's only split")
    scoring.add_argument(
        "--predictions",
        type=Path,
        required=True,
        help='JSONL of {"id": ..., "response": ...} lines, an lmms-eval --log_samples file, an inspect '
        "log (.eval, .json), or a VLMEvalKit prediction file (.xlsx, .tsv, .csv) of an `eval export "
        "vlmevalkit` TSV",
    )
    scoring.add_argument(
        "--blind",
        type=Path,
        help="replies to the same rows given without the image (a <task>_noimage run): adds `blind`",
    )
    _bootstrap_arguments(scoring)
    scoring.add_argument("--out", type=Path, help="write the metrics JSON here (default: standard output)")
    for flag, owners in _score_flags().items():
        scoring.add_argument(
            flag.flag,
            dest=flag.dest,
            choices=flag.choices,
            type=flag.parse,
            help=f"{flag.help} ({', '.join(owners)} only)",
        )

    versus = commands.add_parser(
        "compare", help="paired differences of two `eval score` results of one family on the same rows"
    )
    versus.add_argument(
        "a", type=Path, metavar="A.json", help="the first result (e.g. the canonical edition)"
    )
    versus.add_argument("b", type=Path, metavar="B.json", help="the second result; differences are B - A")
    _bootstrap_arguments(versus)
    versus.add_argument(
        "--out",
        type=Path,
        help="write the comparison JSON here (default: standard output); a line per headline metric is "
        "printed on standard output (on standard error when the JSON is)",
    )

    tasks = commands.add_parser(
        "tasks", help="write an lmms-eval include path whose tasks read a local build or another Hub repo"
    )
    tasks.add_argument("family", choices=families, help="benchmark family")
    tasks.add_argument(
        "--data",
        required=True,
        help="built dataset folder (build/vlmbias) or Hub repo id (org/name; hf://org/name when a local "
        "folder org/ exists)",
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
    export.add_argument(
        "--layout",
        choices=tuple(LAYOUTS),
        default="generic",
        help="generic (default: answer and category, for SeeOrRecallDataset and VLMEvalKit's VQA classes) "
        "or vlms_are_biased (VLMBias only: adds ground_truth, expected_bias, topic, ... for VLMEvalKit's "
        "own VLMsAreBiased evaluator)",
    )

    vlmevalkit = commands.add_parser(
        "vlmevalkit",
        help="run VLMEvalKit's own runner with SeeOrRecallDataset registered (needs ms-vlmeval installed)",
        description="Further options go to VLMEvalKit's run.py (--work-dir, --mode, --api-nproc, --reuse).",
    )
    vlmevalkit.add_argument("action", choices=("run",), help="run: VLMEvalKit's runner on a --config")
    vlmevalkit.add_argument(
        "--config", type=Path, required=True, help='VLMEvalKit config JSON (its "model" and "data")'
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

    dry_run = commands.add_parser(
        "policy-server",
        help="a dry-run model: an OpenAI-compatible endpoint on 127.0.0.1 answering every row by a policy",
    )
    dry_run.add_argument(
        "--data",
        type=Path,
        action="append",
        required=True,
        help="a built dataset folder whose rows it answers, e.g. build/vlmbias; repeat for several",
    )
    dry_run.add_argument(
        "--policy",
        required=True,
        help="truth (every row right), bias (as the family's bias predicts), constant:TEXT, or random:SEED "
        "(a seeded coin per row between truth and bias)",
    )
    dry_run.add_argument(
        "--port", type=_port, default=8000, help="port on 127.0.0.1 (default 8000; 0 picks a free one)"
    )
    dry_run.add_argument("--verbose", action="store_true", help="print a line per request")
    return parser


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535; 0 picks a free one)")
    return int(text)


def _bootstrap_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--bootstrap",
        type=RESAMPLES,
        default=DEFAULT_RESAMPLES,
        metavar="N",
        help=f"cluster-bootstrap resamples per 95%% interval (default {DEFAULT_RESAMPLES}, at most "
        f"{MAX_RESAMPLES:,}; 0: no intervals)",
    )
    command.add_argument(
        "--bootstrap-seed",
        type=SEED,
        default=DEFAULT_SEED,
        metavar="SEED",
        help=f"seed of the resamples (default {DEFAULT_SEED}; the same seed gives the same intervals)",
    )


def _score_flags() -> dict[Flag, list[str]]:
    """Every family's scoring flags, each with the families that declare it.

    Families may declare the same flag (VLMBias and IllusionBench+ both have `--parser`): it is added
    once, with the first declaration's help and every declaration's choices.
    """
    first: dict[str, Flag] = {}
    owners: dict[str, list[str]] = {}
    for family in family_names():
        for _, flag in family_eval(family).scorer.options.flags():
            known = first.setdefault(flag.flag, flag)
            if known.choices is not None and flag.choices is not None:
                choices = known.choices + tuple(c for c in flag.choices if c not in known.choices)
                first[flag.flag] = dataclasses.replace(known, choices=choices)
            owners.setdefault(flag.flag, []).append(family)
    return {flag: owners[name] for name, flag in first.items()}


def _chosen_options(family: str, args: argparse.Namespace) -> dict[str, Any]:
    """The family's options given on the command line, by keyword; a flag the family lacks is refused."""
    declared = {flag.flag: keyword for keyword, flag in family_eval(family).scorer.options.flags()}
    chosen = {}
    for flag in _score_flags():
        value = getattr(args, flag.dest)
        if value is None:
            continue
        if flag.flag not in declared:
            raise UsageError(f"{flag.flag} is not an option of {family} scoring; leave it out")
        chosen[declared[flag.flag]] = value
    return chosen


def _warn_unmatched(result: dict[str, Any]) -> None:
    missing, unknown = result["missing_ids"], result["unknown_ids"]
    where = f"{result['config']}/{result['split']}"
    if missing:
        print(
            f"warning: {len(missing)} of {result['rows']} rows of {where} have no prediction "
            f"(first: {shown(missing[0])}); the metrics cover the other {result['n']}",
            file=sys.stderr,
        )
    if unknown:
        print(
            f"warning: {len(unknown)} predictions match no row of {where} (first: {shown(unknown[0])})",
            file=sys.stderr,
        )


def _emit(out: Path | None, text: str, inputs: tuple[Path, ...] = ()) -> None:
    """`text` to standard output, or into `out` in one rename (never over one of `inputs`)."""
    if out is None:
        sys.stdout.write(text)
    else:
        write_file(out, text, inputs=inputs)


def _write_tasks(check: bool) -> int:
    """Regenerate (or, with `check`, only compare) every family's packaged task YAMLs."""
    stale = {name: stale_files(family_eval(name).tasks()) for name in family_names()}
    if check:
        for name, files in stale.items():
            for file in files:
                print(f"stale: eval/tasks/{name}/{file}", file=sys.stderr)
        return EXIT_FAILED if any(stale.values()) else 0
    for name in family_names():
        written = write_files(family_eval(name).tasks())
        print(f"{name}: {len(written)} task files, {len(stale[name])} changed")
    return 0


def _policy_server(folders: list[Path], policy_text: str, port: int, verbose: bool) -> int:
    """Index the folders and answer requests until interrupted (imported here: it loads numpy and PIL)."""
    from eval.policy_server.index import RowIndex
    from eval.policy_server.policies import parse_policy
    from eval.policy_server.server import serve

    policy = parse_policy(policy_text)  # refused before any folder is read
    serve(RowIndex(folders), policy, port, verbose=verbose)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit code.

    What a command read but not plainly (`InputWarning`: replies saved as formulas, a judge's
    answers that never parsed) is printed as one `warning:` line each when the command succeeds; a
    refused command prints its one `error:` sentence alone.
    """
    parser = _parser()
    args, passed_on = parser.parse_known_args(argv)
    if passed_on and args.command != "vlmevalkit":
        parser.error(f"unrecognized arguments: {' '.join(passed_on)}")
    raise_on_interrupt()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", InputWarning)
        code = _run(args, passed_on)
    for warning in caught:
        if not issubclass(warning.category, InputWarning):
            warnings.showwarning(warning.message, warning.category, warning.filename, warning.lineno)
        elif code == 0:
            print(f"warning: {safe_text(str(warning.message))}", file=sys.stderr)
    return code


def _run(args: argparse.Namespace, passed_on: list[str]) -> int:
    try:
        if args.command == "report":
            print(safe_text(run_report(args.results, args.out)))
            return 0
        if args.command == "score":
            options = _chosen_options(args.family, args)
            inputs = (args.predictions, *(() if args.blind is None else (args.blind,)))
            inputs += tuple(value for value in options.values() if isinstance(value, Path))
            if args.out is not None:
                check_file(args.out, inputs=inputs, what="the metrics")  # before any work
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
            _emit(args.out, dumps(result), inputs)
            return 0
        if args.command == "compare":
            if args.out is not None:
                check_file(args.out, inputs=(args.a, args.b), what="the comparison")
            comparison = compare(args.a, args.b, resamples=args.bootstrap, seed=args.bootstrap_seed)
            _emit(args.out, dumps(comparison), (args.a, args.b))
            # One line per headline metric beside the JSON: on standard error when the JSON is on
            # standard output, so it still pipes clean.
            print("\n".join(summary_lines(comparison)), file=sys.stdout if args.out else sys.stderr)
            return 0
        if args.command == "export":
            exported = export_tsv(args.data, args.config, args.split, args.out, args.layout)
            print(
                f"wrote {exported.rows} rows ({exported.images} distinct images) of {exported.family} "
                f"{exported.config}/{exported.split} to {exported.path}"
            )
            return 0
        if args.command == "write-tasks":
            return _write_tasks(args.check)
        if args.command == "vlmevalkit":
            return run_vlmevalkit(args.config, passed_on)
        if args.command == "policy-server":
            return _policy_server(args.data, args.policy, args.port, args.verbose)
        overlay = write_local_tasks(args.family, args.data, args.out)
        print(
            f"wrote {len(overlay.files)} task files to {overlay.folder}; run lmms-eval with "
            f"--include_path {args.out} (and no other include path for {args.family}) and --verbosity DEBUG "
            f"({LMMS_EVAL_EXIT_TRAP}); its --model openai needs OPENAI_API_KEY set "
            "(any value for a local server)"
        )
        if overlay.summary():
            print(f"left out {overlay.summary()}")
        return 0
    except (EvalError, BuilderError) as error:
        print(f"error: {safe_text(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("error: interrupted; no output was written", file=sys.stderr)
        return EXIT_INTERRUPTED
