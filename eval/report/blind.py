"""What the text alone gets: each family's figure of its blind numbers, when a model has a blind run.

A score gains a `blind` section from `eval score --blind B.jsonl` or, in an lmms-eval folder, from a
`<task>_noimage` twin's samples beside its task's. The figure joins its family's section only when
some model has one; `FIGURES` names the builder of each family, and `with_blind_figure` adds it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from eval.report import plots
from eval.report.figure import FamilyReport, Figure, Table, count, label, percent, signed_percent
from eval.report.section import ModelResults

TITLE = "Without the image: what the text alone gets"
Blind = list[tuple[str, str, Mapping[str, Any]]]  # (model, run, the score's `blind` section)


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


def _bars(
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


def _figure(
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


def vlmbias(found: Blind, colors: Mapping[str, str]) -> Figure:
    topics = sorted({topic for _, _, section in found for topic in section["prior_strength"]["by_topic"]})
    definition = (
        "Prior strength: how often the answer given without the image is the expected bias (the "
        "well-known count), per topic. Visual override, on rows answered both ways: how often seeing "
        "the image changed the answer, and changed it to the truth."
    )
    columns = (
        "Model",
        "Run",
        "Rows",
        "Prior strength %",
        "Blind accuracy %",
        "Changed %",
        "Changed to truth %",
    )
    rows = [
        (
            label(model),
            label(run),
            count(section["n"]),
            percent(section["prior_strength"]["all"]),
            percent(section["accuracy"]),
            percent(section["visual_override"]["changed"]),
            percent(section["visual_override"]["changed_to_truth"]),
        )
        for model, run, section in found
    ]
    panel = _bars(found, "Prior strength", topics, lambda s, t: s["prior_strength"]["by_topic"].get(t))
    return _figure(definition, found, colors, [panel], Table((*columns,), tuple(rows)))


def viprobe(found: Blind, colors: Mapping[str, str]) -> Figure:
    categories = ("size", "color", "orientation")
    definition = (
        "Asked without the image, a model can only read the question: TFI (the same answer to a question "
        "and its reversal) is then template fixation in its purest form; PFC the complementary answers. "
        "Seeing − blind: the same metric with the image minus without it, on the same images."
    )
    columns = ("Model", "Run", "Images", "TFI %", "PFC %", "PFA %", "Seeing − blind TFI pp")
    rows = [
        (
            label(model),
            label(run),
            count(section["images"]),
            percent(section["tfi"]),
            percent(section["pfc"]),
            percent(section["pfa"]),
            signed_percent(section["seeing_minus_blind"]["tfi"]),
        )
        for model, run, section in found
    ]
    panel = _bars(
        found, "TFI without the image", categories, lambda s, c: s["by_category"].get(c, {}).get("tfi")
    )
    return _figure(definition, found, colors, [panel], Table(columns, tuple(rows)))


def aipsych(found: Blind, colors: Mapping[str, str]) -> Figure:
    keys = (
        "trap_spotting",
        "authority_bias",
        "sycophancy_type1",
        "sycophancy_type2",
        "logical_inconsistency",
    )
    definition = (
        "The 4-prompt sets asked without the image: trap spotting is how often the text alone makes a "
        "model reject the false premise; seeing − blind is the same share with the image minus without, "
        "on the sets answered both ways."
    )
    columns = ("Model", "Run", "Sets", "Trap %", "Valid %", "Seeing − blind Trap pp")
    rows = [
        (
            label(model),
            label(run),
            count(section["answered_sets"]),
            percent(section["trap_spotting"]),
            percent(section["rates"]["valid_response"]),
            signed_percent(section["seeing_minus_blind"]["trap_spotting"]),
        )
        for model, run, section in found
    ]
    names = ("Trap", "AB", "SycoI", "SycoII", "LI")
    panel = _bars(found, "Share of classified sets", names, lambda s, n: s["rates"][keys[names.index(n)]])
    return _figure(definition, found, colors, [panel], Table(columns, tuple(rows)))


def visage(found: Blind, colors: Mapping[str, str]) -> Figure:
    conditions = ("1a", "1b", "1c", "1d", "2a", "2b", "2c")
    definition = (
        "The conditions asked without the image: the answers come from the names in the question alone "
        "(the semantic prior). Accuracy and the share of 'yes' per condition; seeing − blind on the "
        "rows answered both ways."
    )
    columns = ("Model", "Run", "Rows", "Accuracy %", *(f"{c} seeing − blind pp" for c in conditions))
    rows = [
        (
            label(model),
            label(run),
            count(section["condition_rows"]),
            percent(section["accuracy"]),
            *(signed_percent(section["seeing_minus_blind"][c]) for c in conditions),
        )
        for model, run, section in found
    ]
    panels = [
        _bars(found, "Accuracy without the image", conditions, lambda s, c: s["accuracy_by_condition"][c]),
        _bars(found, "Says yes", conditions, lambda s, c: s["yes_rate_by_condition"][c]),
    ]
    return _figure(definition, found, colors, panels, Table(columns, tuple(rows)))


def illusionbench(found: Blind, colors: Mapping[str, str]) -> Figure:
    definition = (
        "The questions asked without the image: the share answered right is how much of the benchmark "
        "the text alone answers (chance: 50 % true/false, 25 % for four options); seeing − blind on the "
        "questions answered both ways."
    )
    columns = (
        "Model",
        "Run",
        "Questions",
        "Answered right",
        "Accuracy %",
        "TF %",
        "MC %",
        "Seeing − blind pp",
    )
    rows = [
        (
            label(model),
            label(run),
            count(section["n"]),
            count(section["answerable"]),
            percent(section["accuracy"]),
            percent(section["tf_accuracy"]),
            percent(section["mc_accuracy"]),
            signed_percent(section["seeing_minus_blind"]["accuracy"]),
        )
        for model, run, section in found
    ]
    kinds = ("all", "true/false", "options")
    keys = {"all": "accuracy", "true/false": "tf_accuracy", "options": "mc_accuracy"}
    panel = _bars(found, "Accuracy without the image", kinds, lambda s, k: s[keys[k]])
    return _figure(definition, found, colors, [panel], Table(columns, tuple(rows)))


FIGURES: dict[str, Callable[[Blind, Mapping[str, str]], Figure]] = {
    "vlmbias": vlmbias,
    "viprobe": viprobe,
    "aipsych": aipsych,
    "visage": visage,
    "illusionbench": illusionbench,
}


def with_blind_figure(
    report: FamilyReport, models: Sequence[ModelResults], colors: Mapping[str, str]
) -> FamilyReport:
    """`report` with its family's blind figure last, when a model has a blind run."""
    found = blind_runs(models)
    build = FIGURES.get(report.name)
    if not found or build is None:
        return report
    return dataclasses.replace(report, figures=(*report.figures, build(found, colors)))
