"""lmms-eval adapter for IllusionBench+: rows to prompts, replies to `eval.scoring.illusionbench` metrics.

lmms-eval loads this file by path for every `!function utils.<name>` in the YAMLs, so it only
defines functions: no state, no environment reads and no I/O at import time (the step-by-step
tasks read their first turns when lmms-eval loads them). Tasks are named
`illusionbench_plus_<config>[_variant]`, never lmms-eval's own `illusionbench`:

- questions (no suffix): the paper's prompt; each reply graded by both parsers, the headline by
  the strict one, `lmms_eval_accuracy` by lmms-eval's;
- `_lmms_prompt`: lmms-eval's prompt instead (the question plus its answer instruction, chosen by
  `prompt: lmms-eval` in the YAML), so `lmms_eval_accuracy` compares with lmms-eval's
  `illusionbench`;
- `_circular`: every rotation of each multiple-choice question's options as a request of its own
  (`circular_docs`), plain and circular accuracy side by side;
- `_descriptions`: the two open-ended prompts, only collected (the optional judge scores them in
  `python -m eval score`);
- `_stepbystep`: the paper's step-by-step questioning (Algorithm 1): the illusion question, the
  model's own answer to it replayed from a `_descriptions` run named by
  $ILLUSIONBENCH_FIRST_TURN, then the semantic question, in one chat (`eval.tasks.replay`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

from builders.illusionbench.questions import ILLUSION_PROMPT, SEMANTIC_PROMPT
from eval.scoring.illusionbench.circular import expand
from eval.scoring.illusionbench.metrics import QUESTION_TYPES, Graded, grade, lmms_eval_type
from eval.scoring.illusionbench.scorer import measured
from eval.tasks.replay import conversation, first_answers, transcript

FIRST_TURN_ENV = "ILLUSIONBENCH_FIRST_TURN"
#: lmms-eval's `illusionbench` answer instructions (its `_default_template_yaml`), for `prompt: lmms-eval`.
LMMS_EVAL_SUFFIX = {
    "tf": "\nAnswer with True or False only.",
    "mc": "\nAnswer with the option number (i, ii, iii, or iv) only.",
}


def doc_to_visual(doc: dict[str, Any]) -> list[Image.Image]:
    return [doc["image"].convert("RGB")]


def doc_to_text(doc: Mapping[str, Any], lmms_eval_specific_kwargs: Mapping[str, Any] | None = None) -> str:
    """The paper's prompt, or (with `prompt: lmms-eval`) the question plus lmms-eval's instruction.

    lmms-eval's own task appends its true/false instruction exactly when the release's type is
    "TF"; rows carry that type in `source_question_type`.
    """
    if (lmms_eval_specific_kwargs or {}).get("prompt", "paper") == "lmms-eval":
        source = lmms_eval_type(doc["question_type"], doc.get("source_question_type"))
        return doc["question"] + LMMS_EVAL_SUFFIX["tf" if source == "TF" else "mc"]
    return doc["prompt"]


def process_results(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """0/1 values for the `mean` metrics and the graded record for the others.

    The record also carries the row id (`ID`) into lmms-eval's samples log, which drops the doc
    itself; `eval.predictions` reads it back from there.
    """
    graded = grade(doc, results[0])
    record = graded.to_record()
    return {
        "accuracy": float(graded.correct()),
        "tf_accuracy": record,
        "mc_accuracy": record,
        "fp_ratio": record,
        "parse_failure_rate": float(not graded.parsed()),
        "lmms_eval_accuracy": float(graded.correct("lmms-eval")),
        "breakdown": record,
    }


def process_circular(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """The graded record of one rotation's reply, for every metric (each aggregates over all records)."""
    record = grade(doc, results[0]).to_record()
    return {metric: record for metric in CIRCULAR_METRICS}


