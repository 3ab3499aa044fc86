"""IllusionBench+ under inspect_ai: the true/false and multiple-choice rows as `illusionbench_plus_<config>`
asks them (the paper's prompt, or `-T prompt=lmms-eval` for the question with lmms-eval's answer
instruction).

`-T split=descriptions` asks the description prompts and only collects the replies (a sample scores 1
when answered); judge them with `python -m eval score illusionbench --split descriptions --judge-url
URL --judge-model NAME --predictions <the .eval log>`.

    inspect eval eval/inspect/illusionbench.py -T data=build/illusionbench-plus [-T config=drawn] \
        [-T parser=strict|lmms-eval] [-T prompt=paper|lmms-eval] --model ...
"""

from __future__ import annotations

from inspect_ai import Task, task

from eval.inspect.adapter import Asking, FamilyTask, TaskArgumentError, family_task
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from eval.tasks.illusionbench import utils

PROMPTS = ("paper", "lmms-eval")


def spec(prompt: str) -> FamilyTask:
    """The family's task with the chosen prompt (lmms-eval's `lmms_eval_specific_kwargs: prompt`)."""
    if prompt not in PROMPTS:
        raise TaskArgumentError(f"prompt={prompt!r} is not one of {', '.join(PROMPTS)}; pass one of them")
    return FamilyTask(
        "illusionbench",
        Asking(utils.doc_to_visual, utils.doc_to_text, kwargs={"prompt": prompt}),
        templates={"descriptions": "_descriptions_template_yaml"},
        correct=lambda graded, options: graded.correct(options.get("parser", "strict")),
    )


@task
def illusionbench(
    data: str,
    config: str = "drawn",
    split: str = "test",
    parser: str | None = None,
    prompt: str = "paper",
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """Every row of `config`/`split` of the IllusionBench+ build at `data`, scored as `eval score`."""
    options = {"parser": parser}
    return family_task(
        spec(prompt), data, config, split, options, bootstrap=bootstrap, bootstrap_seed=bootstrap_seed
    )
