"""IllusionBench+ scoring: two answer parsers, an optional LLM judge, the paper's metrics.

- `is_correct(question_type, answer, reply, *, parser)` grades one true/false or multiple-choice
  reply: `parser="strict"` (the default; rules in `strict`) or `parser="lmms-eval"` (lmms-eval
  0.7.3's `illusionbench` task, reproduced in `lmms_eval_compat`).
- `score_rows(rows, responses, **options)` is what `python -m eval score illusionbench` reports.
  It is two steps: `outcomes` (one `Graded` per reply, every grader's reading and any judge votes
  in it) and `aggregate` (the metrics over those outcomes: accuracy per question type, category
  and difficulty, the false-positive ratio, parse failures, every grader side by side, plain and
  circular accuracy for circular runs); description rows go through `descriptions` (the judge's
  0-2 preciseness and the step-by-step comparison). Aggregates never call the judge again, so they
  can be recomputed over any resample of the outcomes.

For `eval.scoring.score` (intervals, `--blind`) the same steps are `grade_rows` (validated options,
the outcomes), `aggregate` and `describe` (the judge's identity and review, the descriptions, `n`).
Outcomes are resampled by image (its questions and their rotations go together). Without the image
(`--blind`), the share answered right is how many questions the text alone answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from eval.errors import UsageError
from eval.options import ScoreOption
from eval.predictions import read_responses
from eval.scoring.blind import difference, grouped, paired
from eval.scoring.bootstrap import rate
from eval.scoring.illusionbench import circular, descriptions, strict, verdicts
from eval.scoring.illusionbench.judge import API_KEY_VARIABLE, Judge, judge_from_options
from eval.scoring.illusionbench.metrics import (
    CATEGORIES,
    DIFFICULTIES,
    GRADERS,
    JUDGE,
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
    "GRADERS",
    "OPTIONS",
    "PARSERS",
    "QUESTION_TYPES",
    "Graded",
    "Judge",
    "aggregate",
    "blind_summary",
    "cluster",
    "describe",
    "grade",
    "grade_rows",
    "is_correct",
    "outcomes",
    "question_type_name",
    "report",
    "row_id_of",
    "score_rows",
]

#: `--grader` values: the `--parser` reads replies (the default), or the judge grades them.
GRADER_CHOICES = ("parser", JUDGE)

#: `python -m eval score illusionbench` flags; the judge's API key is read from the environment only.
OPTIONS = (
    ScoreOption("--parser", "parser", "how replies are read (default strict)", PARSERS),
    ScoreOption(
        "--grader",
        "grader",
        "who grades true/false and multiple-choice replies: the --parser (default) or the LLM judge "
        "(the paper's prompts, votes and majority; needs --judge-url and --judge-model)",
        GRADER_CHOICES,
    ),
    ScoreOption(
        "--judge-url",
        "judge_url",
        f"OpenAI-compatible endpoint (up to /v1) of the judge; key in ${API_KEY_VARIABLE}",
    ),
    ScoreOption("--judge-model", "judge_model", "the judge model's name at --judge-url"),
    ScoreOption("--judge-votes", "judge_votes", "judge calls per reply (default 5)", type=int),
    ScoreOption(
        "--judge-timeout",
        "judge_timeout",
        "seconds one attempt of a judge call may take in all, connecting to last byte (default 60)",
        type=float,
    ),
    ScoreOption(
        "--step-by-step",
        "step_by_step",
        "replies of illusionbench_plus_<config>_stepbystep (its samples log) to judge beside --predictions "
        "of the descriptions split: the paper's step-by-step comparison",
        type=Path,
    ),
)

#: A prediction's row: a rotation's id (`<row id>#r<k>`) names its row (`python -m eval score` asks).
row_id_of = circular.row_id
CLUSTER = "image (image_id): its true/false and multiple-choice questions and their rotations"
#: What a graded unit is; `to_record` / `from_record` are its JSON form.
UNIT = Graded
#: The metrics `eval compare` reports.
HEADLINE = ("accuracy", "tf_accuracy", "mc_accuracy", "fp_ratio", "parse_failure_rate")


def outcomes(
    rows: Sequence[dict[str, Any]], responses: Mapping[str, str], judge: Judge | None = None
) -> list[Graded]:
    """One `Graded` per reply to a true/false or multiple-choice row (rotations of circular runs
    included), with the judge's votes when a judge is given; rows without a reply are left out."""
    asked = []
    for row in rows:
        if question_type_name(row["question_type"]) not in ("tf", "mc"):
            continue
        rotated = any(circular.rotation_id(row["id"], k) in responses for k in (1, 2, 3))
        for variant in circular.expand(row) if rotated else [row]:
            if variant["id"] in responses:
                reply = responses[variant["id"]]
                asked.append((variant, reply, grade(variant, reply)))
    if judge is None:
        return [graded for _, _, graded in asked]
    return verdicts.judge_replies(asked, judge)


