"""A model's own first answer replayed as the first turn of a two-turn chat, for lmms-eval tasks.

lmms-eval's OpenAI-compatible backend has no multi-round generation, so a task whose second
question must follow the model's first answer (VLMBias's double-check, IllusionBench+'s
step-by-step) runs in two passes: a first task logs its answers (`--log_samples`), and the
two-turn task reads them back from that samples file, named by an environment variable, and sends
[user: image + first question, assistant: first answer, user: follow-up]: what a stateless chat
API receives in a live two-turn conversation.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eval.errors import TaskError
from eval.predictions import read_responses


def first_answers(variable: str, ids: Sequence[str], first_task: str) -> list[str]:
    """The first answer to each of `ids`, from the samples files named by $`variable`.

    Raises:
        TaskError: the variable is unset, or a file lacks one of the ids; the message names the fix
            (run `first_task` with --log_samples first) and lmms-eval's exit-status trap.
    """
    paths = os.environ.get(variable, "")
    if not paths:
        raise TaskError(
            f"this task replays the model's first answers: run the matching {first_task} task with "
            f"--log_samples, then set {variable} to its samples .jsonl file (several files joined with "
            f"{os.pathsep!r})"
        )
    answers: dict[str, str] = {}
    for path in paths.split(os.pathsep):
        answers.update(read_responses(Path(path)))
    missing = [row_id for row_id in ids if row_id not in answers]
    if missing:
        raise TaskError(
            f"{variable} has no first answer for {len(missing)} of {len(ids)} rows (first: {missing[0]!r}); "
            f"run the matching {first_task} task on the whole split and point it at those samples"
        )
    return [answers[row_id] for row_id in ids]


def conversation(images: Sequence[Any], question: str, answer: str, follow_up: str) -> list[dict[str, Any]]:
    """[user: images + question, assistant: answer, user: follow-up] in lmms-eval's chat format."""
    first = [{"type": "image", "url": image} for image in images]
    first.append({"type": "text", "text": question})
    return [
        {"role": "user", "content": first},
        {"role": "assistant", "content": [{"type": "text", "text": answer}]},
        {"role": "user", "content": [{"type": "text", "text": follow_up}]},
    ]


def transcript(question: str, answer: str, follow_up: str) -> str:
    """The same conversation as one text, for lmms-eval's logs and for backends without chat turns."""
    return "\n\n".join((question, answer, follow_up))
