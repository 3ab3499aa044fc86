"""IllusionBench+ on the report page: accuracy and false-positive ratio by category, both parsers.

Reads the `eval score illusionbench` JSON (`eval.scoring.illusionbench.report`): true/false and
multiple-choice rows of the `test` split, each reply read by the strict parser (the headline) and by
lmms-eval's, side by side; the judged descriptions of the `descriptions` split when a judge scored
them. The paper's Tables II-IV and its false-positive ratios are reference rows (specs §3.5). Its
Table III repeats the Ishihara column as the Trap column for most models, a copy error: where the
two are equal, neither is shown.
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
    ratio,
    signed_percent,
    with_paper,
)
from eval.report.paper import PaperTable
from eval.report.section import Blind, FamilySection, ModelResults, Result, results_of
from eval.scoring.illusionbench.metrics import CATEGORIES, DIFFICULTIES, PARSERS

SPLIT, DESCRIPTIONS = "test", "descriptions"
#: The paper's column names (P1-P5, then All) and ours.
COLUMNS = dict(
    zip((*CATEGORIES, "all"), ("Classic", "Real", "NoIll", "Ishihara", "Trap", "All"), strict=True)
)
SOURCE = "IllusionBench+ paper, Tables II and III (specs/other_benchmarks.md §3.5)"
#: What each column of the IllusionBench+ tables means.
DEFINITIONS = {
    "Parser": "how replies were read: strict (the verdict or option a reply commits to; uncommitted "
    "replies are parse failures) or lmms-eval (lmms-eval 0.7.3's own illusionbench parser, reproduced)",
    "Accuracy %": "correct replies / rows, true/false and multiple-choice questions together",
    "True/false %": "correct replies / true/false statements",
    "Multiple choice %": "correct replies / multiple-choice questions (options i-iv)",
    "FP ratio": "false positives / (false positives + false negatives) over the wrong true/false replies: "
    "FP is “True” to a false statement; 0.5 is unbiased, near 1 a bias towards “True”",
    "Unparsed by reason": "replies the strict parser could not read, counted by why",
    "Category": "the paper's image categories: Classic (classic illusions, targets physically equal), "
    "Real (real-scene illusions), NoIll (no illusion: plain scenes, nothing to be fooled by), Ishihara "
    "(dot plates hiding a digit), Trap (illusions whose property was really changed); All: every "
    "category",
    "Type": "question type: TF (true/false statements) or MC (multiple choice)",
    "Strict %": "accuracy with the strict parser",
    "lmms-eval %": "accuracy with lmms-eval's parser",
    "Strict": "FP ratio with the strict parser",
    "lmms-eval": "FP ratio with lmms-eval's parser",
    "Difficulty": "easy, neutral or hard (release: the authors' rating; drawn: the size of the physical "
    "difference)",
    "Prompt": "the description prompt: semantic (describe the image), illusion (describe the illusion), "
    "step_by_step",
    "Replies": "description replies the judge scored",
    "Mean (0-2)": "the judge's mean preciseness: 0 clear conflict with the golden description, 1 minor, "
    "2 none",
    "Judge": "the judge model",
}

#: True/false accuracy (%, Table II), columns classic, real scene, no illusion, Ishihara, trap, all.
TABLE_2 = PaperTable(
    source=SOURCE.replace("Tables II and III", "Table II"),
    columns=tuple(COLUMNS),
    rows={
        "GPT-4o": (76.53, 80.82, 85.32, 76.92, 50.00, 80.59),
        "Gemini-pro-1.5": (63.63, 69.98, 83.19, 82.69, 50.00, 71.83),
        "Qwen-VL-Max": (62.76, 72.23, 85.89, 82.69, 36.84, 73.38),
        "Qwen-VL-Plus": (55.22, 64.79, 82.50, 98.00, 30.55, 67.42),
        "CogVLM-17B": (40.28, 42.91, 44.31, 48.08, 52.63, 43.08),
        "DeepSeek-VL-7B": (39.94, 47.05, 48.12, 46.94, 52.63, 46.26),
        "InternLM-XC2-VL-7B": (55.52, 64.56, 80.33, 75.00, 31.58, 66.25),
        "LLaVA-1.5-7B": (41.28, 41.92, 47.41, 48.08, 52.63, 43.33),
        "LLaVA-1.5-13B": (51.45, 70.92, 78.47, 76.92, 26.32, 68.95),
        "LLaVA-NeXT-L3-8B": (62.21, 67.35, 83.02, 78.85, 52.63, 69.95),
        "mPLUG-Owl2": (58.43, 61.54, 75.57, 67.31, 34.21, 63.75),
        "Qwen-VL-Chat": (38.66, 44.49, 45.34, 44.23, 52.63, 43.91),
        "Human": (91.30, 90.00, 97.87, 100.00, 100.00, 92.34),
    },
)

#: Multiple-choice accuracy (%, Table III) as printed; `_mc_paper` hides the repeated columns.
TABLE_3 = PaperTable(
    source=SOURCE.replace("Tables II and III", "Table III"),
    columns=tuple(COLUMNS),
    rows={
        "GPT-4o": (72.06, 76.20, 82.55, 75.64, 66.67, 76.75),
        "Gemini-pro-1.5": (70.50, 74.32, 79.01, 67.95, 67.95, 74.44),
        "Qwen-VL-Max": (65.31, 70.26, 76.20, 70.51, 70.51, 70.64),
        "Qwen-VL-Plus": (50.38, 57.15, 70.20, 64.10, 55.56, 59.03),
        "CogVLM-17B": (46.24, 49.79, 59.43, 52.56, 52.56, 51.12),
        "DeepSeek-VL-7B": (31.58, 36.03, 36.23, 15.38, 15.38, 34.73),
        "InternLM-XC2-VL-7B": (51.88, 61.38, 69.61, 41.03, 41.03, 60.77),
        "LLaVA-1.5-7B": (31.95, 33.45, 38.35, 26.92, 26.92, 33.95),
        "LLaVA-1.5-13B": (50.75, 55.94, 62.74, 48.72, 48.72, 56.12),
        "LLaVA-NeXT-L3-8B": (50.94, 60.42, 67.71, 64.10, 64.10, 60.50),
        "mPLUG-Owl2": (45.30, 51.37, 57.94, 33.33, 33.33, 51.07),
        "Qwen-VL-Chat": (31.58, 36.14, 36.09, 15.38, 15.38, 34.77),
        "Human": (93.27, 87.12, 92.75, 100.00, 91.67, 89.75),
    },
)

#: The false-positive ratio over all true/false errors, for the four models the paper gives it.
FP_RATIO = PaperTable(
    source="IllusionBench+ paper, false-positive ratios (specs/other_benchmarks.md §3.5)",
    columns=("all",),
    rows={
        "GPT-4o": (0.373,),
        "Qwen-VL-Plus": (0.8567,),
        "LLaVA-1.5-7B": (0.9992,),
        "LLaVA-NeXT-L3-8B": (0.2315,),
    },
)

#: Description preciseness (0-2, Table IV): semantic, illusion, step-by-step, all.
TABLE_4 = PaperTable(
    source="IllusionBench+ paper, Table IV (specs/other_benchmarks.md §3.5)",
    columns=("semantic", "illusion", "step_by_step", "all"),
    rows={
        "GPT-4o": (1.2872, 0.9522, 1.3616, 1.2004),
        "Gemini-pro-1.5": (1.0257, 1.1077, 1.1954, 1.1096),
        "Qwen-VL-Max": (0.7571, 0.8913, 0.9038, 0.8507),
        "CogVLM-17B": (0.9001, 0.7222, 0.8535, 0.8252),
        "LLaVA-1.5-7B": (0.4814, 0.3333, 0.4177, 0.4107),
    },
)


def family_report(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> FamilyReport:
    scored = results_of(models, SPLIT)
    figures = (
        _by_category(scored, colors),
        _false_positives(scored, colors),
        _by_difficulty(scored, colors),
        _descriptions(models, colors),
    )
    return FamilyReport("illusionbench", "IllusionBench+", _overview(scored), figures, DEFINITIONS)


def _overview(scored: list[tuple[str, Result]]) -> Table:
    rows = []
    for model, result in scored:
        score = result.score
        headline = score.get("grader", score["parser"])  # JSONs before the judge name no grader
        for parser in score["parsers"]:
            rates = score["parsers"][parser]
            failures = score["parse_failures"] if parser == headline else {}
            rows.append(
                (
                    label(model),
                    label(result.config),
                    label(parser),
                    count(score["n"]),
                    *_rates(rates),
                    label(", ".join(f"{reason} {n}" for reason, n in failures.items())),
                )
            )
    columns = ("Model", "Config", "Parser", "Rows", "Accuracy %", "True/false %", "Multiple choice %")
    return Table((*columns, "FP ratio", "Parse failures %", "Unparsed by reason"), tuple(rows))


def _rates(rates: Mapping[str, Any]) -> tuple[Cell, ...]:
    return (
        percent(rates["accuracy"]),
        percent(rates["tf_accuracy"]),
        percent(rates["mc_accuracy"]),
        ratio(rates["fp_ratio"]),
        percent(rates["parse_failure_rate"]),
    )


def _groups(scored: list[tuple[str, Result]], key: str, order: tuple[str, ...]) -> tuple[str, ...]:
    present = {group for _, result in scored for group in result.score[key]}
    return tuple(group for group in order if group in present)


def _slice(score: Mapping[str, Any], key: str, group: str) -> Mapping[str, Any] | None:
    """A category's or difficulty's rates, or the whole score's for `all`."""
    return score if group == "all" else score[key].get(group)


