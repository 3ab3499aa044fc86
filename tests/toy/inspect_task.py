"""The toy family under inspect_ai, as `eval/inspect/<family>.py` files are:

inspect eval tests/toy/inspect_task.py -T data=build/toy-squares --model ...
"""

from __future__ import annotations

from inspect_ai import Task, task

from eval.inspect.adapter import family_task
from eval.registry import family_eval


@task
def toy(data: str, config: str = "squares", split: str = "test", tolerance: int | None = None) -> Task:
    """Every row of `config`/`split` of the toy build at `data`, scored as `eval score toy`."""
    return family_task(family_eval("toy"), data, config, split, {"tolerance": tolerance})
