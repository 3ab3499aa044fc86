"""VLMBias under inspect_ai: one sample per row of a split, asked as the `vlmbias_<topic>_<split>` tasks ask.

    inspect eval eval/inspect/vlmbias.py -T data=build/vlmbias [-T config=all] [-T split=main] \\
        [-T parser=strict|lmms-eval] --model openai-api/local/MODEL --model-base-url http://HOST/v1
"""

from __future__ import annotations

from inspect_ai import Task, task

from eval.inspect.adapter import family_task
from eval.registry import family_eval
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED


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
    options = {"parser": parser}
    return family_task(
        family_eval("vlmbias"),
        data,
        config,
        split,
        options,
        bootstrap=bootstrap,
        bootstrap_seed=bootstrap_seed,
    )
