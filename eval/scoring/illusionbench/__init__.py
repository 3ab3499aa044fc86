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

from typing import Any

from eval.scoring.illusionbench.judge import Judge, judge_descriptions
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


def score_rows(
    rows: list[dict[str, Any]],
    responses: dict[str, str],
    *,
    parser: str = "strict",
    judge: Judge | None = None,
    step_by_step: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Metrics of the replies in `responses` (keyed by row `id`) to `rows` of one split.

    True/false and multiple-choice rows are graded by both parsers and reported under `parser`.
    Description rows are judged only when `judge` is given (`step_by_step` holds replies to the
    semantic rows obtained after the illusion question, keyed by the same ids); otherwise the
    result says how many went unjudged. Rows without a reply are left out (`n` counts the rest).
    """
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
