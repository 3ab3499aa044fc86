"""The samples logs of an lmms-eval output folder that hold no graded records of ours.

lmms-eval's own tasks that a family runs on a build (`FamilyTasks.borrowed`: `vlms_are_biased` as
`vlmbias_vlms_are_biased`) log each row by its `doc_id` only. Their results are read here: the build
is the `dataset_path` their run's `*_results.json` records for the task (`python -m eval tasks`
writes it as an absolute path), its rows the config and split the task reads, in the order it read
them (`eval.doc_ids`), and the replies are scored as the task scores them (its `options`, VLMBias's
`--parser lmms-eval`), so the report shows the numbers lmms-eval printed, with their intervals, as a
variant of their split (`main (vlms_are_biased)`). Every other such log is skipped, never silently:
each becomes a `Skipped` with its reason, which the page lists and the command prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from eval.data import load_rows, open_folder
from eval.doc_ids import DocRows
from eval.errors import EvalError, UsageError
from eval.jsontext import JSONTextError, parse
from eval.predictions import read_responses
from eval.registry import family_eval
from eval.report.estimates import with_intervals
from eval.report.section import FamilySection, Result, Skipped
from eval.scoring.score import score_replies
from eval.tasks.declaration import NOIMAGE, Borrowed

RESULTS_SUFFIX = "_results.json"
SAMPLES_INFIX = "_samples_"


def read_other_logs(
    label: str, logs: Mapping[str, Path], sections: Mapping[str, FamilySection]
) -> tuple[list[Result], list[Skipped]]:
    """The results of the borrowed tasks among `logs` (task name -> samples log), and the others skipped.

    Raises:
        UsageError: a borrowed task's log names a build that cannot be read here, or rows it does not
            hold (the build was rebuilt differently since the run).
    """
    results, skipped = [], []
    for task, path in sorted(logs.items()):
        borrowed = _borrowed(task, sections)
        if borrowed is None:
            skipped.append(Skipped(label, str(path), _why_skipped(task, sections)))
        else:
            results.append(_borrowed_result(label, task, path, *borrowed))
    return results, skipped


def _borrowed(task: str, sections: Mapping[str, FamilySection]) -> tuple[str, Borrowed] | None:
    for family in sections:
        for borrowed in family_eval(family).tasks().borrowed:
            if borrowed.name == task:
                return family, borrowed
    return None


def _why_skipped(task: str, sections: Mapping[str, FamilySection]) -> str:
    """One phrase: why the log of `task` is not shown."""
    for family in sections:
        tasks = family_eval(family).tasks()
        if task in tasks.task_sources():
            return (
                f"{task} logs no graded records (its replies are graded later: score them with "
                f"`python -m eval score {family}`)"
            )
        for borrowed in tasks.borrowed:
            if task == Path(borrowed.installed).stem:
                return (
                    f"{task} is lmms-eval's own task on its Hub release, whose rows are not a build of ours; "
                    f"run {borrowed.name} (`python -m eval tasks {family}`) to score a build the same way"
                )
    shown = task.removesuffix(NOIMAGE)
    return f"{shown} is not one of our tasks (lmms-eval's *_results.json holds its numbers)"


def _borrowed_result(label: str, task: str, path: Path, family: str, borrowed: Borrowed) -> Result:
    data = _dataset_path(path, task)
    try:
        folder = open_folder(Path(data))
        if folder.family != family:
            raise UsageError(f"it holds a {folder.family} build, not {family}")
        rows = load_rows(folder, borrowed.config, borrowed.split)
        where = f"{borrowed.config}/{borrowed.split}"
        replies = read_responses(path, doc_rows=DocRows(lambda: rows, where, family))
        scored = score_replies(family, rows, replies, **borrowed.options)
    except EvalError as error:
        raise UsageError(
            f"{str(path)!r} of {label!r} is {task} run on the build {data!r}, which cannot be scored here "
            f"({error}); run the report where that build is, as it was when the task ran"
        ) from None
    outcomes = scored.pop("outcomes")
    score = {
        **scored,
        "family": family,
        "config": borrowed.config,
        "split": borrowed.split,
        "rows": len(rows),
        "missing_ids": [str(row["id"]) for row in rows if row["id"] not in replies],
        "unknown_ids": [],
    }
    return Result(
        label,
        family,
        borrowed.config,
        borrowed.split,
        borrowed.result,
        with_intervals(score),
        str(path),
        tuple(outcomes["units"]),
        options=dict(borrowed.options),
    )


def _dataset_path(samples: Path, task: str) -> str:
    """The `dataset_path` the run of `samples` recorded for `task` in its `*_results.json`."""
    run = samples.with_name(samples.name.split(SAMPLES_INFIX)[0] + RESULTS_SUFFIX)
    fix = f"rerun {task} with --log_samples and keep its *_results.json beside the samples log"
    try:
        results: Any = parse(run.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, JSONTextError) as error:
        why = error if isinstance(error, JSONTextError) else type(error).__name__
        raise UsageError(
            f"cannot read {str(run)!r}, the results of {str(samples)!r} ({why}); {fix}"
        ) from None
    config = results.get("configs", {}).get(task) if isinstance(results, dict) else None
    data = config.get("dataset_path") if isinstance(config, dict) else None
    if not isinstance(data, str):
        raise UsageError(f"{str(run)!r} records no dataset_path for {task}; {fix}")
    return data