def aggregate(graded: Sequence[Graded], *, parser: str = "strict", grader: str = "parser") -> dict[str, Any]:
    """The metrics of some outcomes, read by `parser`, or by the judge when `grader` is "judge".

    Raises:
        UsageError: an unknown parser or grader.
    """
    if parser not in PARSERS:
        raise UsageError(f"unknown parser {parser!r}; choose one of: {', '.join(PARSERS)}")
    if grader not in GRADER_CHOICES:
        raise UsageError(f"unknown grader {grader!r}; choose one of: {', '.join(GRADER_CHOICES)}")
    return {**report(graded, parser if grader == "parser" else JUDGE), "parser": parser}


def grade_rows(
    rows: Sequence[dict[str, Any]],
    responses: Mapping[str, str],
    *,
    parser: str = "strict",
    grader: str = "parser",
    judge: Judge | None = None,
    step_by_step: Mapping[str, str] | Path | None = None,
    judge_url: str | None = None,
    judge_model: str | None = None,
    judge_votes: int | None = None,
    judge_timeout: float | None = None,
) -> list[Graded]:
    """The outcomes of the true/false and multiple-choice rows that have a reply (judged when `grader`
    is "judge"), after checking the options as `score_rows` does."""
    judge = _judge(parser, grader, judge, judge_url, judge_model, judge_votes, judge_timeout)
    questions = [row for row in rows if question_type_name(row["question_type"]) in ("tf", "mc")]
    _check(grader, judge, questions, step_by_step)
    return outcomes(questions, responses, judge if grader == JUDGE else None)


def describe(
    rows: Sequence[dict[str, Any]],
    responses: Mapping[str, str],
    graded: Sequence[Graded],
    result: Mapping[str, Any],
    *,
    grader: str = "parser",
    judge: Judge | None = None,
    step_by_step: Mapping[str, str] | Path | None = None,
    judge_url: str | None = None,
    judge_model: str | None = None,
    judge_votes: int | None = None,
    judge_timeout: float | None = None,
) -> dict[str, Any]:
    """What is not resampled: the judge's identity and review list, the judged descriptions, and `n`."""
    judge = judge or judge_from_options(judge_url, judge_model, judge_votes, judge_timeout)
    later = read_responses(step_by_step) if isinstance(step_by_step, Path) else step_by_step
    found: dict[str, Any] = {}
    if grader == JUDGE and judge is not None:
        found["judge"] = {
            **verdicts.graded_by(graded, judge.identity()),
            "review": verdicts.review(graded, responses),
        }
    described = [row for row in rows if question_type_name(row["question_type"]) not in ("tf", "mc")]
    answered = [row for row in described if row["id"] in responses or (later and row["id"] in later)]
    if answered:
        found["descriptions"] = (
            descriptions.describe(
                descriptions.judge_descriptions(
                    answered, dict(responses), judge, step_by_step=dict(later or {})
                ),
                judge.identity(),
            )
            if judge is not None
            else {"judged": False, "rows": len(answered), "why": "no judge given (it is off by default)"}
        )
    found["n"] = sum(row.rotation == 0 for row in graded) + len(answered)
    return found


