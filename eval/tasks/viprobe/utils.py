"""lmms-eval adapter for VI-Probe: rows to prompts, replies to `eval.scoring.viprobe` metrics.

lmms-eval loads this file by path for every `!function utils.<name>` in the YAMLs, so it only
defines functions: no state, no environment reads and no I/O at import time. The paired tasks keep
each image's forward and reversed rows and score them together; the instructed tasks keep the
instructional rows and send their system prompt as a system message.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from eval.scoring.viprobe import (
    POLARITIES,
    ProbeGraded,
    grade_probe,
    instruction_effect,
    pairs,
    pfa,
    pfc,
    summary,
    tfi,
)

PAIRED = (POLARITIES.index("f"), POLARITIES.index("r"))
INSTRUCTED = POLARITIES.index("I")


def paired_rows(dataset: Any) -> Any:
    """`process_docs` of the paired tasks: the forward and reversed rows."""
    return dataset.filter(lambda polarity: polarity in PAIRED, input_columns="polarity")


def instructed_rows(dataset: Any) -> Any:
    """`process_docs` of the instructed tasks: the instructional rows."""
    return dataset.filter(lambda polarity: polarity == INSTRUCTED, input_columns="polarity")


def doc_to_visual(doc: dict[str, Any]) -> list[Image.Image]:
    return [doc["image"].convert("RGB")]


def doc_to_text(doc: Mapping[str, Any], lmms_eval_specific_kwargs: Mapping[str, Any] | None = None) -> str:
    return doc["prompt"]


def instructed_messages(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """System message with the visual-comparison instructions, then the image and the question."""
    return _instructed(doc, doc_to_visual(doc))


def instructed_messages_noimage(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The same messages without the image (the `_instructed_noimage` tasks)."""
    return _instructed(doc, [])


def _instructed(doc: dict[str, Any], images: list[Image.Image]) -> list[dict[str, Any]]:
    question: list[dict[str, Any]] = [{"type": "image", "url": image} for image in images]
    question.append({"type": "text", "text": doc_to_text(doc)})
    return [
        {"role": "system", "content": [{"type": "text", "text": doc["system_prompt"]}]},
        {"role": "user", "content": question},
    ]


def process_results(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """The graded record for every paired aggregation; 0/1 for the parse-failure mean.

    The record also carries the row id (`ID`) into lmms-eval's samples log, which drops the doc
    itself; `eval.predictions` reads it back from there.
    """
    graded = grade_probe(doc, results[0])
    record = graded.to_record()
    return {
        "pfa": record,
        "pfc": record,
        "tfi": record,
        "cbw": record,
        "illusion_multiplier": record,
        "parse_failure_rate": float(graded.answer is None),
        "breakdown": record,
    }


def process_instructed_results(doc: dict[str, Any], results: Sequence[str]) -> dict[str, Any]:
    graded = grade_probe(doc, results[0])
    return {
        "accuracy": float(graded.correct),
        "parse_failure_rate": float(graded.answer is None),
        "breakdown": graded.to_record(),
    }


def aggregate_pfa(records: list[dict[str, Any]]) -> float:
    return _float(pfa(pairs(_graded(records))))


def aggregate_pfc(records: list[dict[str, Any]]) -> float:
    return _float(pfc(pairs(_graded(records))))


def aggregate_tfi(records: list[dict[str, Any]]) -> float:
    return _float(tfi(pairs(_graded(records))))


def aggregate_cbw(records: list[dict[str, Any]]) -> float:
    return _float(summary(_graded(records))["cbw"])


def aggregate_illusion_multiplier(records: list[dict[str, Any]]) -> float:
    return _float(summary(_graded(records))["illusion_multiplier"])


def aggregate_breakdown(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Accuracy per variant and the illusion effects (`python -m eval score` adds dose-response and more)."""
    result = summary(_graded(records))
    return {
        "variants": {code: entry["pfa"] for code, entry in result["variants"].items()},
        **{
            key: result[key]
            for key in (
                "delta_original",
                "delta_perturbed",
                "delta_average",
                "susceptibility_gap",
                "pfc_four_types",
            )
        },
        "hint_effect": result["hint_effect"],
    }


def aggregate_instructed_breakdown(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Forward accuracy under the instructions, per variant present."""
    effect = instruction_effect(_graded(records)) or {}
    return {
        code: entry["instructed"] for code, entry in sorted(effect.items()) if entry["instructed"] is not None
    }


def _graded(records: list[dict[str, Any]]) -> list[ProbeGraded]:
    return [ProbeGraded.from_record(record) for record in records]


def _float(rate: float | None) -> float:
    # lmms-eval's tables and group means need a number; NaN marks an empty denominator.
    return math.nan if rate is None else rate
