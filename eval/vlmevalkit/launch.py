"""`python -m eval vlmevalkit run --config FILE`: VLMEvalKit's own runner, with our dataset class registered.

VLMEvalKit (`ms-vlmeval`) looks the dataset classes of a `--config` up in its `vlmeval.dataset`
namespace, and its run summary asks the classes of its `DATASET_CLASSES` list for each benchmark's
headline metric. The launcher adds `SeeOrRecallDataset` to both in this process only (VLMEvalKit's
installed files are not touched), checks that every see-or-recall dataset of the config names a
build and has its export in `$LMUData`, then hands the config and any other options of VLMEvalKit's
`run.py` (`--work-dir`, `--mode`, `--api-nproc`, `--reuse`, ...) to that runner, which creates its
output folder `<work-dir>/<model>` itself. VLMEvalKit's other classes (its `VLMsAreBiased` reading an
`--layout vlms_are_biased` export) run as they would under `python -m vlmeval`.

VLMEvalKit ends with status 0 even when a benchmark failed. The launcher reads its run status
afterwards and exits 1 naming each benchmark of the config that raised, was skipped, or holds
requests the model wrapper gave up on (VLMEvalKit's "Failed to obtain answer"; `--reuse` asks them
again); otherwise it prints each benchmark's headline metric and exits 0.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from builders.core.user_files import read_json
from eval.data import default_split, load_rows, open_folder
from eval.errors import UsageError

#: The `class` a config gives our datasets.
DATASET_CLASS = "SeeOrRecallDataset"
INSTALL = "pip install ms-vlmeval (see docs/evaluate.md#vlmevalkit)"
#: What a VLMEvalKit config holds: its models and its datasets, each by name.
SECTIONS = ("model", "data")


def run(config: Path, options: Sequence[str]) -> int:
    """Run VLMEvalKit on `config` with `options`; 0 when every benchmark of the config was scored.

    Raises:
        UsageError: VLMEvalKit does not import, the config is not a VLMEvalKit config, or a
            see-or-recall dataset of it lacks its build, config, split or exported TSV.
    """
    models, datasets = _read(config)
    runner = _vlmevalkit()
    for name, entry in datasets.items():
        if entry.get("class") == DATASET_CLASS:
            _check_export(name, entry)
    register()
    args = _arguments(runner, config, options)
    try:
        runner.run_task(args)
    except Exception as error:  # VLMEvalKit's runner raises for a model it cannot build, among others
        print(f"error: VLMEvalKit's run stopped ({type(error).__name__}: {error})", file=sys.stderr)
        return 1
    return _outcome(Path(args.work_dir), models, list(datasets), args.mode)


def register() -> None:
    """Make `SeeOrRecallDataset` a class of `vlmeval.dataset` for VLMEvalKit's runner and run summary."""
    import vlmeval.dataset as vlmeval_datasets

    from eval.vlmevalkit.dataset import SeeOrRecallDataset

    setattr(vlmeval_datasets, DATASET_CLASS, SeeOrRecallDataset)
    if SeeOrRecallDataset not in vlmeval_datasets.DATASET_CLASSES:
        vlmeval_datasets.DATASET_CLASSES.append(SeeOrRecallDataset)


def _vlmevalkit() -> ModuleType:
    """VLMEvalKit's `run` module, or one sentence saying why it cannot be used here."""
    try:
        import vlmeval.run as runner
    except ModuleNotFoundError as error:
        if error.name is not None and error.name.split(".")[0] == "vlmeval":
            raise UsageError(f"VLMEvalKit is not installed; {INSTALL}") from None
        raise UsageError(
            f"VLMEvalKit is installed but does not import (no module {error.name!r}); install what it "
            f"needs: {INSTALL}"
        ) from None
    except ImportError as error:
        raise UsageError(f"VLMEvalKit is installed but does not import ({error}); {INSTALL}") from None
    return runner


