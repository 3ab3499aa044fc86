"""VLMBias's `Scorer`: grade every reply, then every metric and its interval, by either parser or a judge.

`--grader judge` grades as VLMEvalKit's `VLMBias` does (`judging`): the brace template first, an LLM
judge only for the rows it misses; the judge's readings are kept in each row's outcome, so the
metrics (and their intervals) never call it again, and `parsers` puts its numbers beside both
parsers'. Rows are resampled by drawing (`Graded.drawing`): an image at all its resolutions asks one
question. Without the image (`--blind`, the `_noimage` tasks), the answers show the prior itself:
its strength is how often the blind answer is the expected bias (per topic and sub-topic), and on
rows answered both ways the visual override is how often seeing the image changed the answer, and
changed it to the truth.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from eval.errors import UsageError
from eval.scoring.blind import difference, grouped, paired, paired_rate
from eval.scoring.judge import Judge, judge_from_options
from eval.scoring.judge_options import JudgeModel, JudgeUrl
from eval.scoring.options import RECORDED, Flag, ScoreOptions
from eval.scoring.scorer import Scorer
from eval.scoring.vlmbias import background
from eval.scoring.vlmbias.grading import JUDGE, PARSERS, Graded, grade
from eval.scoring.vlmbias.judging import graded_by, judge_rows
from eval.scoring.vlmbias.metrics import accuracy, bias_aligned_rate, parse_failure_rate, report

#: `--grader` values: the `--parser` reads replies (the default), or VLMEvalKit's template and a judge.
GRADER_CHOICES = ("parser", JUDGE)


@dataclasses.dataclass(frozen=True)
class VLMBiasOptions(ScoreOptions):
    """`python -m eval score vlmbias` options; `judge` is a `Judge` given from code (no flag)."""

    parser: Annotated[
        str,
        Flag(
            "--parser",
            "how replies are read: strict (default) or lmms-eval (its vlms_are_biased rules, digits joined)",
            PARSERS,
        ),
        RECORDED,
    ] = "strict"
    grader: Annotated[
        str,
        Flag(
            "--grader",
            "who grades: the --parser (default), or an LLM judge (vlmbias: VLMEvalKit's VLMBias, brace "
            "template first, the judge where it misses; needs --judge-url and --judge-model)",
            GRADER_CHOICES,
        ),
        RECORDED,
    ] = "parser"
    judge_url: JudgeUrl = None
    judge_model: JudgeModel = None
    judge: Judge | None = None

    @property
    def grading(self) -> str:
        """The reading the metrics use: the parser's name, or "judge"."""
        return self.parser if self.grader == "parser" else JUDGE

    def asked_judge(self) -> Judge | None:
        """The judge given, or the one `judge_url` and `judge_model` name (None without one).

        Raises:
            UsageError: only one of `judge_url` and `judge_model`.
        """
        return self.judge or judge_from_options(self.judge_url, self.judge_model)


def grade_rows(
    rows: Sequence[Mapping[str, Any]], replies: Mapping[str, str], options: VLMBiasOptions
) -> list[Graded]:
    """The graded rows that have a reply (keyed by the rows' `id`), judged where the judge grades.

    Raises:
        UsageError: the judge grades without a judge, or a judge is given while the parser grades.
        JudgeError: a judge call failed.
    """
    graded = [grade(row, replies[row["id"]]) for row in rows if row["id"] in replies]
    judge = options.asked_judge()
    if options.grader != JUDGE:
        if judge is not None:
            raise UsageError(
                "the judge grades VLMBias replies only with --grader judge; add it, or leave out "
                "--judge-url and --judge-model"
            )
        return graded
    if judge is None:
        raise UsageError("--grader judge needs a judge: add --judge-url URL and --judge-model NAME")
    return judge_rows(graded, {str(row["ID"]): str(row["ground_truth"]) for row in rows}, judge)


def aggregate(units: Sequence[Graded], options: VLMBiasOptions) -> dict[str, Any]:
    """Every metric; with rows of both an image and its background-removed twin, also `background`."""
    found = {"n": len(units), **report(units, options.grading)}
    with_and_without = background.compared(units, options.grading)
    return found if with_and_without is None else {**found, "background": with_and_without}


def describe(
    rows: Sequence[Mapping[str, Any]],
    replies: Mapping[str, str],
    units: Sequence[Graded],
    result: Mapping[str, Any],
    options: VLMBiasOptions,
) -> dict[str, Any]:
    """What is not resampled: under the judge grader, who judged and the judge's readings per row."""
    if options.grader != JUDGE:
        return {}
    judge = options.asked_judge()
    return {"judge": graded_by(units, {} if judge is None else judge.identity())}


def cluster(unit: Graded) -> str:
    return background.drawing(unit)


def blind_summary(
    seeing: Sequence[Graded], blind: Sequence[Graded], options: VLMBiasOptions
) -> dict[str, Any]:
    """The prior's strength in the blind answers and, on rows answered both ways, the visual override."""
    parser = options.grading
    both = paired(seeing, blind, lambda row: row.ID)

    def changed(pair: tuple[Graded, Graded]) -> bool:
        return pair[0].answer_under(parser) != pair[1].answer_under(parser)

    def override(pairs: list[tuple[Graded, Graded]]) -> dict[str, Any]:
        return {
            "rows": len(pairs),
            "changed": paired_rate(pairs, changed),
            "changed_to_truth": paired_rate(pairs, lambda p: changed(p) and p[0].correct_under(parser)),
        }

    def prior(rows: Sequence[Graded]) -> Any:
        return bias_aligned_rate(rows, parser)

    seen, unseen = [s for s, _ in both], [b for _, b in both]
    return {
        "n": len(blind),
        "accuracy": accuracy(blind, parser),
        "parse_failure_rate": parse_failure_rate(blind, parser),
        "prior_strength": {
            "all": prior(blind),
            "by_topic": {name: prior(rows) for name, rows in grouped(blind, lambda r: r.topic).items()},
            "by_sub_topic": {
                name: prior(rows) for name, rows in grouped(blind, lambda r: r.sub_topic).items()
            },
        },
        "visual_override": {
            **override(both),
            "by_topic": {
                name: override(pairs) for name, pairs in grouped(both, lambda p: p[0].topic).items()
            },
        },
        "seeing_minus_blind": {
            "accuracy": difference(accuracy(seen, parser), accuracy(unseen, parser)),
            "bias_aligned_rate": difference(prior(seen), prior(unseen)),
        },
    }


SCORER = Scorer(
    unit=Graded,
    options=VLMBiasOptions,
    grade_rows=grade_rows,
    aggregate=aggregate,
    cluster=cluster,
    cluster_description=(
        "drawing: the rows of an image at all its resolutions (image_id without _px<size>), "
        "with and without its background"
    ),
    blind_summary=blind_summary,
    describe=describe,
    headline=(
        "accuracy_item_mean",
        "accuracy_task_mean",
        "bias_aligned_over_all_item_mean",
        "bias_aligned_over_wrong_item_mean",
        "parse_failure_rate",
    ),
    correct=lambda unit, options: unit.correct_under(options.grading),
)
