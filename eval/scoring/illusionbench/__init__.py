"""IllusionBench+ scoring: two answer parsers, the paper's metrics and an optional description judge.

- `is_correct(question_type, answer, reply, *, parser)` grades one true/false or multiple-choice
  reply: `parser="strict"` (the default; rules in `strict`) or `parser="lmms-eval"` (lmms-eval
  0.7.3's `illusionbench` task, reproduced in `lmms_eval_compat`).
- `score_rows(rows, responses, **options)` is what `python -m eval score illusionbench` reports:
  accuracy per question type, category and difficulty, the false-positive ratio, parse failures
  and both parsers side by side (`metrics`), plus the judged descriptions when a `judge` is given
  (`judge`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eval.errors import UsageError
from eval.options import ScoreOption
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
    counts the rest).

    Raises:
        UsageError: an unknown parser, or only one of `judge_url` and `judge_model`.
    """
    if parser not in PARSERS:
        raise UsageError(f"unknown parser {parser!r}; choose one of: {', '.join(PARSERS)}")
    judge = judge or judge_from_options(judge_url, judge_model, judge_votes)
    questions, descriptions = [], []
    for row in rows:
        if row["id"] not in responses and not (step_by_step and row["id"] in step_by_step):
            continue
        kind = question_type_name(row["question_type"])
        (questions if kind in ("tf", "mc") else descriptions).append(row)
    graded = [grade(row, responses[row["id"]]) for row in questions if row["id"] in responses]
    result: dict[str, Any] = report(graded, parser)
    if descriptions:
        result["descriptions"] = (
            judge_descriptions(descriptions, responses, judge, step_by_step=step_by_step)
            if judge is not None
            else {"judged": False, "rows": len(descriptions), "why": "no judge given (it is off by default)"}
        )
    result["n"] = len(graded) + len(descriptions)
    return result