def score_rows(
    rows: list[dict[str, Any]],
    responses: Mapping[str, str],
    *,
    parser: str = "strict",
    grader: str = "parser",
    judge: Judge | None = None,
    step_by_step: Mapping[str, str] | Path | None = None,
    judge_url: str | None = None,
    judge_model: str | None = None,
    judge_votes: int | None = None,
    judge_timeout: float | None = None,
) -> dict[str, Any]:
    """Metrics of the replies in `responses` (by row `id`; rotations by `<id>#r<k>`) to `rows` of one split.

    True/false and multiple-choice rows are read by both parsers and reported under `parser`, or,
    with `grader="judge"`, graded by the judge (its votes, verdicts and identity in `judge`, with
    what a person should re-check in `judge.review`). Description rows are judged only when a judge
    is given; `step_by_step` holds replies to the semantic rows obtained after the illusion
    question (a dict, or the path of a predictions file), keyed by the same ids. A judge comes as
    `judge` or as `judge_url` and `judge_model` (the command line's options). No intervals:
    `eval.scoring.score` adds them.

    Raises:
        UsageError: an unknown parser or grader, a judge option without a judge, a judge on
            question rows without `grader="judge"`, or step-by-step replies for the question rows.
    """
    options = {"judge_url": judge_url, "judge_model": judge_model, "judge_votes": judge_votes}
    options.update(judge_timeout=judge_timeout, judge=judge, step_by_step=step_by_step, grader=grader)
    graded = grade_rows(rows, responses, parser=parser, **options)
    result = aggregate(graded, parser=parser, grader=grader)
    return {**result, **describe(rows, responses, graded, result, **options)}


def cluster(unit: Graded) -> str:
    return unit.image_id


def blind_summary(
    seeing: Sequence[Graded], blind: Sequence[Graded], *, parser: str = "strict", grader: str = "parser"
) -> dict[str, Any]:
    """How many questions the text alone answers (against chance: 1/2 true/false, 1/4 options), per
    category, and seeing minus blind accuracy on the questions answered both ways."""
    grading = parser if grader == "parser" else JUDGE
    plain = [row for row in blind if row.rotation == 0]
    both = paired([row for row in seeing if row.rotation == 0], plain, lambda row: row.id)
    headline = summary(plain, grading)
    keys = ("n", "accuracy", "tf_accuracy", "mc_accuracy", "parse_failure_rate")
    return {
        **{key: headline[key] for key in keys},
        "answerable": sum(1 for row in plain if row.correct(grading)),
        "chance": {"tf": 1 / 2, "mc": 1 / len(strict.OPTIONS)},
        "accuracy_by_category": {
            name: rate(rows, lambda row: row.correct(grading))
            for name, rows in grouped(plain, lambda row: row.category).items()
        },
        "seeing_minus_blind": {
            "accuracy": difference(
                rate([s for s, _ in both], lambda row: row.correct(grading)),
                rate([b for _, b in both], lambda row: row.correct(grading)),
            )
        },
    }


def _judge(
    parser: str,
    grader: str,
    judge: Judge | None,
    judge_url: str | None,
    judge_model: str | None,
    judge_votes: int | None,
    judge_timeout: float | None,
) -> Judge | None:
    """The judge the options name (None without one), once the parser and grader are known ones."""
    if parser not in PARSERS:
        raise UsageError(f"unknown parser {parser!r}; choose one of: {', '.join(PARSERS)}")
    if grader not in GRADER_CHOICES:
        raise UsageError(f"unknown grader {grader!r}; choose one of: {', '.join(GRADER_CHOICES)}")
    return judge or judge_from_options(judge_url, judge_model, judge_votes, judge_timeout)


def _check(grader: str, judge: Judge | None, questions: list[dict[str, Any]], step_by_step: object) -> None:
    if grader == JUDGE and judge is None:
        raise UsageError("--grader judge needs a judge: add --judge-url URL and --judge-model NAME")
    if questions and judge is not None and grader != JUDGE:
        raise UsageError(
            "the judge grades true/false and multiple-choice replies only with --grader judge; add it, "
            "or leave out --judge-url and --judge-model"
        )
    if questions and step_by_step is not None:
        raise UsageError(
            "--step-by-step replies answer the description prompts; score them with --split descriptions"
        )
