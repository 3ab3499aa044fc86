"""The seam between the report and a family: what each family's report module declares, in one record.

A family joins the report with one module (`eval/report/<family>.py`) that builds a `FamilySection`,
which its `FamilyEval` names (`eval.family`). The section says which score JSONs are the family's and
which figures the page shows; which lmms-eval tasks are the family's, and what they score, comes from
its task declaration (`FamilyTasks.task_key`), and the graded records of a samples log become the
score JSON `python -m eval score` writes through the family's scorer (`eval.scoring.score.score_log`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from eval.report.figure import FamilyReport, Figure


@dataclasses.dataclass(frozen=True)
class Result:
    """One model's score of one family's split: the `eval score` JSON and where it came from.

    `variant` names a prompt variant of the same split run as its own lmms-eval task (VLMBias's
    debiased and double-check tasks, lmms-eval's own `vlms_are_biased`); it is empty otherwise, and
    always for a score JSON. `records` are the per-row graded records the score was computed from,
    when the source holds them (an lmms-eval samples log does, and a score JSON's `outcomes`), and
    `blind_records` those of its `_noimage` twins' (or `--blind`) replies; `options` the scoring
    options they were scored with: results of several configs are merged by scoring them pooled.
    """

    label: str
    family: str
    config: str
    split: str
    variant: str
    score: Mapping[str, Any]
    source: str
    records: tuple[Mapping[str, Any], ...] | None = None
    blind_records: tuple[Mapping[str, Any], ...] | None = None
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Skipped:
    """An input the report does not show, and why: listed on the page and on standard error."""

    label: str
    source: str
    reason: str


@dataclasses.dataclass(frozen=True)
class ModelResults:
    """Everything one model (label) has in one family, by (split, variant)."""

    label: str
    results: Mapping[tuple[str, str], Result]

    def get(self, split: str, variant: str = "") -> Result | None:
        return self.results.get((split, variant))


def results_of(models: tuple[ModelResults, ...], split: str) -> list[tuple[str, Result]]:
    """(label, result) of every model with a score of `split`, in the models' order."""
    return [(model.label, result) for model in models if (result := model.get(split)) is not None]


def scores_of(results: list[tuple[str, Result]], key: str) -> list[tuple[str, Any]]:
    """(label, score[key]) of every result whose score has a value for `key` (None: not measured)."""
    return [(label, value) for label, result in results if (value := result.score[key]) is not None]


#: (model, run, the score's `blind` section) of every result with a blind run, in the models' order.
Blind = list[tuple[str, str, Mapping[str, Any]]]


@dataclasses.dataclass(frozen=True)
class FamilySection:
    """How one family is read and drawn.

    - `name`: the family as `eval score` JSONs name it; `title`: its heading on the page.
    - `score_keys`: keys every score JSON of the family has (anything else is not its score).
    - `report`: the models' results (sorted by label) and a colour per label to the family's part of
      the page.
    - `blind`: the figure of what its models get without the image, drawn when one has a blind run.
    - `variant_of`: the variant a result of a config is kept under, when its task declares none. ""
      (the default) pools it with the label's other configs of its split; a name keeps it apart
      (AIpsych's configs are separate measurements).
    """

    name: str
    title: str
    score_keys: tuple[str, ...]
    report: Callable[[tuple[ModelResults, ...], Mapping[str, str]], FamilyReport]
    blind: Callable[[Blind, Mapping[str, str]], Figure]
    variant_of: Callable[[str], str] = lambda config: ""
