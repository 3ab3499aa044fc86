"""IllusionBench+ scoring: two answer parsers, the paper's metrics and an optional description judge.

- `is_correct(question_type, answer, reply, *, parser)` grades one true/false or multiple-choice
  reply: `parser="strict"` (the default; rules in `strict`) or `parser="lmms-eval"` (lmms-eval
  0.7.3's `illusionbench` task, reproduced in `lmms_eval_compat`).
- `score_rows(rows, responses, **options)` is what `python -m eval score illusionbench` reports:
  accuracy per question type, category and difficulty, the false-positive ratio, parse failures
  and both parsers side by side (`metrics`), plus the judged descriptions when a `judge` is given
  (`judge`).

Rows are resampled by image for the 95 % intervals (its true/false and multiple-choice questions
go together). Without the image (`--blind`), the share answered right is how many questions the
text alone answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eval.errors import UsageError
from eval.options import ScoreOption
from eval.scoring.blind import difference, grouped, paired
from eval.scoring.bootstrap import rate
from eval.scoring.illusionbench import strict
from eval.scoring.illusionbench.judge import API_KEY_VARIABLE, Judge, judge_descriptions, judge_from_options
from eval.scoring.illusionbench.metrics import (
    CATEGORIES,
    DIFFICULTIES,
    PARSERS,
    QUESTION_TYPES,
    Graded,
    grade,
    is_correct,
    question_type_name,
    report,
    summary,
)

__all__ = [
    "CATEGORIES",
    "DIFFICULTIES",
    "OPTIONS",
    "PARSERS",
    "QUESTION_TYPES",
    "Graded",
    "Judge",
    "grade",
    "is_correct",
    "question_type_name",
    "report",
    "score_rows",
]


#: `python -m eval score illusionbench` flags; the judge's API key is read from the environment only.
OPTIONS = (
    ScoreOption("--parser", "parser", "how replies are read (default strict)", PARSERS),
    ScoreOption(
        "--judge-url",
        "judge_url",
        f"OpenAI-compatible endpoint (up to /v1) that judges description replies; key in ${API_KEY_VARIABLE}",
    ),
    ScoreOption("--judge-model", "judge_model", "the judge model's name at --judge-url"),
    ScoreOption("--judge-votes", "judge_votes", "judge calls averaged per reply (default 5)", type=int),
)


def score_rows(
    rows: list[dict[str, Any]],
    responses: Mapping[str, str],
    *,
    parser: str = "strict",
    judge: Judge | None = None,
    step_by_step: dict[str, str] | None = None,
    judge_url: str | None = None,
    judge_model: str | None = None,
    judge_votes: int | None = None,
) -> dict[str, Any]:
    """Metrics of the replies in `responses` (keyed by row `id`) to `rows` of one split.

    True/false and multiple-choice rows are graded by both parsers and reported under `parser`.
    Description rows are judged only when a judge is given, as `judge` or as `judge_url` and
    `judge_model` (the command line's options; see `judge_from_options`); `step_by_step` holds
    replies to the semantic rows obtained after the illusion question, keyed by the same ids.
    Otherwise the result says how many went unjudged. Rows without a reply are left out (`n`
    counts the rest). No intervals: `eval.scoring.score` adds them.

    Raises:
        UsageError: an unknown parser, or only one of `judge_url` and `judge_model`.
    """
    units = grade_rows(rows, responses)
    result = aggregate(units, parser=parser)
    options = {"judge_url": judge_url, "judge_model": judge_model, "judge_votes": judge_votes}
    return {
        **result,
        **describe(rows, responses, units, result, judge=judge, step_by_step=step_by_step, **options),
    }


CLUSTER = "image (image_id): its true/false and multiple-choice questions"
#: What a graded unit is; `to_record` / `from_record` are its JSON form.
UNIT = Graded
#: The metrics `eval compare` reports.
HEADLINE = ("accuracy", "tf_accuracy", "mc_accuracy", "fp_ratio", "parse_failure_rate")


def _is_question(row: Mapping[str, Any]) -> bool:
    return question_type_name(row["question_type"]) in ("tf", "mc")


def grade_rows(rows: Sequence[Mapping[str, Any]], replies: Mapping[str, str]) -> list[Graded]:
    """The true/false and multiple-choice rows that have a reply, graded by both parsers."""
    return [
        grade(dict(row), replies[row["id"]]) for row in rows if row["id"] in replies and _is_question(row)
    ]


def aggregate(units: Sequence[Graded], *, parser: str = "strict") -> dict[str, Any]:
    if parser not in PARSERS:
        raise UsageError(f"unknown parser {parser!r}; choose one of: {', '.join(PARSERS)}")
    return report(units, parser)


def describe(
    rows: Sequence[Mapping[str, Any]],
    replies: Mapping[str, str],
    units: Sequence[Graded],
    result: Mapping[str, Any],
    *,
    judge: Judge | None = None,
    step_by_step: dict[str, str] | None = None,
    judge_url: str | None = None,
    judge_model: str | None = None,
    judge_votes: int | None = None,
) -> dict[str, Any]:
    """The description rows (judged when a judge is given), and `n`: every scored row."""
    judge = judge or judge_from_options(judge_url, judge_model, judge_votes)
    answered = [
        dict(row)
        for row in rows
        if not _is_question(row) and (row["id"] in replies or (step_by_step and row["id"] in step_by_step))
    ]
    found: dict[str, Any] = {"n": len(units) + len(answered)}
    if answered:
        found["descriptions"] = (
            judge_descriptions(answered, replies, judge, step_by_step=step_by_step)
            if judge is not None
            else {"judged": False, "rows": len(answered), "why": "no judge given (it is off by default)"}
        )
    return found


def cluster(unit: Graded) -> str:
    return unit.image_id


def blind_summary(
    seeing: Sequence[Graded], blind: Sequence[Graded], *, parser: str = "strict"
) -> dict[str, Any]:
    """How many questions the text alone answers (against chance: 1/2 true/false, 1/4 options), per
    category, and seeing minus blind accuracy on the questions answered both ways."""
    both = paired(seeing, blind, lambda row: row.id)
    headline = summary(blind, parser)
    return {
        **{
            key: headline[key]
            for key in ("n", "accuracy", "tf_accuracy", "mc_accuracy", "parse_failure_rate")
        },
        "answerable": sum(1 for row in blind if row.correct(parser)),
        "chance": {"tf": 1 / 2, "mc": 1 / len(strict.OPTIONS)},
        "accuracy_by_category": {
            name: rate(rows, lambda row: row.correct(parser))
            for name, rows in grouped(blind, lambda row: row.category).items()
        },
        "seeing_minus_blind": {
            "accuracy": difference(
                rate([s for s, _ in both], lambda row: row.correct(parser)),
                rate([b for _, b in both], lambda row: row.correct(parser)),
            )
        },
    }
