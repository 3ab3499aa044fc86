"""Grade one reply against one dataset row: the `Graded` record every metric is computed from."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from eval.scoring.answers import (
    ANSWER_TYPES,
    AnswerKind,
    ParsedAnswer,
    canonical_answer,
    infer_answer_type,
    parse_answer,
)

ILLUSION_TOPIC = "Optical Illusion"


@dataclasses.dataclass(frozen=True)
class Graded:
    """The outcome of one row: its grouping fields, the parsed answer, and how it compares.

    `bias_aligned` is None when the row names no expected bias (the `original` split), so bias rates
    are computed over the rows that have one.
    """

    ID: str
    topic: str
    sub_topic: str
    pixel: int
    type_of_question: str
    is_counterfactual: bool
    answer: ParsedAnswer
    correct: bool
    bias_aligned: bool | None

    def to_record(self) -> dict[str, Any]:
        """A JSON-safe dict (lmms-eval passes per-sample records through its logs)."""
        record = dataclasses.asdict(self)
        record["answer"] = {**record["answer"], "kind": self.answer.kind.value}
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Graded:
        """Inverse of `to_record`."""
        answer = dict(record["answer"])
        span = answer["span"]
        parsed = ParsedAnswer(
            answer["value"], AnswerKind(answer["kind"]), answer["raw"], None if span is None else tuple(span)
        )
        return cls(**{**record, "answer": parsed})


def grade(row: Mapping[str, Any], response: str) -> Graded:
    """Parse `response` as the row's answer type and compare it with the row's truth and bias.

    `row` needs `ID`, `topic`, `sub_topic`, `pixel`, `type_of_question`, `ground_truth` and
    `expected_bias` (the released columns); `answer_type`, `is_counterfactual` and `modification`
    are used when present.

    >>> row = {"ID": "q1", "topic": "Game Boards", "sub_topic": "Go Grid", "pixel": 384,
    ...        "type_of_question": "Q1", "ground_truth": "18", "expected_bias": "19"}
    >>> g = grade(row, "I count {19} lines.")
    >>> g.correct, g.bias_aligned, g.answer.value
    (False, True, '19')
    """
    kind = _answer_kind(row)
    answer = parse_answer(response, kind)
    truth = canonical_answer(str(row["ground_truth"]), kind)
    expected_bias = row.get("expected_bias")
    bias = canonical_answer(str(expected_bias), kind) if expected_bias not in (None, "") else None
    return Graded(
        ID=str(row["ID"]),
        topic=str(row["topic"]),
        sub_topic=str(row["sub_topic"]),
        pixel=int(row["pixel"]),
        type_of_question=str(row["type_of_question"]),
        is_counterfactual=_is_counterfactual(row),
        answer=answer,
        correct=answer.parsed and answer.value == truth,
        bias_aligned=None if bias is None else answer.parsed and answer.value == bias,
    )


def _answer_kind(row: Mapping[str, Any]) -> AnswerKind:
    """The row's `answer_type` (a class-label index or name), inferred from the truth when absent."""
    label = row.get("answer_type")
    if label is None:
        return infer_answer_type(str(row["ground_truth"]))
    return ANSWER_TYPES[label] if isinstance(label, int) else AnswerKind(label)


def _is_counterfactual(row: Mapping[str, Any]) -> bool:
    """Whether the row's image was modified. `modification == "none"` or `is_counterfactual` false
    says it was not (unmodified illusions sit in `main`); rows with neither column (the released
    data) follow the paper: unmodified images name no expected bias, except illusion originals, whose
    ground truth is "Yes"."""
    if row.get("modification") == "none":
        return False
    flag = row.get("is_counterfactual")
    if flag is not None:
        return bool(flag)
    if row.get("expected_bias") in (None, ""):
        return False
    return not (row["topic"] == ILLUSION_TOPIC and str(row["ground_truth"]).strip().casefold() == "yes")
