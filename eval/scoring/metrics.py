"""VLMBias metrics over graded rows: rates, breakdowns, the paper's task mean, illusion originals.

Definitions (every rate is None when its denominator is empty):

- `accuracy`: correct answers / rows.
- `bias_aligned_rate`: answers equal to the row's expected bias / rows that have an expected bias.
- `bias_aligned_share_of_wrong`: bias-aligned answers / wrong answers (parsed, not correct) among the rows
  that have an expected bias; the paper's "share of errors that are bias-aligned". Unparsed replies are
  not in it: they are counted by `parse_failure_rate`.
- `parse_failure_rate`: unparsed replies / rows.
- `task_mean`: the unweighted mean of the per-topic accuracies (the paper's headline number; each topic
  pools Q1 and Q2 over every image and resolution).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from eval.scoring.grading import ILLUSION_TOPIC, Graded

BREAKDOWN_FIELDS = ("topic", "sub_topic", "pixel", "type_of_question")


@dataclasses.dataclass(frozen=True)
class Summary:
    """The headline rates of a set of graded rows."""

    n: int
    accuracy: float | None
    bias_aligned_rate: float | None
    bias_aligned_share_of_wrong: float | None
    parse_failure_rate: float | None


def _rate(rows: Iterable[Graded], hit: Callable[[Graded], bool]) -> float | None:
    outcomes = [hit(row) for row in rows]
    return sum(outcomes) / len(outcomes) if outcomes else None


def accuracy(graded: Iterable[Graded]) -> float | None:
    return _rate(graded, lambda row: row.correct)


def parse_failure_rate(graded: Iterable[Graded]) -> float | None:
    return _rate(graded, lambda row: not row.answer.parsed)


def bias_aligned_rate(graded: Iterable[Graded]) -> float | None:
    return _rate((row for row in graded if row.bias_aligned is not None), lambda row: bool(row.bias_aligned))


def bias_aligned_share_of_wrong(graded: Iterable[Graded]) -> float | None:
    wrong = (row for row in graded if row.bias_aligned is not None and row.answer.parsed and not row.correct)
    return _rate(wrong, lambda row: bool(row.bias_aligned))


def summarize(graded: Sequence[Graded]) -> Summary:
    """
    >>> from eval.scoring.grading import grade
    >>> base = {"topic": "Flags", "sub_topic": "Flags 2D Stars", "pixel": 384, "type_of_question": "Q1",
    ...         "ground_truth": "49", "expected_bias": "50"}
    >>> replies = ["{49}", "{50}", "{48}", "no idea"]
    >>> summary = summarize([grade({**base, "ID": str(i)}, reply) for i, reply in enumerate(replies)])
    >>> summary.n, summary.accuracy, summary.bias_aligned_rate, summary.parse_failure_rate
    (4, 0.25, 0.25, 0.25)
    >>> summary.bias_aligned_share_of_wrong  # "{50}" among the two parsed wrong answers
    0.5
    """
    return Summary(
        n=len(graded),
        accuracy=accuracy(graded),
        bias_aligned_rate=bias_aligned_rate(graded),
        bias_aligned_share_of_wrong=bias_aligned_share_of_wrong(graded),
        parse_failure_rate=parse_failure_rate(graded),
    )


def breakdown(graded: Iterable[Graded], field: str) -> dict[str, Summary]:
    """A `Summary` per value of `field` (one of `BREAKDOWN_FIELDS`), keyed by the value as text."""
    if field not in BREAKDOWN_FIELDS:
        raise ValueError(f"cannot break down by {field!r}; choose from: {', '.join(BREAKDOWN_FIELDS)}")
    groups: dict[Any, list[Graded]] = {}
    for row in graded:
        groups.setdefault(getattr(row, field), []).append(row)
    return {str(value): summarize(rows) for value, rows in sorted(groups.items())}


def task_mean(topic_accuracies: Mapping[str, float | None]) -> float | None:
    """The unweighted mean of per-topic accuracies; None if there is no topic or one has no rows.

    >>> task_mean({"Flags": 0.5, "Game Boards": 0.25})
    0.375
    """
    values = list(topic_accuracies.values())
    if not values or any(value is None for value in values):
        return None
    return sum(values) / len(values)


def original_vs_counterfactual(
    graded: Iterable[Graded], topic: str = ILLUSION_TOPIC
) -> dict[str, Any] | None:
    """Summaries of `topic`'s original and counterfactual rows and the accuracy gap between them.

    Optical-illusion originals (ground truth "Yes": the illusion's parts really are equal) sit in
    `main` beside the counterfactuals; the paper reports their accuracies apart. None if `topic` has
    no rows.
    """
    rows = [row for row in graded if row.topic == topic]
    if not rows:
        return None
    original = summarize([row for row in rows if not row.is_counterfactual])
    counterfactual = summarize([row for row in rows if row.is_counterfactual])
    gap = (
        None
        if original.accuracy is None or counterfactual.accuracy is None
        else original.accuracy - counterfactual.accuracy
    )
    return {
        "original": dataclasses.asdict(original),
        "counterfactual": dataclasses.asdict(counterfactual),
        "accuracy_gap": gap,
    }


def accuracy_breakdown(graded: Sequence[Graded]) -> dict[str, dict[str, float | None]]:
    """Accuracy alone per value of each breakdown field, plus illusion originals vs counterfactuals.

    The compact view lmms-eval prints in its results table; `report` has every rate.
    """
    accuracies = {
        field: {key: summary.accuracy for key, summary in breakdown(graded, field).items()}
        for field in BREAKDOWN_FIELDS
    }
    illusions = original_vs_counterfactual(graded)
    if illusions is not None:
        accuracies["original_vs_counterfactual"] = {
            part: illusions[part]["accuracy"] for part in ("original", "counterfactual")
        }
    return accuracies


def report(graded: Sequence[Graded]) -> dict[str, Any]:
    """Every metric as one JSON-ready dict: the headline rates at the top level, then breakdowns."""
    by_topic = breakdown(graded, "topic")
    return {
        **dataclasses.asdict(summarize(graded)),
        "task_mean": task_mean({topic: summary.accuracy for topic, summary in by_topic.items()}),
        **{
            f"by_{field}": {
                key: dataclasses.asdict(summary) for key, summary in breakdown(graded, field).items()
            }
            for field in BREAKDOWN_FIELDS
        },
        "original_vs_counterfactual": original_vs_counterfactual(graded),
    }
