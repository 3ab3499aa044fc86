"""VI-Probe on the report page: dose-response, image types with R, the PFC decomposition, instructions.

Reads the `eval score viprobe` JSON (`eval.scoring.viprobe.report`). Every accuracy is PFA (an
image counts when its question and the reversed question are both answered correctly), as in the
paper (Sec. 3.2); the instruction effect is the exception, on single forward questions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eval.report import paper, plots
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
from eval.report.section import FamilySection, ModelResults, Result, TaskKey, results_of, scores_of
from eval.scoring.viprobe import CATEGORIES, VARIANT_CODES

SPLIT = "test"
FOUR_TYPES = ("O", "P", "OC", "PC")
#: Dose-response curves: the perturbed images, their controls (no inducer) and their hinted twins (guides).
CURVES = {"P": "perturbed (P)", "PC": "control (PC)", "PH": "hinted (PH)"}
CURVE_COLORS = {"perturbed (P)": "#D55E00", "control (PC)": "#0072B2", "hinted (PH)": "#009E73"}
STACKS = {"pfa": "PFA: both right", "cbw": "CbW: coherent but wrong"}
STACK_COLORS = {"PFA: both right": "#009E73", "CbW: coherent but wrong": "#E69F00"}


def task(name: str) -> TaskKey | None:
    """The config of a task `viprobe_<config>[_instructed]`; the instructional rows join their config.

    >>> task("viprobe_ponzo_instructed"), task("viprobe"), task("vlmbias_flags_main")
    (TaskKey(config='ponzo', split='test', variant=''), None, None)
    """
    if not name.startswith("viprobe_"):
        return None
    return TaskKey(name.removeprefix("viprobe_").removesuffix("_instructed"), SPLIT)


def family_report(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> FamilyReport:
    scored = results_of(models, SPLIT)
    figures = (
        _dose_response(scored),
        _image_types(scored, colors),
        _decomposition(scored),
        _instructions(scored, colors),
    )
    return FamilyReport("viprobe", "VI-Probe", _overview(scored), figures)


def _overview(scored: list[tuple[str, Result]]) -> Table:
    columns = ("Model", "Config", "Rows", "Images", "PFA %", "PFC %", "TFI %", "CbW %", "R")
    rows = [(label(model), label(result.config), *_headline(result.score)) for model, result in scored]
    return Table((*columns, "Parse failures %", "Unparsed by reason"), tuple(rows))


def _headline(score: Mapping[str, Any]) -> tuple[Cell, ...]:
    unparsed = ", ".join(f"{reason} {n}" for reason, n in score["parse_failures"].items())
    return (
        count(score["n"]),
        count(score["images"]),
        *(percent(score[key]) for key in ("pfa", "pfc", "tfi", "cbw")),
        ratio(score["illusion_multiplier"]),
        percent(score["parse_failure_rate"]),
        label(unparsed or "none"),
    )


def _dose_response(scored: list[tuple[str, Result]]) -> Figure:
    title = "Dose-response: PFA per perturbation strength, per category"
    definition = (
        "PFA at each strength of the perturbation for perturbed images (P), their controls without the "
        "inducer (PC) and with guide lines (PH); a model that sees follows its controls."
    )
    curves = {
        (model, category): entry.get("dose_response") or {}
        for model, result in scored
        for category, entry in result.score["by_category"].items()
    }
    categories = [c for c in CATEGORIES if any(curves.get((m, c)) for m, _ in scored)]
    strengths = sorted(
        {s for curve in curves.values() for points in curve.values() for s in points}, key=float
    )
    columns = ("Category", "Model", "Type", *strengths)
    if not categories:
        return omitted(
            "dose-response",
            title,
            definition,
            columns,
            (
                "no model has per-category dose-response curves: score perturbed images with "
                "`python -m eval score viprobe`"
            ),
        )
    panels, rows = [], []
    for category in categories:
        for model, _ in scored:
            curve = curves.get((model, category), {})
            panels.append(
                plots.Lines(
                    f"{category} · {model}",
                    tuple(
                        (name, tuple((float(s), y) for s, y in curve.get(code, {}).items()))
                        for code, name in CURVES.items()
                    ),
                )
            )
            rows += [
                (
                    label(category),
                    label(model),
                    label(code),
                    *(percent(curve[code].get(s)) for s in strengths),
                )
                for code in CURVES
                if code in curve
            ]
    svg = plots.line_grid(panels, len(scored), CURVE_COLORS, xlabel="strength", ylabel="PFA %")
    return Figure("dose-response", title, definition, svg, Table(columns, tuple(rows)))


def _image_types(scored: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "PFA per image type and the illusion multiplier R"
    definition = (
        "PFA on originals (O), perturbed images (P) and their controls without the inducer (OC, PC); "
        "R = |O − P| / (|OC − PC| + 0.001): above 1 when the inducer makes the perturbation cost more."
    )
    columns = ("Model", "Images", *(f"{code} %" for code in FOUR_TYPES), "ΔO pp", "ΔP pp", "ΔAve pp", "R")
    if not scored:
        return omitted("image-types", title, definition, columns, "no model has a VI-Probe score")
    series = tuple(
        (model, tuple(result.score["variants"][code]["pfa"] for code in FOUR_TYPES))
        for model, result in scored
    )
    rows = [(label(model), *_image_type_cells(result.score)) for model, result in scored]
    reference = paper.VIPROBE_TABLE_2
    paper_rows = [
        (
            label(f"{name} (paper)"),
            GAP,
            *(printed(reference.value(name, code)) for code in FOUR_TYPES),
            *(printed(reference.value(name, column)) for column in ("ΔO", "ΔP", "ΔAve")),
            printed(reference.value(name, "R"), unit=""),
        )
        for _, name in reference.matching(model for model, _ in scored)
    ]
    svg = plots.bar_chart([plots.Bars("PFA per image type", FOUR_TYPES, series)], colors, ylabel="%")
    return Figure("image-types", title, definition, svg, with_paper(columns, rows, paper_rows, reference))


def _image_type_cells(score: Mapping[str, Any]) -> tuple[Cell, ...]:
    variants = score["variants"]
    return (
        count(sum(variants[code]["images"] for code in FOUR_TYPES)),
        *(percent(variants[code]["pfa"]) for code in FOUR_TYPES),
        *(signed_percent(score[key]) for key in ("delta_original", "delta_perturbed", "delta_average")),
        ratio(score["illusion_multiplier"]),
    )


def _decomposition(scored: list[tuple[str, Result]]) -> Figure:
    title = "Polarity-flip consistency: PFC = PFA + CbW"
    definition = (
        "Over every image: PFC = the two polarities answered complementarily, PFA = both right, "
        "CbW = PFC − PFA (coherent but wrong), TFI = the same answer to both."
    )
    columns = ("Model", "Images", "PFC %", "PFA %", "CbW %", "TFI %", "PFC on O, P, OC, PC %")
    if not scored:
        return omitted("decomposition", title, definition, columns, "no model has a VI-Probe score")
    stacks = [(name, tuple(result.score[key] for _, result in scored)) for key, name in STACKS.items()]
    keys = ("pfc", "pfa", "cbw", "tfi", "pfc_four_types")
    rows = [
        (label(model), count(result.score["images"]), *(percent(result.score[key]) for key in keys))
        for model, result in scored
    ]
    reference = paper.VIPROBE_TABLE_2
    paper_rows = [
        (label(f"{name} (paper)"), *[GAP] * 5, printed(reference.value(name, "PFC (O, P, OC, PC)")))
        for _, name in reference.matching(model for model, _ in scored)
    ]
    svg = plots.stacked_bars([model for model, _ in scored], stacks, STACK_COLORS, ylabel="%")
    return Figure("decomposition", title, definition, svg, with_paper(columns, rows, paper_rows, reference))


def _instructions(scored: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "Instruction effect per image type"
    definition = (
        "Forward-question accuracy with the visual-comparison system prompt minus without it "
        "(single questions, not pairs), per image type."
    )
    columns = ("Type", "Model", "Forward %", "Instructed %", "Effect pp")
    found = scores_of(scored, "instruction_effect")
    if not found:
        return omitted(
            "instructions",
            title,
            definition,
            columns,
            "no model has instructional rows: score a config with `eval score viprobe`, "
            "or run viprobe_<config>_instructed",
        )
    codes = tuple(c for c in VARIANT_CODES if any(effect[c]["instructed"] is not None for _, effect in found))
    series = tuple((model, tuple(effect[code]["effect"] for code in codes)) for model, effect in found)
    rows = [
        (
            label(code),
            label(model),
            percent(effect[code]["forward"]),
            percent(effect[code]["instructed"]),
            signed_percent(effect[code]["effect"]),
        )
        for code in codes
        for model, effect in found
    ]
    svg = plots.bar_chart(
        [plots.Bars("Effect of the instructions", codes, series)], colors, ylabel="pp", signed=True
    )
    return Figure("instructions", title, definition, svg, Table(columns, tuple(rows)))


SECTION = FamilySection(
    name="viprobe",
    title="VI-Probe",
    score_keys=(
        "n",
        "rows",
        "images",
        "pfa",
        "pfc",
        "tfi",
        "cbw",
        "pfc_four_types",
        "variants",
        "illusion_multiplier",
        "delta_original",
        "delta_perturbed",
        "delta_average",
        "parse_failure_rate",
        "parse_failures",
        "instruction_effect",
        "by_category",
    ),
    task=task,
    report=family_report,
)
