"""lmms-eval adapter of the toy family: rows to prompts, replies to `tests.toy.scoring`."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from tests.toy.scoring import Counted, ToyOptions, aggregate, grade


def doc_to_visual(doc: dict[str, Any]) -> list[Image.Image]:
    return [doc["image"].convert("RGB")]


def doc_to_text(doc: Mapping[str, Any], lmms_eval_specific_kwargs: Mapping[str, Any] | None = None) -> str:
    return doc["prompt"]


def process_results(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    graded = grade(doc, results[0])
    return {"accuracy": float(graded.right(0)), "breakdown": graded.to_record()}


def aggregate_breakdown(records: list[dict[str, Any]]) -> dict[str, float]:
    """Accuracy and parse failures of the task's graded records, as `eval score toy` computes them."""
    found = aggregate([Counted.from_record(record) for record in records], ToyOptions())
    return {key: math.nan if found[key] is None else found[key] for key in ("accuracy", "parse_failure_rate")}
