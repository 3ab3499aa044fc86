"""VISaGE under inspect_ai: the condition rows (`test`) as `visage_<config>` asks them, or the
recognition rows (`-T split=recognition`) as `visage_<config>_recognition` does.

    inspect eval eval/inspect/visage.py -T data=build/visage [-T config=drawn] [-T split=test] --model ...
"""

from __future__ import annotations

from inspect_ai import Task, task

from eval.inspect.adapter import family_task
from eval.registry import family_eval
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED


@task
def visage(
    data: str,
    config: str = "drawn",
    split: str = "test",
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """Every row of `config`/`split` of the VISaGE build at `data`, scored as `eval score`."""
    return family_task(
        family_eval("visage"), data, config, split, bootstrap=bootstrap, bootstrap_seed=bootstrap_seed
    )
