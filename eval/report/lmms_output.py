"""Read an lmms-eval `--output_path` folder of our tasks as results, scored again through `eval.scoring`.

lmms-eval 0.7 writes `<output_path>/<model>/<date>_results.json` and, with `--log_samples`, a
`<date>_samples_<task>.jsonl` per task beside it (it drops each row from that log). Our tasks log
every row's graded record as the sample's `breakdown` value, so the samples of one family's tasks
for one split and prompt variant are pooled (a row asked by two tasks, e.g. `viprobe_size` and
`viprobe_ponzo`, counts once: the first task's by name) and scored by the family's `eval.scoring`
functions, which gives the numbers `python -m eval score` gives on the same replies, intervals
included. A `<task>_noimage` twin's samples are the blind replies to the same rows, scored beside
the seeing ones as `eval score --blind` does. When the folder holds several runs, a later run of a
task replaces an earlier one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from eval.errors import UsageError
from eval.report.estimates import with_intervals
from eval.report.section import FamilySection, Result
from eval.scoring.score import score_log

RESULTS_SUFFIX = "_results.json"
SAMPLES_INFIX = "_samples_"
#: The metric under which our tasks log each row's graded record (see eval/tasks/*/utils.py).
RECORD_KEY = "breakdown"
RERUN = "run lmms-eval on our tasks with --log_samples and pass its --output_path"
#: The suffix of a task's twin that sends the same prompt without the image.
NOIMAGE = "_noimage"


def read_output_folder(label: str, folder: Path, sections: Mapping[str, FamilySection]) -> list[Result]:
    """One result per (family, split, variant) of our tasks in the folder's samples logs."""
    samples = _latest_samples(label, folder)
    pools: dict[tuple[str, str, str], dict[bool, list[tuple[str, Path]]]] = {}
    for task, path in sorted(samples.items()):
        blind = task.endswith(NOIMAGE)
        for section in sections.values():
            key = section.task(task.removesuffix(NOIMAGE))
            if key is not None:
                pool = pools.setdefault((section.name, key.split, key.variant), {False: [], True: []})
                pool[blind].append((key.config, path))
                break
    if not pools:
        raise UsageError(f"folder {str(folder)!r} of {label!r} has no samples logs of our tasks; {RERUN}")
    results = []
    for (family, split, variant), parts in sorted(pools.items()):
        seeing, blind = _pooled(parts[False]), _pooled(parts[True])
        try:
            metrics = score_log(family, list(seeing.values()), list(blind.values()) if blind else None)
        except (KeyError, TypeError, ValueError) as error:
            raise UsageError(
                f"samples logs of {family} in {str(folder)!r} hold records our scorer cannot read "
                f"({type(error).__name__}: {error}); {RERUN}"
            ) from None
        config = "+".join(sorted({config for config, _ in parts[False] + parts[True]}))
        score = {
            **metrics,
            "family": family,
            "config": config,
            "split": split,
            "rows": len(seeing),
            "missing_ids": [],
            "unknown_ids": [],
        }
        results.append(Result(label, family, config, split, variant, with_intervals(score), str(folder)))
    return results


def _pooled(parts: list[tuple[str, Path]]) -> dict[str, dict[str, Any]]:
    """The graded records of some tasks' samples logs by row id (a row asked by two tasks counts once)."""
    records: dict[str, dict[str, Any]] = {}
    for _, path in parts:
        for record in _records(path):
            records.setdefault(record["ID"], record)
    return records


def _latest_samples(label: str, folder: Path) -> dict[str, Path]:
    """Task name -> its samples file from the newest run in `folder` that has one."""
    runs = sorted(folder.rglob(f"*{RESULTS_SUFFIX}"))
    if not runs:
        raise UsageError(
            f"folder {str(folder)!r} of {label!r} holds no lmms-eval results (*{RESULTS_SUFFIX}); {RERUN}"
        )
    models = sorted({run.parent.relative_to(folder).as_posix() for run in runs})
    if len(models) > 1:
        raise UsageError(
            f"folder {str(folder)!r} of {label!r} holds runs of {len(models)} models ({', '.join(models)}); "
            "pass each model's folder with its own label"
        )
    samples: dict[str, Path] = {}
    for run in runs:  # file names start with the run's date: later runs come later
        prefix = run.name[: -len(RESULTS_SUFFIX)] + SAMPLES_INFIX
        for path in sorted(run.parent.glob(f"{prefix}*.jsonl")):
            samples[path.name[len(prefix) : -len(".jsonl")]] = path
    return samples


def _records(path: Path) -> Iterator[dict[str, Any]]:
    """The graded record of every line of a samples log."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read samples log {str(path)!r} ({type(error).__name__}); {RERUN}") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            sample = json.loads(line)
        except json.JSONDecodeError as error:
            raise UsageError(f"{path}:{number}: not valid JSON ({error.msg}); {RERUN}") from None
        record = sample.get(RECORD_KEY) if isinstance(sample, dict) else None
        if not isinstance(record, dict) or not isinstance(record.get("ID"), str):
            raise UsageError(f"{path}:{number}: no graded record under {RECORD_KEY!r}; {RERUN}")
        yield record
