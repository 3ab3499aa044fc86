"""VI-Probe under inspect_ai: every row of a config, each asked as lmms-eval's VI-Probe tasks ask it.

Forward and reversed rows are asked as `viprobe_<config>` asks them (image, then the question);
instructional rows as `viprobe_<config>_instructed` does (the visual-comparison instructions as the
system message). Each is its own request; the metric pairs an image's answers, as `eval score` does.

    inspect eval eval/inspect/viprobe.py -T data=build/vi-probe [-T config=all] --model ...
"""

from __future__ import annotations

from inspect_ai import Task, task

from eval.inspect.adapter import family_task
from eval.registry import family_eval
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED


@task
def viprobe(
    data: str,
    config: str = "all",
    split: str = "test",
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """Every row of `config`/`split` of the VI-Probe build at `data`, scored as `eval score`."""
    return family_task(
        family_eval("viprobe"), data, config, split, bootstrap=bootstrap, bootstrap_seed=bootstrap_seed
    )
