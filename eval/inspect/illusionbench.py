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

from collections.abc import Mapping
from typing import Any

from inspect_ai import Task, task

from eval.inspect.adapter import TaskArgumentError, family_task
from eval.registry import family_eval
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from eval.tasks.illusionbench.declaration import LMMS_PROMPT, QUESTIONS, ask
from eval.tasks.templates import Template

PROMPTS = ("paper", "lmms-eval")


def lmms_prompt(row: Mapping[str, Any], split: str) -> Template:
    """Questions as `illusionbench_plus_<config>_lmms_prompt` asks them (descriptions as before)."""
    found = ask(row, split)
    return LMMS_PROMPT if found is QUESTIONS else found


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
    if prompt not in PROMPTS:
        raise TaskArgumentError(f"prompt={prompt!r} is not one of {', '.join(PROMPTS)}; pass one of them")
    return family_task(
        family_eval("illusionbench"),
        data,
        config,
        split,
        {"parser": parser},
        ask=lmms_prompt if prompt == "lmms-eval" else None,
        bootstrap=bootstrap,
        bootstrap_seed=bootstrap_seed,
    )