def _parser_rows(
    scored: list[tuple[str, Result]], key: str, groups: tuple[str, ...], metric: str, kind: str = ""
) -> list[tuple[Cell, ...]]:
    """Per group and model: the group, `kind` (if any), the model, its rows, `metric` under each parser."""
    rows = []
    n_key = {"tf_accuracy": "tf_n", "mc_accuracy": "mc_n", "fp_ratio": "tf_n"}.get(metric, "n")
    for group in groups:
        for model, result in scored:
            part = _slice(result.score, key, group)
            if part is None:
                continue
            values = [part["parsers"][parser][metric] for parser in PARSERS]
            shown = [ratio(v) if metric == "fp_ratio" else percent(v) for v in values]
            lead = (label(COLUMNS.get(group, group)), *((label(kind),) if kind else ()), label(model))
            rows.append((*lead, count(part[n_key]), *shown))
    return rows


def _by_category(scored: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "True/false and multiple-choice accuracy by category"
    definition = (
        "Accuracy = correct replies / rows of each question type; strict reads the verdict or option a "
        "reply commits to, lmms-eval is lmms-eval's own illusionbench parser (bars: strict). The paper "
        "graded with an LLM judge and a manual re-check."
    )
    columns = ("Category", "Type", "Model", "Rows", "Strict %", "lmms-eval %")
    if not scored:
        return omitted("categories", title, definition, columns, "no model has a score of split test")
    groups = (*_groups(scored, "by_category", CATEGORIES), "all")
    panels = [
        plots.Bars(
            name,
            tuple(COLUMNS[g] for g in groups),
            tuple(
                (model, tuple((_slice(result.score, "by_category", g) or {}).get(metric) for g in groups))
                for model, result in scored
            ),
        )
        for name, metric in (("True/false", "tf_accuracy"), ("Multiple choice", "mc_accuracy"))
    ]
    rows, paper_rows = [], []
    for kind, metric, reference in (("TF", "tf_accuracy", TABLE_2), ("MC", "mc_accuracy", TABLE_3)):
        rows += _parser_rows(scored, "by_category", groups, metric, kind)
        for _, model in reference.matching(m for m, _ in scored):
            paper_rows += [
                (
                    label(COLUMNS[g]),
                    label(kind),
                    label(f"{model} (paper)"),
                    GAP,
                    _paper_value(reference, model, g),
                    GAP,
                )
                for g in groups
            ]
    svg = plots.bar_chart(panels, colors, ylabel="%")
    source = f"{TABLE_2.source}; {TABLE_3.source}" if paper_rows else ""
    return Figure(
        "categories", title, definition, svg, Table(columns, tuple(rows), tuple(paper_rows), source)
    )


def _paper_value(reference: PaperTable, model: str, group: str) -> Cell:
    """A printed paper number, or a gap where Table III's Ishihara and Trap columns repeat each other."""
    repeated = reference.value(model, "ishihara") == reference.value(model, "trap")
    if reference is TABLE_3 and group in ("ishihara", "trap") and repeated:
        return GAP
    return printed(reference.value(model, group))


def _false_positives(scored: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "False-positive ratio of the true/false errors, by category"
    definition = (
        "FP ratio = FP / (FP + FN) over wrong true/false replies, FP = 'True' to a false statement: "
        "0.5 is unbiased, near 1 a bias towards 'True' (bars: strict; no bar without errors)."
    )
    columns = ("Category", "Model", "Rows", "Strict", "lmms-eval")
    if not scored:
        return omitted("false-positives", title, definition, columns, "no model has a score of split test")
    groups = (*_groups(scored, "by_category", CATEGORIES), "all")
    series = tuple(
        (model, tuple((_slice(result.score, "by_category", g) or {}).get("fp_ratio") for g in groups))
        for model, result in scored
    )
    rows = _parser_rows(scored, "by_category", groups, "fp_ratio")
    paper_rows = [
        (label("All"), label(f"{model} (paper)"), GAP, ratio(FP_RATIO.value(model, "all")), GAP)
        for _, model in FP_RATIO.matching(m for m, _ in scored)
    ]
    panel = plots.Bars("FP ratio (share of errors)", tuple(COLUMNS[g] for g in groups), series)
    svg = plots.bar_chart([panel], colors, ylabel="%")
    return Figure("false-positives", title, definition, svg, with_paper(columns, rows, paper_rows, FP_RATIO))


def _by_difficulty(scored: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "Accuracy by difficulty"
    definition = (
        "Accuracy = correct replies / rows, both question types, per difficulty (release: the authors' "
        "rating; drawn: the size of the physical difference, or of a classic figure's inducer)."
    )
    columns = ("Difficulty", "Model", "Rows", "Strict %", "lmms-eval %")
    if not scored:
        return omitted("difficulty", title, definition, columns, "no model has a score of split test")
    groups = _groups(scored, "by_difficulty", DIFFICULTIES)
    series = tuple(
        (model, tuple(result.score["by_difficulty"].get(g, {}).get("accuracy") for g in groups))
        for model, result in scored
    )
    svg = plots.bar_chart([plots.Bars("Accuracy", groups, series)], colors, ylabel="%")
    return Figure(
        "difficulty",
        title,
        definition,
        svg,
        Table(columns, tuple(_parser_rows(scored, "by_difficulty", groups, "accuracy"))),
    )


def _descriptions(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> Figure:
    title = "Description preciseness (LLM judge, 0-2)"
    definition = (
        "Mean judge score per reply (0 clear conflict, 1 minor, 2 no conflict with the golden description), "
        "averaged over the judge's votes; bars show it as a share of the maximum 2."
    )
    columns = ("Prompt", "Model", "Replies", "Mean (0-2)", "Judge")
    judged = [
        (model.label, result.score["descriptions"])
        for model in models
        if (result := model.get(DESCRIPTIONS)) is not None
        and result.score.get("descriptions", {}).get("judge")
    ]
    if not judged:
        missing = "no model has judged descriptions (eval score --split descriptions with --judge-url)"
        return omitted("descriptions", title, definition, columns, missing)
    prompts = tuple(p for p in TABLE_4.columns[:3] if any(p in found["by_prompt"] for _, found in judged))
    series = tuple(
        (model, tuple(_half(found["by_prompt"].get(p, {}).get("mean")) for p in prompts))
        for model, found in judged
    )
    rows = [
        (label(prompt), label(model), count(entry["n"]), ratio(entry["mean"]), label(found["judge"]["model"]))
        for prompt in prompts
        for model, found in judged
        if (entry := found["by_prompt"].get(prompt))
    ]
    paper_rows = [
        (label(prompt), label(f"{name} (paper)"), GAP, ratio(TABLE_4.value(name, prompt)), label("Qwen-plus"))
        for prompt in prompts
        for _, name in TABLE_4.matching(model for model, _ in judged)
    ]
    svg = plots.bar_chart([plots.Bars("Preciseness", prompts, series)], colors, ylabel="% of 2")
    return Figure("descriptions", title, definition, svg, with_paper(columns, rows, paper_rows, TABLE_4))


def _half(value: float | None) -> float | None:
    return None if value is None else value / 2


def blind_figure(found: Blind, colors: Mapping[str, str]) -> Figure:
    """What the text alone gets (the figure a blind run adds)."""
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
    panel = blind.bars(found, "Accuracy without the image", kinds, lambda s, k: s[keys[k]])
    return blind.figure(definition, found, colors, [panel], Table(columns, tuple(rows)))


SECTION = FamilySection(
    name="illusionbench",
    title="IllusionBench+",
    score_keys=(
        "n",
        "parser",
        "accuracy",
        "fp_ratio",
        "parse_failure_rate",
        "by_category",
        "by_difficulty",
        "parsers",
    ),
    blind=blind_figure,
    report=family_report,
)
