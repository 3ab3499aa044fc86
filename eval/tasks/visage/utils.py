"""lmms-eval adapter for VISaGE: rows to prompts, replies to `eval.scoring.visage` metrics.

lmms-eval loads this file by path for every `!function utils.<name>` in the YAMLs, so it only
defines functions: no state, no environment reads and no I/O at import time. The condition tasks
ask the `test` split (short generation; the first word is scored); the recognition tasks ask the
`recognition` split "What is this object?".
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from eval.scoring.visage import VisageGraded, accuracy_by_condition, effects, grade, recognition, report


def doc_to_visual(doc: dict[str, Any]) -> list[Image.Image]:
    return [doc["image"].convert("RGB")]


def doc_to_text(doc: Mapping[str, Any], lmms_eval_specific_kwargs: Mapping[str, Any] | None = None) -> str:
    return doc["prompt"]


def recognition_target(doc: dict[str, Any]) -> str:
    """The first accepted answer (the category, or the exception's name), for lmms-eval's logs."""
    return doc["answers"][0]


def process_results(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """0/1 for the plain means; the graded record (with the row's `ID`) for every other aggregation."""
    graded = grade(doc, results[0])
    record = graded.to_record()
    return {
        "accuracy": float(graded.correct),
        "parse_failure_rate": float(not graded.parsed),
        **{f"acc_{code}": record for code in ("1a", "1b", "1c", "1d", "2a", "2b", "2c")},
        "congruency_category": record,
        "congruency_exception": record,
        "semantic_prior": record,
        "naming_rescue": record,
        "breakdown": record,
    }


def process_recognition_results(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    graded = grade(doc, results[0])
    return {
        "recognition_accuracy": float(bool(graded.recognised)),
        "category_recognition": float(bool(graded.category_named)),
        "breakdown": graded.to_record(),
    }


def _accuracy(records: list[dict[str, Any]], code: str) -> float:
    return _float(accuracy_by_condition(_graded(records))[code])


def aggregate_acc_1a(records: list[dict[str, Any]]) -> float:
    return _accuracy(records, "1a")


def aggregate_acc_1b(records: list[dict[str, Any]]) -> float:
    return _accuracy(records, "1b")


def aggregate_acc_1c(records: list[dict[str, Any]]) -> float:
    return _accuracy(records, "1c")


def aggregate_acc_1d(records: list[dict[str, Any]]) -> float:
    return _accuracy(records, "1d")


def aggregate_acc_2a(records: list[dict[str, Any]]) -> float:
    return _accuracy(records, "2a")


def aggregate_acc_2b(records: list[dict[str, Any]]) -> float:
    return _accuracy(records, "2b")


def aggregate_acc_2c(records: list[dict[str, Any]]) -> float:
    return _accuracy(records, "2c")


def _effect(records: list[dict[str, Any]], group: str, pair: str) -> float:
    return _float(effects(accuracy_by_condition(_graded(records)))[group][pair])


def aggregate_congruency_category(records: list[dict[str, Any]]) -> float:
    """Acc(1a) - Acc(1b): what an incongruent (exceptional) image costs a question about the category."""
    return _effect(records, "congruency", "1a-1b")


def aggregate_congruency_exception(records: list[dict[str, Any]]) -> float:
    """Acc(1c) - Acc(1d): what an incongruent (typical) image costs a question about the exception."""
    return _effect(records, "congruency", "1c-1d")


def aggregate_semantic_prior(records: list[dict[str, Any]]) -> float:
    """Acc(2a) - Acc(2b): what the category name costs an instance question about an exceptional image."""
    return _effect(records, "semantic_prior", "2a-2b")


def aggregate_naming_rescue(records: list[dict[str, Any]]) -> float:
    """Acc(2c) - Acc(2b): what naming the exception gives back."""
    return _effect(records, "naming_rescue", "2c-2b")


def aggregate_breakdown(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Accuracy per condition and every effect, overall, per category and over the tuples whose
    exception's name does not state the violation (`python -m eval score` has the rest)."""
    found = report(_graded(records))
    return {
        **_conditions(found),
        "by_category": {name: _conditions(entry) for name, entry in found["by_category"].items()},
        "name_reveals_false": _conditions(found["name_reveals_false"]),
    }


def _conditions(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: summary[key] for key in ("accuracy_by_condition", "effects")}


def aggregate_recognition_breakdown(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Recognition rates per image type and per category."""
    found = recognition(_graded(records)) or {}
    return {key: found.get(key) for key in ("by_image_type", "by_category")}


def _graded(records: list[dict[str, Any]]) -> list[VisageGraded]:
    return [VisageGraded.from_record(record) for record in records]


def _float(rate: float | None) -> float:
    # lmms-eval's tables and group means need a number; NaN marks an empty denominator.
    return math.nan if rate is None else rate