def _read(config: Path) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """The model names and the dataset entries of a VLMEvalKit config file."""
    name = f"VLMEvalKit config {str(config)!r}"
    fix = 'write {"model": {NAME: {...}}, "data": {NAME: {...}}} as docs/evaluate.md#vlmevalkit shows'
    found = read_json(config, name, fix)
    sections = found if isinstance(found, dict) else {}
    for section in SECTIONS:
        entries = sections.get(section)
        if not isinstance(entries, dict) or not entries:
            raise UsageError(f"{name} has no {section!r} object naming at least one {section}; {fix}")
        if not all(isinstance(entry, dict) for entry in entries.values()):
            raise UsageError(f"{name}: every entry of {section!r} must be an object; {fix}")
    return list(sections["model"]), dict(sections["data"])


def _check_export(name: str, entry: Mapping[str, Any]) -> None:
    """Refuse a see-or-recall dataset whose build, config or split does not exist, or whose TSV in
    `$LMUData` is missing or is the export of other rows, before any request is sent."""
    from vlmeval.smp import LMUDataRoot

    data, config = entry.get("data"), entry.get("config")
    if not isinstance(data, str) or not isinstance(config, str) or entry.get("dataset") != name:
        raise UsageError(
            f'dataset {name!r} of the config needs "dataset": {name!r}, "data" (the built folder) and '
            '"config" (and "split" where the family has several); add them'
        )
    folder = open_folder(Path(data))
    split = default_split(folder.family, entry.get("split"))
    rows = load_rows(folder, config, split)
    tsv = Path(LMUDataRoot()) / f"{name}.tsv"
    export = f"python -m eval export vlmevalkit --data {data} --config {config} --split {split} --out {tsv}"
    if not tsv.is_file():
        raise UsageError(f"dataset {name!r} has no export at {str(tsv)!r}; write it first: {export}")
    if _exported_ids(tsv) != [row["id"] for row in rows]:
        raise UsageError(
            f"{str(tsv)!r} is not the export of {data} {config}/{split} (its rows differ); write it again: "
            f"{export}"
        )


def _exported_ids(tsv: Path) -> list[str]:
    """The `id` column of an exported TSV, in its order (empty when it has none)."""
    limit = csv.field_size_limit(2**31 - 1)  # a cell holds a whole base64 PNG
    try:
        with tsv.open(encoding="utf-8", newline="") as file:
            lines = csv.reader(file, delimiter="\t")
            names = next(lines, [])
            if "id" not in names:
                return []
            position = names.index("id")
            return [cells[position] for cells in lines if len(cells) > position]
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise UsageError(f"cannot read {str(tsv)!r} ({error}); write it again") from None
    finally:
        csv.field_size_limit(limit)


def _arguments(runner: ModuleType, config: Path, options: Sequence[str]) -> Any:
    """VLMEvalKit's own parsing of `--config FILE` and `options`, as `python -m vlmeval` parses them."""
    if "--api-mode" in options:
        raise UsageError("VLMEvalKit's --api-mode takes --data names, not a --config; leave it out")
    given = sys.argv
    sys.argv = ["vlmeval", "--config", str(config), *options]
    try:
        return runner.parse_args()
    finally:
        sys.argv = given


def _outcome(work_dir: Path, models: list[str], datasets: list[str], mode: str) -> int:
    """1 after naming every benchmark of the config that did not end scored, else 0 after each headline."""
    from vlmeval.smp import collect_run_benchmark_report

    problems, lines = [], []
    for model in models:
        report = {row["benchmark"]: row for row in collect_run_benchmark_report(work_dir / model)}
        for name in datasets:
            row = report.get(name)
            where = f"{model} x {name}"
            if row is None:
                problems.append(f"{where}: VLMEvalKit recorded no run")
            elif row["eval_error"]:
                problems.append(f"{where}: {row['eval_error']}")
            elif row["infer_failed"]:
                problems.append(
                    f"{where}: {row['infer_failed']} of {row['infer_total']} requests failed (run again "
                    "with --reuse to ask them again)"
                )
            elif row["skip_reason"] and not (mode == "infer" and row["skip_reason"] == "mode_infer"):
                problems.append(f"{where}: skipped ({row['skip_reason']})")
            elif mode != "infer":
                lines.append(f"{where}: {row['primary_metric']} = {row['primary_metric_value']}")
    for line in lines:
        print(line)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0
