"""VLMBias metrics over graded rows: rates, breakdowns, the paper's task mean, illusion originals.

Definitions (every rate is None when its denominator is empty), under the strict parser:

- `accuracy`: correct answers / rows.
- `bias_aligned_rate`: answers equal to the row's expected bias / rows that have an expected bias.
- `bias_aligned_share_of_wrong`: bias-aligned answers / wrong answers (parsed, not correct) among the rows
  that have an expected bias; the paper's "share of errors that are bias-aligned". Unparsed replies are
  not in it: they are counted by `parse_failure_rate`.
- `parse_failure_rate`: unparsed replies / rows.
- `task_mean`: the unweighted mean of the per-topic accuracies (the paper's headline number; each topic
  pools Q1 and Q2 over every image and resolution).

Under `parser="lmms-eval"` (lmms-eval 0.7.3's `vlms_are_biased` rules) every reply is an answer, so
nothing is unparsed, the bias-aligned rate is over every row (lmms-eval's `bias_ratio`) and "wrong"
means not correct. Under the judge grader (`"judge"`, VLMEvalKit's `VLMBias`: brace template, then a
judge) a reply is unparsed when neither the template nor the judge gave a verdict, and bias-aligned
when the template's reading is the expected bias. Published numbers differ in two choices, so
`report` names all four combinations: item mean (pooled over rows) or task mean (unweighted over
topics), and bias-aligned over all answers or over wrong ones (`DEFINITIONS`).

Every rate is counted with `eval.scoring.bootstrap.rate`, so the same code gives the intervals.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from eval.scoring.bootstrap import rate
from eval.scoring.vlmbias.grading import ILLUSION_TOPIC, JUDGE, PARSERS, Graded

BREAKDOWN_FIELDS = ("topic", "sub_topic", "pixel", "type_of_question")
#: Each published definition by its unambiguous name: (summary field, item or task mean).
DEFINITIONS = {
    "accuracy_item_mean": ("accuracy", "item"),
    "accuracy_task_mean": ("accuracy", "task"),
    "bias_aligned_over_all_item_mean": ("bias_aligned_rate", "item"),
    "bias_aligned_over_all_task_mean": ("bias_aligned_rate", "task"),
    "bias_aligned_over_wrong_item_mean": ("bias_aligned_share_of_wrong", "item"),
    "bias_aligned_over_wrong_task_mean": ("bias_aligned_share_of_wrong", "task"),
}


@dataclasses.dataclass(frozen=True)
class Summary:
    """The headline rates of a set of graded rows."""

    n: int
    accuracy: Any
    bias_aligned_rate: Any
    bias_aligned_share_of_wrong: Any
    parse_failure_rate: Any


def accuracy(graded: Iterable[Graded], parser: str = "strict") -> Any:
    return rate(graded, lambda row: row.correct_under(parser))


def parse_failure_rate(graded: Iterable[Graded], parser: str = "strict") -> Any:
    return rate(graded, lambda row: not row.parsed_under(parser))


def bias_aligned_rate(graded: Iterable[Graded], parser: str = "strict") -> Any:
    named = (row for row in graded if row.bias_aligned_under(parser) is not None)
    return rate(named, lambda row: bool(row.bias_aligned_under(parser)))


def bias_aligned_share_of_wrong(graded: Iterable[Graded], parser: str = "strict") -> Any:
    wrong = (
        row
        for row in graded
        if row.bias_aligned_under(parser) is not None
        and row.parsed_under(parser)
        and not row.correct_under(parser)
    )
    return rate(wrong, lambda row: bool(row.bias_aligned_under(parser)))


def summarize(graded: Sequence[Graded], parser: str = "strict") -> Summary:
    """
    >>> from eval.scoring.vlmbias.grading import grade
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
        accuracy=accuracy(graded, parser),
        bias_aligned_rate=bias_aligned_rate(graded, parser),
        bias_aligned_share_of_wrong=bias_aligned_share_of_wrong(graded, parser),
        parse_failure_rate=parse_failure_rate(graded, parser),
    )


