"""Read an lmms-eval `--output_path` folder of our tasks as results, scored again through `eval.scoring`.

lmms-eval 0.7 writes `<output_path>/<model>/<date>_results.json` and, with `--log_samples`, a
`<date>_samples_<task>.jsonl` per task beside it (it drops each row from that log). Our tasks log
every row's graded record as the sample's `breakdown` value, so the samples of one family's tasks
for one split and prompt variant are pooled (a row asked by two tasks, e.g. `viprobe_size` and
`viprobe_ponzo`, counts once: the first task's by name) and scored by the family's `eval.scoring`
functions, which gives the numbers `python -m eval score` gives on the same replies, intervals
included. A `<task>_noimage` twin's samples are the blind replies to the same rows, scored beside
the seeing ones as `eval score --blind` does. Which family a task is, and which config, split and
variant it scores, the families' task declarations say (`FamilyTasks.task_key`); tasks that are not
ours, and ours that log no graded records, are read by `eval.report.borrowed`: lmms-eval's own tasks run on a
build become results, and every other log is skipped with its reason. When the folder holds several
runs, a later run of a task replaces an earlier one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from builders.core.errors import shown
from builders.core.user_files import text_lines
from eval.errors import LMMS_EVAL_EXIT_TRAP, UsageError
from eval.jsontext import JSONTextError, parse
from eval.predictions import MAX_JSONL_BYTES, MAX_LINE_BYTES
from eval.registry import family_eval
from eval.report.borrowed import RESULTS_SUFFIX, SAMPLES_INFIX, read_other_logs
from eval.report.estimates import with_intervals
from eval.report.section import FamilySection, Result, Skipped
from eval.scoring.score import score_log
from eval.tasks.declaration import TaskKey

#: The metric under which our tasks log each row's graded record (see eval/tasks/*/utils.py).
RECORD_KEY = "breakdown"
RERUN = "run lmms-eval on our tasks with --log_samples and pass its --output_path"
#: The suffix of a task's twin that sends the same prompt without the image.
NOIMAGE = "_noimage"


def read_output_folder(
    label: str, folder: Path, sections: Mapping[str, FamilySection]
) -> tuple[list[Result], list[Skipped]]:
    """One result per (family, split, variant) of our tasks in the folder's samples logs, one per
    lmms-eval task run on a build, and the logs skipped with their reasons."""
    samples = _latest_samples(label, folder)
    pools: dict[tuple[str, str, str], dict[bool, list[tuple[str, Path]]]] = {}
    others: dict[str, Path] = {}
    for task, path in sorted(samples.items()):
        blind = task.endswith(NOIMAGE)
        for section in sections.values():
            key = task_key(section, task.removesuffix(NOIMAGE))
            if key is not None:
                pool = pools.setdefault((section.name, key.split, key.variant), {False: [], True: []})
                pool[blind].append((key.config, path))
                break
        else:
            others[task] = path
    results, skipped = read_other_logs(label, others, sections)
    if not pools and not results:
        raise UsageError(f"folder {str(folder)!r} of {label!r} has no samples logs of our tasks; {RERUN}")
    for (family, split, variant), parts in sorted(pools.items()):
        seeing, unseeing = _pooled(parts[False]), _pooled(parts[True]) or None
        config = "+".join(sorted({config for config, _ in parts[False] + parts[True]}))
        where = f"samples logs of {family} in {str(folder)!r}"
        score = score_of(family, seeing, unseeing, config, split, where)
        results.append(Result(label, family, config, split, variant, score, str(folder), seeing, unseeing))
    return results, skipped


def task_key(section: FamilySection, task: str) -> TaskKey | None:
    """What the task `task` of `section`'s family scores (its config's variant when the task names
    none), or None when it is not one of the family's tasks that log graded records."""
    key = family_eval(section.name).tasks().task_key(task)
    if key is None or key.variant:
        return key
    return TaskKey(key.config, key.split, section.variant_of(key.config))


def _pooled(parts: list[tuple[str, Path]]) -> tuple[dict[str, Any], ...]:
    """The graded records of some tasks' samples logs (a row asked by two tasks counts once)."""
    records: dict[str, dict[str, Any]] = {}
    for _, path in parts:
        for record in _records(path):
            records.setdefault(record["ID"], record)
    return tuple(records.values())


def score_of(
    family: str,
    records: Sequence[Mapping[str, Any]],
    blind_records: Sequence[Mapping[str, Any]] | None,
    config: str,
    split: str,
    where: str,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The score JSON `python -m eval score` writes (intervals attached), from the graded records of
    every row scored and, when a `_noimage` twin ran, of its blind replies, under scoring `options`.

    Raises:
        UsageError: the records are not ones our scorer reads (`where` says whose they are).
    """
    try:
        blind = None if blind_records is None else list(blind_records)
        metrics = score_log(family, list(records), blind, options=options)
    except (KeyError, TypeError, ValueError) as error:
        raise UsageError(
            f"{where} hold records our scorer cannot read ({type(error).__name__}: {shown(str(error))}); "
            f"{RERUN}"
        ) from None
    score = {
        **metrics,
        "family": family,
        "config": config,
        "split": split,
        "rows": len(records),
        "missing_ids": [],
        "unknown_ids": [],
    }
    return with_intervals(score)


def _latest_samples(label: str, folder: Path) -> dict[str, Path]:
    """Task name -> its samples file from the newest run in `folder` that has one."""
    runs = sorted(folder.rglob(f"*{RESULTS_SUFFIX}"))
    if not runs:
        raise UsageError(
            f"folder {str(folder)!r} of {label!r} holds no lmms-eval results (*{RESULTS_SUFFIX}); {RERUN} "
            f"(if its run ended without an error status, a task failed: {LMMS_EVAL_EXIT_TRAP})"
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
    lines = text_lines(
        path,
        f"samples log {str(path)!r}",
        RERUN,
        max_bytes=MAX_JSONL_BYTES,
        max_line_bytes=MAX_LINE_BYTES,
        bom="refuse",
        error=UsageError,
    )
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            sample = parse(line)
        except JSONTextError as error:
            raise UsageError(f"{path}:{number}: {error}; {RERUN}") from None
        record = sample.get(RECORD_KEY) if isinstance(sample, dict) else None
        if not isinstance(record, dict) or not isinstance(record.get("ID"), str):
            raise UsageError(f"{path}:{number}: no graded record under {RECORD_KEY!r}; {RERUN}")
        yield record
