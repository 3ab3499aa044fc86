"""VLMBias on the report page: topics, prompt variants, illusion originals and resolutions.

Reads the `eval score vlmbias` JSON (`eval.scoring.vlmbias.metrics.report` plus the split it scored). The
paper's figures are per-topic tables (Tables 2, 3, 5 of the paper); each becomes a bar chart with
the models side by side and the same numbers in a table, paper rows apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eval.report import blind, paper, plots
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
from eval.report.section import Blind, FamilySection, ModelResults, Result, results_of, scores_of

SPLITS = ("main", "identification", "withtitle", "original", "remove_background_q1q2", "remove_background_q3")
#: Our prompt variants, then lmms-eval's own task run on the build (its 32 tokens and its parser).
VARIANTS = ("debiased", "doublecheck", "vlms_are_biased")
#: Prompt variants as the paper's Table 5 names them: (column, split, variant).
PROMPTS = (
    ("baseline", "main", ""),
    ("in-image title", "withtitle", ""),
    ("debiased prompt", "main", "debiased"),
    ("double-check", "main", "doublecheck"),
)
RATE_COLUMNS = ("Rows", "Accuracy %", "Bias-aligned %", "Parse failures %")
#: What each column of the VLMBias tables means.
DEFINITIONS = {
    "Topic": "the VLMBias topic (one config each), as the release names it; “Task mean” rows average them",
    "Accuracy %": "answers equal to the ground truth / rows",
    "Task mean %": "the unweighted mean of the per-topic accuracies: the paper's headline number",
    "Bias-aligned %": "answers equal to the expected (prior-knowledge) answer / rows that have one",
    "Bias-aligned share of errors %": "bias-aligned answers / wrong answers that parsed: the paper's "
    "share of errors that follow the prior",
    "Prompt": "the prompt variant: baseline (split main), in-image title (split withtitle: the subject's "
    "name drawn above the image), debiased prompt, double-check (a second turn asking to re-check)",
    "Δ vs baseline pp": "the variant's task mean minus the baseline's, in percentage points",
    "Images": "Optical Illusion images: original (unmodified; the right answer is that the parts are "
    "equal) or counterfactual (modified so that they differ)",
    "Resolution px": "the image's longest side in pixels",
}


def family_report(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> FamilyReport:
    return FamilyReport(
        "vlmbias",
        "VLMBias",
        _overview(models),
        (
            _topics(models, colors),
            _prompts(models, colors),
            _illusions(models, colors),
            _pixels(models, colors),
        ),
        DEFINITIONS,
    )


def _overview(models: tuple[ModelResults, ...]) -> Table:
    rows = []
    for model in models:
        for (split, variant), result in sorted(model.results.items(), key=lambda item: _run_order(item[0])):
            score = result.score
            rows.append(
                (
                    label(model.label),
                    label(f"{split} ({variant})" if variant else split),
                    label(result.config),
                    count(score["n"]),
                    percent(score["accuracy"]),
                    percent(score["task_mean"]),
                    percent(score["bias_aligned_rate"]),
                    percent(score["bias_aligned_share_of_wrong"]),
                    percent(score["parse_failure_rate"]),
                )
            )
    columns = ("Model", "Split", "Config", "Rows", "Accuracy %", "Task mean %", "Bias-aligned %")
    return Table((*columns, "Bias-aligned share of errors %", "Parse failures %"), tuple(rows))


def _run_order(key: tuple[str, str]) -> tuple[int, int]:
    split, variant = key
    return SPLITS.index(split) if split in SPLITS else len(SPLITS), ("", *VARIANTS).index(variant)


def _rates(summary: Mapping[str, Any]) -> tuple[Cell, ...]:
    return (
        count(summary["n"]),
        percent(summary["accuracy"]),
        percent(summary["bias_aligned_rate"]),
        percent(summary["parse_failure_rate"]),
    )


def _topics(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> Figure:
    title = "Accuracy and bias-aligned rate per topic"
    definition = (
        "Accuracy = correct answers / rows; bias-aligned rate = answers equal to the expected "
        "(prior-knowledge) answer / rows; counterfactual images (split main), Q1 and Q2 pooled over "
        "resolutions; "
        "task mean = unweighted mean of the topic accuracies."
    )
    columns = ("Topic", "Model", *RATE_COLUMNS)
    main = results_of(models, "main")
    if not main:
        return omitted("topics", title, definition, columns, "no model has a score of split main")
    present = {topic for _, result in main for topic in result.score["by_topic"]}
    topics = tuple(t for t in paper.VLMBIAS_TOPICS if t in present) + tuple(
        sorted(present - set(paper.VLMBIAS_TOPICS))
    )
    panels = [
        plots.Bars(
            name,
            topics,
            tuple(
                (model, tuple(result.score["by_topic"].get(t, {}).get(metric) for t in topics))
                for model, result in main
            ),
        )
        for name, metric in (("Accuracy", "accuracy"), ("Bias-aligned rate", "bias_aligned_rate"))
    ]
    rows = [
        (label(topic), label(model), *_rates(result.score["by_topic"][topic]))
        for topic in topics
        for model, result in main
        if topic in result.score["by_topic"]
    ]
    rows += [
        (
            label("Task mean"),
            label(model),
            GAP,
            percent(result.score["task_mean"]),
            GAP,
            GAP,
        )
        for model, result in main
    ]
    reference = paper.VLMBIAS_TABLE_2
    paper_rows = [
        (
            label(topic),
            label(f"{name} (paper)"),
            GAP,
            printed(reference.value(name, topic)),
            GAP,
            GAP,
        )
        for topic in (*[t for t in topics if t in reference.columns], "Task mean")
        for _, name in reference.matching(model for model, _ in main)
    ]
    svg = plots.bar_chart(panels, colors, ylabel="%")
    return Figure("topics", title, definition, svg, with_paper(columns, rows, paper_rows, reference))


def _prompts(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> Figure:
    title = "Task mean with vs without an in-image title (and other prompt variants)"
    definition = (
        "Task mean (unweighted mean of topic accuracies) on counterfactual images for each prompt variant; "
        "the title bar names the subject inside the image (split withtitle)."
    )
    columns = ("Prompt", "Model", "Rows", "Task mean %", "Δ vs baseline pp", "Parse failures %")
    runs = [
        (name, split, variant)
        for name, split, variant in PROMPTS
        if any(m.get(split, variant) for m in models)
    ]
    if not any(split == "withtitle" for _, split, _ in runs):
        return omitted("prompts", title, definition, columns, "no model has a score of split withtitle")
    groups = tuple(name for name, _, _ in runs)
    series = tuple(
        (model.label, tuple(_task_mean(model.get(split, variant)) for _, split, variant in runs))
        for model in models
    )
    rows = []
    for name, split, variant in runs:
        for model in models:
            result = model.get(split, variant)
            if result is None:
                continue
            baseline, value = _task_mean(model.get("main")), result.score["task_mean"]
            delta = (
                None
                if baseline is None or value is None or (split, variant) == ("main", "")
                else value - baseline
            )
            rows.append(
                (
                    label(name),
                    label(model.label),
                    count(result.score["n"]),
                    percent(value),
                    signed_percent(delta),
                    percent(result.score["parse_failure_rate"]),
                )
            )
    reference = paper.VLMBIAS_TABLE_5
    paper_rows = []
    for name in groups:
        for _, model_name in reference.matching(model.label for model in models):
            value, baseline = reference.value(model_name, name), reference.value(model_name, "baseline")
            delta = GAP if name == "baseline" else Cell(f"{value - baseline:+.2f}", (value - baseline) / 100)
            paper_rows.append((label(name), label(f"{model_name} (paper)"), GAP, printed(value), delta, GAP))
    svg = plots.bar_chart([plots.Bars("Task mean", groups, series)], colors, ylabel="%")
    return Figure("prompts", title, definition, svg, with_paper(columns, rows, paper_rows, reference))


def _task_mean(result: Result | None) -> float | None:
    return None if result is None else result.score["task_mean"]


def _illusions(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> Figure:
    title = "Optical illusions: originals vs counterfactuals"
    definition = (
        "Accuracy on unmodified illusions (truth: the parts are equal) vs modified ones (they differ); "
        "answering from memory gets originals right and counterfactuals wrong."
    )
    columns = ("Images", "Model", *RATE_COLUMNS)
    parts = ("original", "counterfactual")
    found = scores_of(results_of(models, "main"), "original_vs_counterfactual")
    if not found:
        return omitted(
            "illusions",
            title,
            definition,
            columns,
            "no model has a split-main score with the Optical Illusion topic",
        )
    series = tuple((model, tuple(split[part]["accuracy"] for part in parts)) for model, split in found)
    rows = [(label(part), label(model), *_rates(split[part])) for part in parts for model, split in found]
    rows += [
        (
            label("original − counterfactual"),
            label(model),
            GAP,
            signed_percent(split["accuracy_gap"]),
            GAP,
            GAP,
        )
        for model, split in found
    ]
    reference = paper.VLMBIAS_TABLE_3_ILLUSIONS
    paper_rows = [
        (
            label(part),
            label(f"{name} (paper)"),
            GAP,
            printed(reference.value(name, part)),
            GAP,
            GAP,
        )
        for part in parts
        for _, name in reference.matching(model for model, _ in found)
    ]
    svg = plots.bar_chart([plots.Bars("Accuracy", parts, series)], colors, ylabel="%")
    return Figure("illusions", title, definition, svg, with_paper(columns, rows, paper_rows, reference))


def _pixels(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> Figure:
    title = "Accuracy per resolution"
    definition = (
        "Accuracy = correct answers / rows at each image size (longest side in pixels), "
        "counterfactual images (split main)."
    )
    columns = ("Resolution px", "Model", *RATE_COLUMNS)
    main = results_of(models, "main")
    if not main:
        return omitted("pixels", title, definition, columns, "no model has a score of split main")
    pixels = tuple(sorted({p for _, result in main for p in result.score["by_pixel"]}, key=int))
    series = tuple(
        (model, tuple(result.score["by_pixel"].get(p, {}).get("accuracy") for p in pixels))
        for model, result in main
    )
    rows = [
        (label(p), label(model), *_rates(result.score["by_pixel"][p]))
        for p in pixels
        for model, result in main
        if p in result.score["by_pixel"]
    ]
    svg = plots.bar_chart([plots.Bars("Accuracy", pixels, series)], colors, ylabel="%")
    return Figure("pixels", title, definition, svg, Table(columns, tuple(rows)))


def blind_figure(found: Blind, colors: Mapping[str, str]) -> Figure:
    """What the text alone gets (the figure a blind run adds)."""
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
    panel = blind.bars(found, "Prior strength", topics, lambda s, t: s["prior_strength"]["by_topic"].get(t))
    return blind.figure(definition, found, colors, [panel], Table((*columns,), tuple(rows)))


SECTION = FamilySection(
    name="vlmbias",
    title="VLMBias",
    score_keys=(
        "n",
        "accuracy",
        "task_mean",
        "bias_aligned_rate",
        "bias_aligned_share_of_wrong",
        "parse_failure_rate",
        "by_topic",
        "by_pixel",
        "original_vs_counterfactual",
    ),
    blind=blind_figure,
    report=family_report,
)
