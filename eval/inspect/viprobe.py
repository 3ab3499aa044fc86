"""VI-Probe under inspect_ai: every row of a config, each asked as lmms-eval's VI-Probe tasks ask it.

Forward and reversed rows are asked as `viprobe_<config>` asks them (image, then the question);
instructional rows as `viprobe_<config>_instructed` does (the visual-comparison instructions as the
system message). Each is its own request; the metric pairs an image's answers, as `eval score` does.

    inspect eval eval/inspect/viprobe.py -T data=build/vi-probe [-T config=all] --model ...
"""

from __future__ import annotations

from typing import Any

from inspect_ai import Task, task

from eval.inspect.adapter import Asking, FamilyTask, family_task
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from eval.tasks.viprobe import utils

PAIRED = Asking(utils.doc_to_visual, utils.doc_to_text)
INSTRUCTED = Asking(utils.doc_to_visual, utils.doc_to_text, messages=utils.instructed_messages)


def ask(row: dict[str, Any]) -> Asking:
    """Instructional rows (polarity `I`, as a name or its class index) get the system message."""
    return INSTRUCTED if row["polarity"] in ("I", utils.INSTRUCTED) else PAIRED


SPEC = FamilyTask("viprobe", ask, correct=lambda graded, options: graded.correct)


@task
def viprobe(
    data: str,
    config: str = "all",
    split: str = "test",
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """Every row of `config`/`split` of the VI-Probe build at `data`, scored as `eval score`."""
    return family_task(SPEC, data, config, split, bootstrap=bootstrap, bootstrap_seed=bootstrap_seed)