def breakdown(graded: Iterable[Graded], field: str, parser: str = "strict") -> dict[str, Summary]:
    """A `Summary` per value of `field` (one of `BREAKDOWN_FIELDS`), keyed by the value as text."""
    if field not in BREAKDOWN_FIELDS:
        raise ValueError(f"cannot break down by {field!r}; choose from: {', '.join(BREAKDOWN_FIELDS)}")
    groups: dict[Any, list[Graded]] = {}
    for row in graded:
        groups.setdefault(getattr(row, field), []).append(row)
    return {str(value): summarize(rows, parser) for value, rows in sorted(groups.items())}


def task_mean(topic_accuracies: Mapping[str, Any]) -> Any:
    """The unweighted mean of per-topic accuracies; None if there is no topic or one has no rows.

    >>> task_mean({"Flags": 0.5, "Game Boards": 0.25})
    0.375
    """
    values = list(topic_accuracies.values())
    if not values or any(value is None for value in values):
        return None
    return sum(values) / len(values)


def original_vs_counterfactual(
    graded: Iterable[Graded], topic: str = ILLUSION_TOPIC, parser: str = "strict"
) -> dict[str, Any] | None:
    """Summaries of `topic`'s original and counterfactual rows and the accuracy gap between them.

    Optical-illusion originals (ground truth "Yes": the illusion's parts really are equal) sit in
    `main` beside the counterfactuals; the paper reports their accuracies apart. None if `topic` has
    no rows.
    """
    rows = [row for row in graded if row.topic == topic]
    if not rows:
        return None
    original = summarize([row for row in rows if not row.is_counterfactual], parser)
    counterfactual = summarize([row for row in rows if row.is_counterfactual], parser)
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


def definitions(graded: Sequence[Graded], parser: str = "strict") -> dict[str, Any]:
    """Each published definition (`DEFINITIONS`) under `parser`, and its parse-failure rate."""
    pooled = summarize(graded, parser)
    topics = breakdown(graded, "topic", parser)

    def value(field: str, mean: str) -> Any:
        if mean == "item":
            return getattr(pooled, field)
        return task_mean({topic: getattr(summary, field) for topic, summary in topics.items()})

    found = {name: value(field, mean) for name, (field, mean) in DEFINITIONS.items()}
    return {**found, "parse_failure_rate": pooled.parse_failure_rate}


def graders_of(graded: Iterable[Graded]) -> tuple[str, ...]:
    """The readings these outcomes give: both parsers, and the judge grader's when it graded every row."""
    judged = all(row.judge_votes is not None for row in graded)
    return (*PARSERS, JUDGE) if judged else PARSERS


def report(graded: Sequence[Graded], parser: str = "strict") -> dict[str, Any]:
    """Every metric as one JSON-ready dict: the headline rates at the top level, then breakdowns.

    The headline and breakdowns use `parser` (or the judge grader, "judge"); `parsers` gives every
    reading's definitions side by side: both parsers', and the judge grader's when it graded the rows.

    Raises:
        ValueError: an unknown parser, or the judge grader for outcomes it did not grade.
    """
    readings = graders_of(graded)
    if parser not in readings:
        raise ValueError(f"these outcomes cannot be read by {parser!r}; choose from: {', '.join(readings)}")
    found = {each: definitions(graded, each) for each in readings}
    return {
        "parser": parser,
        **dataclasses.asdict(summarize(graded, parser)),
        "task_mean": found[parser]["accuracy_task_mean"],
        **{name: found[parser][name] for name in DEFINITIONS},
        **{
            f"by_{field}": {
                key: dataclasses.asdict(summary) for key, summary in breakdown(graded, field, parser).items()
            }
            for field in BREAKDOWN_FIELDS
        },
        "original_vs_counterfactual": original_vs_counterfactual(graded, parser=parser),
        "parsers": found,
    }