def process_description(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """A description reply is only collected here (the judge runs in `python -m eval score`).

    `replies` logs the row id, so `eval score` finds each reply's row in the samples log.
    """
    return {"answered": float(bool(results[0].strip())), "replies": {"id": doc["id"]}}


def circular_docs(dataset: Any) -> Any:
    """`process_docs` of the circular tasks: each multiple-choice row once per rotation of its options.

    Images pass through undecoded; every other row is kept once (`circular.expand`).
    """
    from datasets import Image as ImageFeature

    def rotations(batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
        rows = [dict(zip(batch, values, strict=True)) for values in zip(*batch.values(), strict=True)]
        expanded = [turned for row in rows for turned in expand(row)]
        return {column: [row[column] for row in expanded] for column in [*batch, "rotation", "rotations"]}

    raw = dataset.cast_column("image", ImageFeature(decode=False))
    return raw.map(rotations, batched=True).cast_column("image", ImageFeature())


def step_by_step_docs(dataset: Any) -> Any:
    """`process_docs` of the step-by-step tasks: each image's semantic row, with the model's answer to
    its illusion row (from a run of the matching `_descriptions` task) as `first_answer`."""
    semantic = QUESTION_TYPES.index("semantic")
    rows = dataset.filter(lambda kind: kind in (semantic, "semantic"), input_columns="question_type")
    ids = [f"{image_id}-illusion" for image_id in rows["image_id"]]
    return rows.add_column(
        "first_answer", first_answers(FIRST_TURN_ENV, ids, "illusionbench_plus_<config>_descriptions")
    )


def step_by_step_messages(
    doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Algorithm 1: [user: image + illusion question, assistant: its answer, user: semantic question]."""
    return conversation(doc_to_visual(doc), ILLUSION_PROMPT, doc["first_answer"], SEMANTIC_PROMPT)


def step_by_step_messages_noimage(
    doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The same chat without the image (the `_stepbystep_noimage` tasks)."""
    return conversation([], ILLUSION_PROMPT, doc["first_answer"], SEMANTIC_PROMPT)


def step_by_step_transcript(
    doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None = None
) -> str:
    return transcript(ILLUSION_PROMPT, doc["first_answer"], SEMANTIC_PROMPT)


def aggregate_replies(records: list[dict[str, Any]]) -> float:
    return float(len(records))


def _aggregation(pick: Callable[[dict[str, Any]], float | None]) -> Callable[[list[dict[str, Any]]], float]:
    """An lmms-eval aggregation: `pick` one number from the report of the graded records."""

    def aggregate(records: list[dict[str, Any]]) -> float:
        value = pick(measured([Graded.from_record(record) for record in records]))
        return math.nan if value is None else value  # lmms-eval's tables need a number

    return aggregate


aggregate_accuracy = _aggregation(lambda result: result["accuracy"])
aggregate_tf_accuracy = _aggregation(lambda result: result["tf_accuracy"])
aggregate_mc_accuracy = _aggregation(lambda result: result["mc_accuracy"])
aggregate_fp_ratio = _aggregation(lambda result: result["fp_ratio"])
aggregate_circular_accuracy = _aggregation(lambda result: result["circular"]["strict"]["circular_accuracy"])
aggregate_mc_circular_accuracy = _aggregation(
    lambda result: result["circular"]["strict"]["mc_circular_accuracy"]
)
aggregate_lmms_eval_circular_accuracy = _aggregation(
    lambda result: result["circular"]["lmms-eval"]["circular_accuracy"]
)
#: The circular tasks' metrics (their YAML lists the same names).
CIRCULAR_METRICS = (
    "accuracy",
    "circular_accuracy",
    "mc_accuracy",
    "mc_circular_accuracy",
    "lmms_eval_circular_accuracy",
    "breakdown",
)


def aggregate_breakdown(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Accuracy per category and difficulty, every grader side by side, and a circular run's block
    (`python -m eval score` has more)."""
    result = measured([Graded.from_record(record) for record in records])
    found = {
        "by_category": {name: group["accuracy"] for name, group in result["by_category"].items()},
        "by_difficulty": {name: group["accuracy"] for name, group in result["by_difficulty"].items()},
        "fp_ratio_by_category": {name: group["fp_ratio"] for name, group in result["by_category"].items()},
        "parsers": result["parsers"],
    }
    if "circular" in result:
        found["circular"] = result["circular"]
    return found
