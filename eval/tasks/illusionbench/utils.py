"""lmms-eval adapter for IllusionBench+: rows to prompts, replies to `eval.scoring.illusionbench` metrics.

lmms-eval loads this file by path for every `!function utils.<name>` in the YAMLs, so it only
defines functions: no state, no environment reads and no I/O at import time. Tasks are named
`illusionbench_plus_<config>`, never lmms-eval's own `illusionbench`. Each reply is graded by both
parsers: the headline metrics use the strict one, `lmms_eval_accuracy` reproduces lmms-eval's
`illusionbench` task on the same replies. The prompt is the paper's (the row's `prompt`) unless
the YAML sets `prompt: lmms-eval` in `lmms_eval_specific_kwargs`, which sends the question with
lmms-eval's answer instruction appended, as its own task does. Description rows (the
`_descriptions` tasks) are only collected; the optional judge scores them in `python -m eval score`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image

from eval.scoring.illusionbench import Graded, grade, question_type_name, report

#: lmms-eval's `illusionbench` answer instructions (its `_default_template_yaml`), for `prompt: lmms-eval`.
LMMS_EVAL_SUFFIX = {
    "tf": "\nAnswer with True or False only.",
    "mc": "\nAnswer with the option number (i, ii, iii, or iv) only.",
}


def doc_to_visual(doc: dict[str, Any]) -> list[Image.Image]:
    return [doc["image"].convert("RGB")]


def doc_to_text(doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None = None) -> str:
    """The paper's prompt, or (with `prompt: lmms-eval`) the question plus lmms-eval's instruction."""
    if (lmms_eval_specific_kwargs or {}).get("prompt", "paper") == "lmms-eval":
        return doc["question"] + LMMS_EVAL_SUFFIX[question_type_name(doc["question_type"])]
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


def process_description(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """A description reply is only collected here (the judge runs in `python -m eval score`).

    `replies` logs the row id, so `eval score` finds each reply's row in the samples log.
    """
    return {"answered": float(bool(results[0].strip())), "replies": {"id": doc["id"]}}


def aggregate_replies(records: list[dict[str, Any]]) -> float:
    return float(len(records))


def aggregate_tf_accuracy(records: list[dict[str, Any]]) -> float:
    return _float(report(_graded(records))["tf_accuracy"])


def aggregate_mc_accuracy(records: list[dict[str, Any]]) -> float:
    return _float(report(_graded(records))["mc_accuracy"])


def aggregate_fp_ratio(records: list[dict[str, Any]]) -> float:
    return _float(report(_graded(records))["fp_ratio"])


def aggregate_breakdown(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Accuracy per category and difficulty, both parsers side by side (`python -m eval score` has more)."""
    result = report(_graded(records))
    return {
        "by_category": {name: group["accuracy"] for name, group in result["by_category"].items()},
        "by_difficulty": {name: group["accuracy"] for name, group in result["by_difficulty"].items()},
        "fp_ratio_by_category": {name: group["fp_ratio"] for name, group in result["by_category"].items()},
        "parsers": result["parsers"],
    }


def _graded(records: list[dict[str, Any]]) -> list[Graded]:
    return [Graded.from_record(record) for record in records]


def _float(rate: float | None) -> float:
    # lmms-eval's tables and group means need a number; NaN marks an empty denominator.
    return math.nan if rate is None else rate
