"""lmms-eval adapter for VLMBias: rows to prompts, replies to `eval.scoring` metrics.

lmms-eval loads this file by path for every `!function utils.<name>` in the YAMLs, so it only
defines functions: no state, no environment reads and no I/O at import time.

Double-check (the paper's second user turn) needs the model's first answer before the second
request, and lmms-eval's OpenAI-compatible backend has no multi-round generation. So the
`*_main_doublecheck` tasks replay the first turn from an earlier run of the matching `*_main` task
(`eval.tasks.replay`): `attach_first_answers` reads that run's samples file (named by
$VLMBIAS_FIRST_TURN) when the task loads, and `doublecheck_messages` sends [user: image + question,
assistant: first answer, user: double-check request].
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from eval.scoring.vlmbias.grading import Graded, grade
from eval.scoring.vlmbias.metrics import accuracy_breakdown, bias_aligned_rate, bias_aligned_share_of_wrong
from eval.tasks.replay import conversation, first_answers, transcript

FIRST_TURN_ENV = "VLMBIAS_FIRST_TURN"


def doc_to_visual(doc: dict[str, Any]) -> list[Image.Image]:
    return [doc["image"].convert("RGB")]


def doc_to_text(doc: Mapping[str, Any], lmms_eval_specific_kwargs: Mapping[str, Any] | None = None) -> str:
    """The row's prompt, after the variant's `prefix` line when the YAML sets one (debiased tasks)."""
    prefix = (lmms_eval_specific_kwargs or {}).get("prefix")
    return f"{prefix}\n{doc['prompt']}" if prefix else doc["prompt"]


def process_results(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """Per-row values: 0/1 for the `mean` metrics, the graded record for the custom aggregations.

    The record also carries the row `ID` into lmms-eval's samples log, which drops the doc itself;
    `eval.predictions` reads it back from there.
    """
    graded = grade(doc, results[0])
    record = graded.to_record()
    return {
        "accuracy": float(graded.correct),
        "parse_failure_rate": float(not graded.answer.parsed),
        "bias_aligned_rate": record,
        "bias_aligned_share_of_wrong": record,
        "breakdown": record,
    }


def aggregate_bias_aligned_rate(records: list[dict[str, Any]]) -> float:
    return _float(bias_aligned_rate(_graded(records)))


def aggregate_bias_aligned_share_of_wrong(records: list[dict[str, Any]]) -> float:
    return _float(bias_aligned_share_of_wrong(_graded(records)))


def aggregate_breakdown(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Accuracy by topic, sub-topic, resolution and question type (`python -m eval score` has every rate)."""
    return accuracy_breakdown(_graded(records))


def attach_first_answers(dataset: Any) -> Any:
    """`process_docs` of the double-check tasks: add each row's first-turn reply as `first_answer`."""
    answers = first_answers(FIRST_TURN_ENV, dataset["ID"], "vlmbias_<topic>_main")
    return dataset.add_column("first_answer", answers)


def doublecheck_messages(
    doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The conversation a chat backend sends: question, the model's first answer, the double-check turn."""
    return _doublecheck(doc, lmms_eval_specific_kwargs, doc_to_visual(doc))


def doublecheck_messages_noimage(
    doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The same conversation without the image (the `_main_doublecheck_noimage` tasks)."""
    return _doublecheck(doc, lmms_eval_specific_kwargs, [])


def _doublecheck(
    doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None, images: list[Image.Image]
) -> list[dict[str, Any]]:
    kwargs = lmms_eval_specific_kwargs or {}
    return conversation(images, doc_to_text(doc), doc["first_answer"], kwargs["double_check"])


def doublecheck_transcript(
    doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None = None
) -> str:
    """The same conversation as one text, for lmms-eval's logs and for backends without chat turns."""
    kwargs = lmms_eval_specific_kwargs or {}
    return transcript(doc["prompt"], doc["first_answer"], kwargs["double_check"])


def _graded(records: list[dict[str, Any]]) -> list[Graded]:
    return [Graded.from_record(record) for record in records]


def _float(rate: float | None) -> float:
    # lmms-eval's tables and group means need a number; NaN marks an empty denominator.
    return math.nan if rate is None else rate
