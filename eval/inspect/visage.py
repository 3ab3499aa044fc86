"""VISaGE under inspect_ai: the condition rows (`test`) as `visage_<config>` asks them, or the
recognition rows (`-T split=recognition`) as `visage_<config>_recognition` does.

    inspect eval eval/inspect/visage.py -T data=build/visage [-T config=drawn] [-T split=test] --model ...
"""

from __future__ import annotations

from inspect_ai import Task, task

from eval.inspect.adapter import Asking, FamilyTask, family_task
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from eval.tasks.visage import utils

SPEC = FamilyTask(
    "visage",
    Asking(utils.doc_to_visual, utils.doc_to_text),
    templates={"recognition": "_recognition_template_yaml"},
    correct=lambda graded, options: graded.correct,
)


@task
def visage(
    data: str,
    config: str = "drawn",
    split: str = "test",
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """Every row of `config`/`split` of the VISaGE build at `data`, scored as `eval score`."""
    return family_task(SPEC, data, config, split, bootstrap=bootstrap, bootstrap_seed=bootstrap_seed)
