"""lmms-eval adapter for AIpsych: one single-turn query per prompt, scored per 4-prompt set.

Each row is its own request (the image and its prompt, as in the paper); `process_results` keeps
the reply with the ids that place it in its set, and every aggregation hands all of a task's
records to `eval.scoring.score_rows` (the release's v4 logic), which groups them by
`set_id`. lmms-eval loads this file by path for every `!function utils.<name>`, so it only defines
functions: no state, no environment reads and no I/O at import time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

from eval.scoring import score_rows
from eval.scoring.aipsych.rates import RATE_KEYS

METRICS = (*RATE_KEYS, "reliability_score", "quit_rate", "parse_failure_rate", "breakdown")
TRAP_COLUMNS = ("true_position", "true_colour", "offered_positions", "offered_colours")


def doc_to_visual(doc: dict[str, Any]) -> list[Image.Image]:
    return [doc["image"].convert("RGB")]


def doc_to_text(doc: Mapping[str, Any], lmms_eval_specific_kwargs: Mapping[str, Any] | None = None) -> str:
    return doc["prompt"]


def process_results(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """One record per metric: the reply, where it sits and its trap (`ID` lets `eval.predictions` find it)."""
    record = {
        "ID": doc["id"],
        "id": doc["id"],
        "set_id": doc["set_id"],
        "image_id": doc["image_id"],
        "set_kind": doc["set_kind"],
        "prompt_idx": doc["prompt_idx"],
        # The trap's truth and options: the strict reading judges the first reply against them.
        **{key: doc[key] for key in TRAP_COLUMNS},
        "response": results[0],
    }
    return {metric: record for metric in METRICS}


def _score(records: list[dict[str, Any]]) -> dict[str, Any]:
    return score_rows("aipsych", records, {record["id"]: record["response"] for record in records})


def _rate(name: str) -> Callable[[list[dict[str, Any]]], float]:
    def aggregate(records: list[dict[str, Any]]) -> float:
        return _float(_score(records)["rates"][name])

    aggregate.__name__ = f"aggregate_{name}"
    aggregate.__doc__ = f"The {name.replace('_', ' ')} rate of the task's sets (fraction; NaN if undefined)."
    return aggregate


aggregate_trap_spotting = _rate("trap_spotting")
aggregate_authority_bias = _rate("authority_bias")
aggregate_sycophancy_type1 = _rate("sycophancy_type1")
aggregate_sycophancy_type2 = _rate("sycophancy_type2")
aggregate_logical_inconsistency = _rate("logical_inconsistency")
aggregate_else_trigger = _rate("else_trigger")
aggregate_valid_response = _rate("valid_response")
aggregate_full_response = _rate("full_response")


def aggregate_reliability_score(records: list[dict[str, Any]]) -> float:
    return _float(_score(records)["reliability_score"])


def aggregate_quit_rate(records: list[dict[str, Any]]) -> float:
    return _float(_score(records)["quit_rate"])


def aggregate_parse_failure_rate(records: list[dict[str, Any]]) -> float:
    return _float(_score(records)["parse_failure_rate"])


def aggregate_breakdown(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts, exclusions, per-set-kind rates and the strict reading (`eval score` also lists the sets)."""
    result = _score(records)
    return {
        key: result[key]
        for key in ("answered_sets", "valid_sets", "counts", "excluded_reasons", "by_set_kind", "alongside")
    }


def _float(value: float | None) -> float:
    # lmms-eval's tables and group means need a number; NaN marks an empty denominator.
    return math.nan if value is None else value
