"""`python -m eval score illusionbench` options: the parser, the grader, and the judge when one grades.

The judge is named by `--judge-url` and `--judge-model` (its API key comes from the environment
only, see `judge`), or given from code as a `Judge`. `--step-by-step` holds the replies of the
step-by-step questioning, judged beside the description replies; `--write-review` and `--review`
are a person's check of the judge's verdicts (`review`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

from eval.scoring.illusionbench.metrics import JUDGE, PARSERS
from eval.scoring.judge import MAX_TIMEOUT, MAX_VOTES, Judge, judge_from_options
from eval.scoring.judge_options import JudgeModel, JudgeUrl
from eval.scoring.options import RECORDED, Flag, ScoreOptions, seconds, whole

#: `--grader` values: the `--parser` reads replies (the default), or the judge grades them.
GRADER_CHOICES = ("parser", JUDGE)


@dataclasses.dataclass(frozen=True)
class IllusionBenchOptions(ScoreOptions):
    """How IllusionBench+ replies are graded; `judge` is a `Judge` given from code (no flag)."""

    parser: Annotated[str, Flag("--parser", "how replies are read (default strict)", PARSERS), RECORDED] = (
        "strict"
    )
    grader: Annotated[
        str,
        Flag(
            "--grader",
            "who grades true/false and multiple-choice replies: the --parser (default) or the LLM judge "
            "(the paper's prompts, votes and majority; needs --judge-url and --judge-model)",
            GRADER_CHOICES,
        ),
        RECORDED,
    ] = "parser"
    judge_url: JudgeUrl = None
    judge_model: JudgeModel = None
    judge_votes: Annotated[
        int | None,
        Flag(
            "--judge-votes",
            f"judge calls per reply, 1 to {MAX_VOTES} (default 5)",
            parse=whole(1, MAX_VOTES, "a number of judge calls per reply"),
        ),
    ] = None
    judge_timeout: Annotated[
        float | None,
        Flag(
            "--judge-timeout",
            "seconds one attempt of a judge call may take in all, connecting to last byte (default 60; "
            f"at most {MAX_TIMEOUT:g})",
            parse=seconds(MAX_TIMEOUT),
        ),
    ] = None
    step_by_step: Annotated[
        Mapping[str, str] | Path | None,
        Flag(
            "--step-by-step",
            "replies of illusionbench_plus_<config>_stepbystep (its samples log) to judge beside "
            "--predictions of the descriptions split: the paper's step-by-step comparison",
            parse=Path,
        ),
    ] = None
    review: Annotated[
        Path | None,
        Flag(
            "--review",
            'a person\'s verdicts on judged replies (JSON lines {"id": ROW_ID, "correct": true|false}, '
            "as --write-review writes them): they replace the judge's (with --grader judge)",
            parse=Path,
        ),
    ] = None
    write_review: Annotated[
        Path | None,
        Flag(
            "--write-review",
            "write every reply the judge marked incorrect to this file, verdicts pre-filled, for a person "
            "to check and pass back with --review (with --grader judge)",
            parse=Path,
        ),
    ] = None
    judge: Judge | None = None

    @property
    def grading(self) -> str:
        """Who grades the questions: the parser's name, or "judge"."""
        return self.parser if self.grader == "parser" else JUDGE

    def for_blind(self) -> IllusionBenchOptions:
        """A review is of the seeing replies' verdicts: the blind run is judged, never reviewed."""
        return dataclasses.replace(self, review=None, write_review=None)

    def asked_judge(self) -> Judge | None:
        """The judge given, or the one the `judge_*` options name (None without one).

        Raises:
            UsageError: only one of `judge_url` and `judge_model`, or unusable votes or timeout.
        """
        return self.judge or judge_from_options(
            self.judge_url, self.judge_model, self.judge_votes, self.judge_timeout
        )
