"""VLMBias under inspect_ai: one sample per row of a split, asked as the `vlmbias_<topic>_<split>` tasks ask.

    inspect eval eval/inspect/vlmbias.py -T data=build/vlmbias [-T config=all] [-T split=main] \
        [-T parser=strict|lmms-eval] --model openai-api/local/MODEL --model-base-url http://HOST/v1
"""

from __future__ import annotations

from typing import Any

from inspect_ai import Task, task

from eval.inspect.adapter import Asking, FamilyTask, family_task
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from eval.tasks.vlmbias import utils

SPEC = FamilyTask(
    "vlmbias",
    Asking(utils.doc_to_visual, utils.doc_to_text),
    correct=lambda graded, options: graded.correct_under(options.get("parser", "strict")),
)


@task
def vlmbias(
    data: str,
    config: str = "all",
    split: str = "main",
    parser: str | None = None,
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """Every row of `config`/`split` of the VLMBias build at `data` (a folder), scored as `eval score`."""
    options: dict[str, Any] = {"parser": parser}
    return family_task(SPEC, data, config, split, options, bootstrap=bootstrap, bootstrap_seed=bootstrap_seed)
