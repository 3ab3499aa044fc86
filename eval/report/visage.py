"""VISaGE on the report page: accuracy per condition, the paper's condition differences, recognition.

Reads the `eval score visage` JSON (`eval.scoring.visage.report`): the `test` split for the seven
conditions, the `recognition` split for "What is this object?". The paper's Table 2 (accuracy per
condition on its photos, specs/other_benchmarks.md §4.5) gives the reference rows; the differences
in its rows are computed from that table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eval.report import blind, plots
from eval.report.figure import (
    GAP,
    Cell,
    FamilyReport,
    Figure,
    Table,
    count,
    label,
    omitted,
    percent,
    printed,
    signed_percent,
    with_paper,
)
from eval.report.paper import PaperTable
from eval.report.section import Blind, FamilySection, ModelResults, Result, results_of, scores_of
from eval.scoring.visage import CONDITIONS, EFFECTS, IMAGE_TYPES

TEST, RECOGNITION = "test", "recognition"
#: Every condition difference the scorer reports, as (minuend, subtrahend), in the paper's order.
DIFFERENCES = tuple(pair for pairs in EFFECTS.values() for pair in pairs)
#: The seven conditions: (query about, name used, image shown).
CONDITION_TEXT = {
    "1a": "the kind, named by its category, over a typical image (congruent; right answer yes)",
    "1b": "the kind, named by its category, over an exceptional image (incongruent; yes)",
    "1c": "the kind, named by the exception, over an exceptional image (congruent; no)",
    "1d": "the kind, named by the exception, over a typical image (incongruent; no)",
    "2a": "the pictured object, named by its category, typical image (congruent; yes)",
    "2b": "the pictured object, named by its category, exceptional image (incongruent; no)",
    "2c": "the pictured object, named by the exception, exceptional image (congruent; no)",
}
DIFFERENCE_TEXT = {
    ("1a", "1b"): "congruency effect on questions about the kind: what an incongruent image costs",
    ("1c", "1d"): "congruency effect when the exception is named",
    ("2a", "2b"): "semantic prior: the category's name over an exceptional picture",
    ("2c", "2b"): "naming rescue: naming the exception instead of the category",
    ("1a", "2a"): "concept minus instance, typical image named by its category",
    ("1b", "2b"): "concept minus instance, exceptional image named by its category",
    ("1c", "2c"): "concept minus instance, exceptional image named by the exception",
}
#: What each column of the VISaGE tables means.
DEFINITIONS = {
    "Accuracy %": "replies whose first word is the right yes or no / rows of split test (none for split "
    "recognition: see Recognised %)",
    "Recognised %": "share of the recognition split's replies to “What is this object?” that name the "
    "object (category or exception)",
    **{
        f"{code} %": f"accuracy on condition {code}: a question about {text}"
        for code, text in CONDITION_TEXT.items()
    },
    **{
        f"{a}−{b} pp": f"Acc({a}) − Acc({b}) in percentage points: {text}"
        for (a, b), text in DIFFERENCE_TEXT.items()
    },
    "Images": "the recognition split's typical or exceptional images",
    "Named %": "replies naming the object (the category, or the exception's name)",
    "Category named %": "replies naming at least the object's category",
}

#: Accuracy per condition, as printed (fractions there, percent here).
VISAGE_TABLE_2 = PaperTable(
    source="VISaGE paper, Table 2, on its photos (specs/other_benchmarks.md §4.5)",
    columns=CONDITIONS,
    rows={
        "smolvlm2": (86.57, 43.72, 68.33, 53.40, 85.13, 65.40, 66.77),
        "deepseek-vl2-tiny": (78.51, 27.55, 78.39, 62.27, 68.27, 84.13, 86.45),
        "paligemma2-3b": (64.27, 15.87, 81.39, 71.58, 57.78, 78.83, 76.64),
        "phi3.5-v": (82.57, 47.16, 66.40, 47.85, 84.57, 61.46, 67.71),
        "gemma3-4B": (80.95, 34.10, 69.71, 74.89, 79.51, 68.33, 69.64),
        "phi4-mm": (75.33, 39.29, 81.82, 71.14, 71.21, 77.14, 83.14),
        "llava-next-7b": (93.19, 67.58, 51.47, 32.79, 90.94, 53.28, 58.96),
        "molmo-7B": (78.58, 38.29, 80.45, 72.27, 71.89, 83.76, 82.95),
        "idefics3-8B": (85.07, 38.04, 71.64, 45.22, 85.70, 69.64, 70.02),
        "internvl3-8B": (91.82, 44.22, 70.83, 49.34, 89.32, 70.21, 71.77),
        "gemma3-12B": (87.38, 36.48, 78.51, 80.89, 83.26, 70.64, 76.08),
    },
)


def family_report(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> FamilyReport:
    tested, recognised = results_of(models, TEST), results_of(models, RECOGNITION)
    figures = (_conditions(tested, colors), _differences(tested, colors), _recognition(recognised, colors))
    return FamilyReport("visage", "VISaGE", _overview(models), figures, DEFINITIONS)


def _overview(models: tuple[ModelResults, ...]) -> Table:
    columns = ("Model", "Split", "Config", "Rows", "Accuracy %", "Parse failures %", "Recognised %")
    rows = []
    for model in models:
        for (split, _), result in sorted(model.results.items()):
            score, recognition = result.score, result.score["recognition"] or {}
            rows.append(
                (
                    label(model.label),
                    label(split),
                    label(result.config),
                    count(score["n"]),
                    percent(score["accuracy"]),
                    percent(score["parse_failure_rate"]),
                    percent(recognition.get("accuracy")),
                )
            )
    return Table(columns, tuple(rows))


def _conditions(tested: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "Accuracy per condition"
    definition = (
        "Accuracy = replies whose first word is the right yes/no / rows, per condition: 1a-1d ask about "
        "the kind, 2a-2c about the pictured object; a/c congruent name and image, b/d not."
    )
    columns = ("Model", "Rows", *(f"{code} %" for code in CONDITIONS), "Parse failures %")
    if not tested:
        return omitted("conditions", title, definition, columns, "no model has a score of split test")
    series = tuple(
        (model, tuple(result.score["accuracy_by_condition"][code] for code in CONDITIONS))
        for model, result in tested
    )
    rows = [
        (
            label(model),
            count(result.score["n"]),
            *(percent(result.score["accuracy_by_condition"][code]) for code in CONDITIONS),
            percent(result.score["parse_failure_rate"]),
        )
        for model, result in tested
    ]
    reference = VISAGE_TABLE_2
    paper_rows = [
        (label(f"{name} (paper)"), GAP, *(printed(reference.value(name, code)) for code in CONDITIONS), GAP)
        for _, name in reference.matching(model for model, _ in tested)
    ]
    svg = plots.bar_chart([plots.Bars("Accuracy", CONDITIONS, series)], colors, ylabel="%")
    return Figure("conditions", title, definition, svg, with_paper(columns, rows, paper_rows, reference))


def _differences(tested: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "Condition differences: congruency, semantic prior, naming rescue, concept minus instance"
    definition = (
        "Accuracy differences in points: 1a−1b and 1c−1d (an incongruent image costs a question about "
        "the kind), 2a−2b (the category's name over an exceptional picture), 2c−2b (naming the "
        "exception rescues), 1a−2a, 1b−2b, 1c−2c (concept minus instance); rows marked name_reveals "
        "false leave out tuples whose exception's name states the violation (“maneless lion”)."
    )
    names = tuple(f"{a}−{b}" for a, b in DIFFERENCES)
    columns = ("Model", *(f"{name} pp" for name in names))
    if not tested:
        return omitted("differences", title, definition, columns, "no model has a score of split test")
    found = [(model, _differences_of(result.score)) for model, result in tested]
    series = tuple((model, values) for model, values in found)
    rows = [(label(model), *(signed_percent(value) for value in values)) for model, values in found]
    # The same differences without tuples whose exception's name states the violation.
    rows += [
        (label(f"{model}, name_reveals false"), *(signed_percent(v) for v in _differences_of(hidden)))
        for model, result in tested
        if (hidden := result.score.get("name_reveals_false")) and hidden["condition_rows"]
    ]
    reference = VISAGE_TABLE_2
    paper_rows = [
        (label(f"{name} (paper)"), *(_paper_difference(name, a, b) for a, b in DIFFERENCES))
        for _, name in reference.matching(model for model, _ in tested)
    ]
    svg = plots.bar_chart(
        [plots.Bars("Accuracy difference", names, series)], colors, ylabel="pp", signed=True
    )
    return Figure("differences", title, definition, svg, with_paper(columns, rows, paper_rows, reference))


def _differences_of(score: Mapping[str, Any]) -> tuple[float | None, ...]:
    effects = {pair: value for group in score["effects"].values() for pair, value in group.items()}
    return tuple(effects[f"{a}-{b}"] for a, b in DIFFERENCES)


def _paper_difference(model: str, a: str, b: str) -> Cell:
    value = VISAGE_TABLE_2.value(model, a) - VISAGE_TABLE_2.value(model, b)
    return Cell(f"{value:+.2f}", value / 100)


def _recognition(recognised: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "Recognition: is the drawing seen as what it is?"
    definition = (
        "Share of typical and exceptional images whose reply to “What is this object?” names the object "
        "(the category, or the exception's name) or at least its category; read it before the effects."
    )
    columns = ("Images", "Model", "Rows", "Named %", "Category named %")
    found = scores_of(recognised, "recognition")
    if not found:
        return omitted(
            "recognition",
            title,
            definition,
            columns,
            "no model has a score of split recognition (run visage_<config>_recognition)",
        )
    panels = [
        plots.Bars(
            name,
            ("typical", "exception"),
            tuple(
                (model, tuple(rates["by_image_type"][kind][key] for kind in IMAGE_TYPES))
                for model, rates in found
            ),
        )
        for name, key in (("Named", "accuracy"), ("Category named", "category_accuracy"))
    ]
    rows = [
        (
            label(kind),
            label(model),
            count(rates["by_image_type"][kind]["n"]),
            percent(rates["by_image_type"][kind]["accuracy"]),
            percent(rates["by_image_type"][kind]["category_accuracy"]),
        )
        for kind in IMAGE_TYPES
        for model, rates in found
    ]
    svg = plots.bar_chart(panels, colors, ylabel="%")
    return Figure("recognition", title, definition, svg, Table(columns, tuple(rows)))


def blind_figure(found: Blind, colors: Mapping[str, str]) -> Figure:
    """What the text alone gets (the figure a blind run adds)."""
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
        blind.bars(
            found, "Accuracy without the image", conditions, lambda s, c: s["accuracy_by_condition"][c]
        ),
        blind.bars(found, "Says yes", conditions, lambda s, c: s["yes_rate_by_condition"][c]),
    ]
    return blind.figure(definition, found, colors, panels, Table(columns, tuple(rows)))


SECTION = FamilySection(
    name="visage",
    title="VISaGE",
    score_keys=(
        "n",
        "accuracy",
        "parse_failure_rate",
        "accuracy_by_condition",
        "effects",
        "by_category",
        "recognition",
    ),
    blind=blind_figure,
    report=family_report,
)
