"""Command line: `python -m builders build | verify | gallery | params | list`."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from builders.core.atomic import reading, recover_if_idle
from builders.core.build import build
from builders.core.errors import BuilderError, UsageError, wrong_kind
from builders.core.folder import BuiltFolder
from builders.core.interrupts import EXIT_INTERRUPTED, raise_on_interrupt
from builders.core.params import read_params_file, to_toml
from builders.core.request import check_edition, check_selection, check_target, resolve_parameters
from builders.core.source import EMBEDDED, EMBEDDED_KIND, Source
from builders.core.without_pandas import pandas_unavailable
from builders.families import family_names, family_of, get_family

# Verifying and the gallery read Parquet: their modules (which import `datasets`, pandas and pyarrow,
# about a second) are imported once a command's arguments are checked, so `--help`, `list`, `params`
# and every refused command start fast (`build` imports them itself once its request is good).

#: Named inputs a source may take besides its PATH (each family says which it reads; see `list`).
INPUTS = {
    "questions": (
        "FILE",
        "a question file the source reads, e.g. aipsych `--source official --questions FILE`",
    ),
    "images": (
        "DIR",
        "a folder of your own images the source reads, e.g. `--images DIR` with aipsych or visage",
    ),
}

EXIT_FAILED = 1
#: `--workers` of `build` and `verify`: the default pool starts only for enough work (`builders.core.build`).
WORKERS_HELP = "worker processes (default: one per core, once the work left would take over a second)"
EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m builders", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    make = commands.add_parser("build", help="build a family's datasets into OUT/<repo-name>/")
    make.add_argument("family", help="benchmark family, e.g. vlmbias (see `list`), or `all` for every family")
    make.add_argument(
        "--config",
        action="append",
        dest="configs",
        metavar="NAME",
        help="config to build; repeat for several; default: every config",
    )
    make.add_argument("--preset", help="parameter preset, e.g. paper or lite (default: the family's)")
    make.add_argument("--out", type=Path, default=Path("build"), help="output folder (default: build)")
    make.add_argument("--workers", type=int, default=None, help=WORKERS_HELP)
    make.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    make.add_argument(
        "--source",
        nargs="+",
        metavar="KIND [PATH]",
        default=["embedded"],
        help="where images come from: embedded (drawn by code, the default) or a kind the family "
        "reads from your disk, e.g. vlmbias `upstream PATH` (see `list`)",
    )

    make.add_argument(
        "--seed",
        type=int,
        metavar="N",
        default=None,
        help="draw a fresh edition with seed N: the same row ids, a new draw of everything the paper "
        "leaves free (default: the canonical edition)",
    )
    make.add_argument(
        "--params",
        type=Path,
        metavar="FILE",
        help="a TOML file of parameters applied on top of --preset (see `params FAMILY`)",
    )
    for name, (metavar, meaning) in INPUTS.items():
        make.add_argument(f"--{name}", type=Path, metavar=metavar, help=meaning)

    check = commands.add_parser("verify", help="check a built folder against its manifest")
    check.add_argument("folder", type=Path, help="a built dataset folder, e.g. build/vlmbias")
    check.add_argument("--workers", type=int, default=None, help=WORKERS_HELP)
    check.add_argument("--no-redraw", action="store_true", help="skip re-drawing images from their specs")
    check.add_argument(
        "--source",
        nargs="+",
        metavar="KIND [PATH]",
        default=None,
        help="the source a config was built from, given again to re-plan and re-draw it (the manifest "
        "records each input's flag and digest, never its path)",
    )
    for name, (metavar, meaning) in INPUTS.items():
        check.add_argument(f"--{name}", type=Path, metavar=metavar, help=f"{meaning}, given again")

    show = commands.add_parser("gallery", help="write static HTML pages for reviewing a built folder")
    show.add_argument("folder", type=Path, help="a built dataset folder, e.g. build/vlmbias")
    show.add_argument("--out", type=Path, default=None, help="output folder (default: FOLDER-gallery)")
    show.add_argument("--no-progress", action="store_true", help="hide the progress bar")

    show_params = commands.add_parser(
        "params", help="print a family's parameters as TOML, ready to edit and pass to `build --params`"
    )
    show_params.add_argument("family", help="benchmark family, e.g. vlmbias (see `list`)")
    show_params.add_argument("--preset", help="the preset whose values to print (default: the family's)")

    commands.add_parser("list", help="list families, configs and presets")
    return parser


def parse_source(words: list[str], inputs: dict[str, Path | None]) -> Source:
    """`embedded`, or `KIND [PATH]` with named inputs, for a family to check; every path must exist."""
    kind, *rest = words
    given = {name: path for name, path in inputs.items() if path is not None}
    if kind == EMBEDDED_KIND and not rest and not given:
        return EMBEDDED
    if kind == EMBEDDED_KIND:
        raise UsageError(
            f"--source embedded takes no path or {', '.join(f'--{n}' for n in INPUTS)}; "
            "name the source they belong to, e.g. `--source official --questions FILE`"
        )
    if len(rest) > 1:
        raise UsageError(
            f"--source {' '.join(words)!r} is not understood; "
            "use `--source embedded` or `--source KIND [PATH]`"
        )
    paths = {f"--source {kind} path": rest[0]} if rest else {}
    paths.update({f"--{name}": str(path) for name, path in given.items()})
    for flag, text in paths.items():
        if not Path(text).exists():
            raise UsageError(f"{flag} {text!r} does not exist; pass a file or folder you have")
    for name, path in given.items():
        _check_kind(f"--{name}", path, INPUTS[name][0])
    return Source(
        kind,
        str(Path(rest[0]).resolve()) if rest else None,
        tuple(sorted((name, str(path.resolve())) for name, path in given.items())),
    )


def _check_kind(flag: str, path: Path, metavar: str) -> None:
    """UsageError if `path` is a file where `metavar` says a folder (DIR) is needed, or the reverse."""
    problem = wrong_kind(path, folder=metavar == "DIR")
    if problem:
        raise UsageError(f"{flag} {str(path)!r} {problem}; pass a {'folder' if metavar == 'DIR' else 'file'}")


def _verify_inputs(args: argparse.Namespace, folder: BuiltFolder) -> Source | None:
    """The inputs `verify` was given again (their source's kind read from the manifest if not named)."""
    given = {name: getattr(args, name) for name in INPUTS}
    if args.source is None and not any(given.values()):
        return None
    words = args.source
    if words is None:
        kinds = sorted({source.kind for source in folder.manifest.read_from_files().values()})
        if len(kinds) != 1:
            raise UsageError(
                f"{str(folder.path)!r} has no config built from your files; verify it without inputs"
                if not kinds
                else f"name the source the inputs are for: --source {' or --source '.join(kinds)}"
            )
        words = kinds
    source = parse_source(words, given)
    return None if source == EMBEDDED else source


def _families(args: argparse.Namespace, source: Source) -> list[str]:
    """The families `build` was asked for: one by name, or every one for `all` (whole families only)."""
    if args.family != "all":
        return [args.family]
    if args.configs or source != EMBEDDED or args.params:
        raise UsageError(
            "`build all` builds every config of every family with its preset's parameters; name one "
            "family to pick configs, a source or --params"
        )
    return list(family_names())


def _check_targets(families: list[str], args: argparse.Namespace) -> None:
    """Refuse a bad preset or target of any family before building the first (for `build all`)."""
    for name in families:
        family = get_family(name)
        check_selection(family, args.configs, args.preset)
        check_edition(family, args.seed)
        check_target(family, args.out, args.seed)


def _params_toml(name: str, preset: str | None) -> str:
    """The family's parameters under `preset`, as TOML with a header saying how to use it."""
    family = get_family(name)
    _, preset = check_selection(family, None, preset)
    params = resolve_parameters(family, preset)
    if params is None:
        raise UsageError(f"family {name!r} takes no parameters yet; build it with --preset alone")
    header = (
        f"Parameters of {name}, preset {preset}: python -m builders params {name} --preset {preset}\n"
        "Edit any value and build with them, on top of the same preset:\n"
        f"  python -m builders build {name} --preset {preset} --params FILE\n"
        "Keys left out keep the preset's value; unchanged, this file rebuilds the preset exactly."
    )
    return to_toml(params, header)


def _recover(folder: Path) -> None:
    """Restore or clean up what a killed build of `folder` left beside it, saying so."""
    final = Path(os.path.abspath(folder))
    if final.name:
        for note in recover_if_idle(final):
            print(f"note: {note}", file=sys.stderr)


def _as_one_process(argv: list[str] | None) -> contextlib.AbstractContextManager[None]:
    """How a build runs: when this process is the command (`argv` from the command line), pyarrow leaves
    pandas out (`pandas_unavailable`, 0.4 s of start-up); a caller's own process is left as it is."""
    return contextlib.nullcontext() if argv is not None else pandas_unavailable()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit code."""
    args = _parser().parse_args(argv)
    raise_on_interrupt()
    try:
        if args.command == "build":
            source = parse_source(args.source, {name: getattr(args, name) for name in INPUTS})
            families = _families(args, source)
            overrides = read_params_file(args.params) if args.params else None
            if len(families) > 1:
                _check_targets(families, args)
            for name in families:
                with _as_one_process(argv):
                    report = build(
                        get_family(name),
                        configs=args.configs,
                        preset=args.preset,
                        out=args.out,
                        workers=args.workers,
                        progress=not args.no_progress,
                        source=source,
                        overrides=overrides,
                        overrides_from=args.params.name if args.params else "--params",
                        edition=args.seed,
                    )
                print(
                    f"built {', '.join(report.configs)} into {report.folder}: {report.images} images, "
                    f"{report.rows} rows in {report.seconds:.1f} s"
                )
            return 0
        if args.command == "verify":
            _recover(args.folder)
            with reading(Path(os.path.abspath(args.folder))):
                folder = BuiltFolder(args.folder)
                family = family_of(folder)
                inputs = _verify_inputs(args, folder)
                from builders.core.verify import verify

                result = verify(
                    folder, family, workers=args.workers, redraw=not args.no_redraw, inputs=inputs
                )
            for note in result.notes:
                print(f"note: {note}", file=sys.stderr)
            if result.version_differences:
                print(
                    "note: built with other package versions than installed here "
                    f"({'; '.join(result.version_differences)}): a rebuild here may give other shard "
                    "bytes, never other pixels; every check below still applies",
                    file=sys.stderr,
                )
            for problem in result.problems:
                print(f"FAIL {problem}", file=sys.stderr)
            summary = (
                f"{result.files_checked} shards, {result.rows_checked} rows, "
                f"{result.configs_replanned} configs re-planned, {result.images_redrawn} images re-drawn"
            )
            if not result.ok:
                print(
                    f"error: {result.folder} does not match its manifest: {len(result.problems)} "
                    f"problem(s) ({summary}); rebuild it with `build`",
                    file=sys.stderr,
                )
                return EXIT_FAILED
            print(f"ok: {result.folder} matches its manifest ({summary})")
            return 0
        if args.command == "params":
            print(_params_toml(args.family, args.preset), end="")
            return 0
        if args.command == "gallery":
            folder = BuiltFolder(args.folder)
            family = family_of(folder)
            from builders.core.gallery import write_gallery

            shown = write_gallery(
                folder, family.gallery_view, family.features, args.out, progress=not args.no_progress
            )
            print(
                f"wrote {shown.pages} pages ({shown.images} images, {shown.rows} rows) into {shown.out}; "
                f"open {shown.out / 'index.html'}"
            )
            return 0
        for name in family_names():
            family = get_family(name)
            print(
                f"{name}  (folder {family.repo_name}/; presets: {', '.join(family.presets)}; "
                f"default {family.default_preset})"
            )
            for kind, meaning in family.sources.items():
                print(f"  --source {kind}: {meaning}")
            for config in family.configs:
                print(f"  {config}")
            for union, members in family.unions.items():
                together = "every config" if members == family.configs else ", ".join(members)
                print(f"  {union}  ({together} together, as built; no files of its own)")
        return 0
    except BuilderError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("error: interrupted; nothing was written to the output folder", file=sys.stderr)
        return EXIT_INTERRUPTED
