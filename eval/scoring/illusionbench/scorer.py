"""IllusionBench+'s `Scorer`: outcomes under every grader, the paper's metrics, judged descriptions.

Scoring is two steps: `grade_rows` (one `Graded` per reply to a true/false or multiple-choice row,
rotations of circular runs included, every grader's reading and any judge votes in it) and
`aggregate` (the metrics over those outcomes under the chosen grader: accuracy per question type,
category and difficulty, the false-positive ratio, parse failures, every grader side by side, and
plain and circular accuracy for circular runs). Aggregates never call the judge again, so they can
be recomputed over any resample of the outcomes. `describe` adds what is not resampled: the judge's
identity, the replies a person should review and what a person's review changed (`review`), and the
judged descriptions (the judge's 0-2 preciseness and the step-by-step comparison). Outcomes are
resampled by image (its questions and their rotations go together). Without the image (`--blind`),
the share answered right is how many questions the text alone answers.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from eval.errors import UsageError
from eval.predictions import read_responses
from eval.scoring.blind import difference, grouped, paired
from eval.scoring.bootstrap import rate
from eval.scoring.illusionbench import circular, descriptions, strict, verdicts
from eval.scoring.illusionbench.metrics import (
    JUDGE,
    Graded,
    grade,
    graders_for,
    question_type_name,
    report,
    summary,
)
from eval.scoring.illusionbench.options import IllusionBenchOptions
from eval.scoring.illusionbench.review import apply_review, read_review, review_lines, reviewed, write_review
from eval.scoring.judge import Judge
from eval.scoring.scorer import Scorer

Row = Mapping[str, Any]


def outcomes(
    rows: Sequence[Row],
    responses: Mapping[str, str],
    judge: Judge | None = None,
    review: Path | None = None,
) -> list[Graded]:
    """One `Graded` per reply to a true/false or multiple-choice row (rotations of circular runs
    included), with the judge's votes when a judge is given and a person's verdicts from the `review`
    file over the judge's; rows without a reply are left out. The review is read and checked
    against the replies before the judge is called."""
    asked = []
    for row in rows:
        if question_type_name(row["question_type"]) not in ("tf", "mc"):
            continue
        rotated = any(circular.rotation_id(row["id"], k) in responses for k in (1, 2, 3))
        for variant in circular.expand(dict(row)) if rotated else [dict(row)]:
            if variant["id"] in responses:
                reply = responses[variant["id"]]
                asked.append((variant, reply, grade(variant, reply)))
    graded = [graded for _, _, graded in asked]
    person = None if review is None else (read_review(review), review)
    if person:
        apply_review(graded, *person)  # an id of no reply is refused before the judge is called
    if judge is not None:
        graded = verdicts.judge_replies(asked, judge)
    return apply_review(graded, *person) if person else graded


def measured(graded: Sequence[Graded], grader: str = "strict") -> dict[str, Any]:
    """Every metric under `grader`: the plain ones and, for a circular run, plain and circular accuracy."""
    result = report(graded, grader)
    found = circular.circular_report(graded, graders_for(graded, grader))
    if found is not None:
        result["circular"] = found
    return result


def grade_rows(
    rows: Sequence[Row], responses: Mapping[str, str], options: IllusionBenchOptions
) -> list[Graded]:
    """The outcomes of the true/false and multiple-choice rows that have a reply, judged when the
    judge grades.

    Raises:
        UsageError: the judge grades without a judge, a judge is given for question rows that the
            parser grades, step-by-step replies come with question rows, a review is asked for
            without the judge, or `write_review` names a file that exists (see `review`).
    """
    judge = options.asked_judge()
    questions = [row for row in rows if question_type_name(row["question_type"]) in ("tf", "mc")]
    if options.grader == JUDGE and judge is None:
        raise UsageError("--grader judge needs a judge: add --judge-url URL and --judge-model NAME")
    if questions and judge is not None and options.grader != JUDGE:
        raise UsageError(
            "the judge grades true/false and multiple-choice replies only with --grader judge; add it, "
            "or leave out --judge-url and --judge-model"
        )
    if questions and options.step_by_step is not None:
        raise UsageError(
            "--step-by-step replies answer the description prompts; score them with --split descriptions"
        )
    if (options.review or options.write_review) and options.grader != JUDGE:
        raise UsageError("--review and --write-review check the judge's verdicts; add --grader judge")
    if options.review and options.write_review:
        raise UsageError(
            "--write-review writes the list a person fills in and --review reads it back; give one of them"
        )
    if options.write_review is not None and os.path.lexists(options.write_review):
        raise UsageError(
            f"{str(options.write_review)!r} exists, and --write-review would replace it (an input, or a "
            "review a person filled in); remove it or choose another name"
        )
    return outcomes(questions, responses, judge if options.grader == JUDGE else None, options.review)


def aggregate(graded: Sequence[Graded], options: IllusionBenchOptions) -> dict[str, Any]:
    """The metrics of some outcomes, read by the parser, or by the judge when it grades."""
    return {**measured(graded, options.grading), "parser": options.parser}


def describe(
    rows: Sequence[Row],
    responses: Mapping[str, str],
    graded: Sequence[Graded],
    result: Mapping[str, Any],
    options: IllusionBenchOptions,
) -> dict[str, Any]:
    """What is not resampled: the judge's identity and review list, the judged descriptions, and `n`."""
    judge = options.asked_judge()
    step_by_step = options.step_by_step
    later = (
        read_responses(step_by_step, "--step-by-step file")
        if isinstance(step_by_step, Path)
        else step_by_step
    )
    found: dict[str, Any] = {}
    if options.grader == JUDGE and judge is not None:
        found["judge"] = {
            **verdicts.graded_by(graded, judge.identity()),
            "review": verdicts.review(graded, responses),
            "reviewed": reviewed(graded),
        }
        if options.write_review is not None:
            write_review(options.write_review, review_lines(graded, rows, responses))
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


def cluster(unit: Graded) -> str:
    return unit.image_id


def blind_summary(
    seeing: Sequence[Graded], blind: Sequence[Graded], options: IllusionBenchOptions
) -> dict[str, Any]:
    """How many questions the text alone answers (against chance: 1/2 true/false, 1/4 options), per
    category, and seeing minus blind accuracy on the questions answered both ways."""
    grading = options.grading
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


SCORER = Scorer(
    unit=Graded,
    options=IllusionBenchOptions,
    grade_rows=grade_rows,
    aggregate=aggregate,
    cluster=cluster,
    cluster_description="image (image_id): its true/false and multiple-choice questions and their rotations",
    blind_summary=blind_summary,
    headline=("accuracy", "tf_accuracy", "mc_accuracy", "fp_ratio", "parse_failure_rate"),
    describe=describe,
    row_id_of=circular.row_id,
    correct=lambda unit, options: unit.correct(options.parser),
)
