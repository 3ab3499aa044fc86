"""What the text alone gets: each family's figure of its blind numbers, when a model has a blind run.

A score gains a `blind` section from `eval score --blind B.jsonl` or, in an lmms-eval folder, from a
`<task>_noimage` twin's samples beside its task's. Each family's section draws its own figure of
them (`FamilySection.blind`, built with `bars` and `figure` here); it joins the family's part of the
page only when some model has a blind run (`with_blind_figure`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from eval.report import plots
from eval.report.figure import FamilyReport, Figure, Table
from eval.report.section import Blind, FamilySection, ModelResults

TITLE = "Without the image: what the text alone gets"


def blind_runs(models: Sequence[ModelResults]) -> Blind:
    """(model, run, blind section) of every result with a blind run, in the models' order."""
    found = []
    for model in models:
        for (split, variant), result in sorted(model.results.items()):
            section = result.score.get("blind")
            if isinstance(section, Mapping):
                found.append((model.label, f"{split} ({variant})" if variant else split, section))
    return found


def _names(found: Blind) -> list[str]:
    """A bar series per model and run ("gpt-4.1 · main"), or per model when each has one run."""
    single = len({model for model, _, _ in found}) == len(found)
    return [model if single else f"{model} · {run}" for model, run, _ in found]


def _colors(found: Blind, colors: Mapping[str, str]) -> dict[str, str]:
    return {name: colors[model] for name, (model, _, _) in zip(_names(found), found, strict=True)}


def bars(
    found: Blind, title: str, groups: Sequence[str], values: Callable[[Mapping[str, Any], str], Any]
) -> plots.Bars:
    return plots.Bars(
        title,
        tuple(groups),
        tuple(
            (name, tuple(values(section, g) for g in groups))
            for name, (_, _, section) in zip(_names(found), found, strict=True)
        ),
    )


def figure(
    definition: str,
    found: Blind,
    colors: Mapping[str, str],
    panels: list[plots.Bars],
    table: Table,
    *,
    signed: bool = False,
) -> Figure:
    svg = plots.bar_chart(panels, _colors(found, colors), ylabel="%", signed=signed)
    return Figure("blind", TITLE, definition, svg, table)


def with_blind_figure(
    report: FamilyReport, section: FamilySection, models: Sequence[ModelResults], colors: Mapping[str, str]
) -> FamilyReport:
    """`report` with its family's blind figure last, when a model has a blind run."""
    found = blind_runs(models)
    if not found:
        return report
    return dataclasses.replace(report, figures=(*report.figures, section.blind(found, colors)))
