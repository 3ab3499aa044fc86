"""AIpsych under inspect_ai: every prompt its own single-turn request, as `aipsych_<config>` asks it.

The release asks each of a set's four prompts on its own (each repeats the question it builds on),
so a sample is one prompt; the metric groups the replies by `set_id` and classifies each set, as
`eval score` does. A sample's own score is 1 when it was answered (sets, not prompts, are graded).

    inspect eval eval/inspect/aipsych.py -T data=build/aipsych [-T config=synthetic] \
        [-T scorer=v4|v1|strict] [-T k=0.5] [-T w=0.5] --model ...
"""

from __future__ import annotations

from inspect_ai import Task, task

from eval.inspect.adapter import family_task
from eval.registry import family_eval
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED


@task
def aipsych(
    data: str,
    config: str = "synthetic",
    split: str = "test",
    scorer: str | None = None,
    k: float | None = None,
    w: float | None = None,
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """Every prompt of `config`/`split` of the AIpsych build at `data`; `scorer`, `k` and `w` are
    `eval score`'s `--scorer`, `--res-k` and `--res-w`."""
    options = {"scorer": scorer, "k": k, "w": w}
    return family_task(
        family_eval("aipsych"),
        data,
        config,
        split,
        options,
        bootstrap=bootstrap,
        bootstrap_seed=bootstrap_seed,
    )
