"""VI-Probe on the report page: dose-response, image types with R, the PFC decomposition, instructions.

Reads the `eval score viprobe` JSON (`eval.scoring.viprobe.report`). Every accuracy is PFA (an
image counts when its question and the reversed question are both answered correctly), as in the
paper (Sec. 3.2); the instruction effect is the exception, on single forward questions.
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
    ratio,
    signed_percent,
    with_paper,
)
from eval.report.section import Blind, FamilySection, ModelResults, Result, results_of, scores_of
from eval.scoring.viprobe import CATEGORIES, VARIANT_CODES

SPLIT = "test"
FOUR_TYPES = ("O", "P", "OC", "PC")
#: Dose-response curves: the perturbed images, their controls (no inducer) and their hinted twins (guides).
CURVES = {"P": "perturbed (P)", "PC": "control (PC)", "PH": "hinted (PH)"}
STACKS = {"pfa": "PFA: both right", "cbw": "CbW: coherent but wrong"}
#: What R's +0.001 does, said wherever R is shown.
R_FLOOR = (
    "The +0.001 keeps R finite when the controls are answered equally well (Acc(OC) = Acc(PC)): R is "
    "then 1000 × |Acc(O) − Acc(P)|, so a fully fooled model (every original right, every perturbed "
    "image wrong, the controls answered equally well) gets R = 1000, the largest R can be; a model "
    "that is not fooled gets R near 0. Read R beside O, P, OC and PC, not alone."
)
#: What each column of the VI-Probe tables means (the strengths of the dose-response table are added
#: per page: `_definitions`).
DEFINITIONS = {
    "Category": "size (cases 1-11), color (12-18) or orientation (19-27)",
    "Type": "image type: O original (targets equal), P perturbed (one target really changed), OC and PC "
    "the same without the inducer (controls), OH and PH the same with a visual hint (guide lines)",
    "Images": "images with a forward and a reversed reply: the pairs PFA, PFC, TFI and CbW are over",
    "PFA %": "polarity-flip accuracy: both the forward and the reversed answer right (the paper's accuracy)",
    "PFC %": "polarity-flip consistency: the two answers complementary, right or wrong",
    "TFI %": "template fixation: the same answer to a question and its reversal (1 − PFC when every "
    "reply parses)",
    "CbW %": "coherent but wrong: PFC − PFA",
    "R": "illusion multiplier R = |Acc(O) − Acc(P)| / (|Acc(OC) − Acc(PC)| + 0.001), PFA accuracies as "
    "fractions, P pooled over strengths: how much more the perturbation costs with the inducer than "
    f"without it. {R_FLOOR}",
    "O %": "PFA on originals",
    "P %": "PFA on perturbed images, all strengths",
    "OC %": "PFA on the originals' controls (inducer removed)",
    "PC %": "PFA on the perturbed images' controls (inducer removed)",
    "ΔO pp": "Acc(O) − Acc(OC), percentage points: what the inducer does to the originals",
    "ΔP pp": "Acc(P) − Acc(PC), percentage points: what the inducer does to the perturbed images",
    "ΔAve pp": "mean of OC and PC minus mean of O and P, percentage points",
    "PFC on O, P, OC, PC %": "PFC over the four image types of R only (the paper's PFC column)",
    "Forward %": "accuracy of the forward question alone, without the visual-comparison instructions",
    "Instructed %": "accuracy of the same question under the visual-comparison system prompt",
    "Effect pp": "Instructed − Forward, percentage points",
    "Unparsed by reason": "replies without a readable 0/1 answer, counted by why",
}


def family_report(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> FamilyReport:
    scored = results_of(models, SPLIT)
    figures = (
        _dose_response(scored),
        _image_types(scored, colors),
        _decomposition(scored),
        _instructions(scored, colors),
    )
    return FamilyReport("viprobe", "VI-Probe", _overview(scored), figures, _definitions(figures))


def _definitions(figures: tuple[Figure, ...]) -> dict[str, str]:
    """The columns' definitions, with each perturbation strength heading a dose-response column."""
    strengths = [column for column in figures[0].table.columns if column not in ("Category", "Model", "Type")]
    return {**DEFINITIONS, **{s: f"PFA on the images perturbed with strength s = {s}" for s in strengths}}


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
    svg = plots.line_grid(
        panels, len(scored), plots.part_colors(tuple(CURVES.values())), xlabel="strength", ylabel="PFA %"
    )
    return Figure("dose-response", title, definition, svg, Table(columns, tuple(rows)))


def _image_types(scored: list[tuple[str, Result]], colors: Mapping[str, str]) -> Figure:
    title = "PFA per image type and the illusion multiplier R"
    definition = (
        "PFA on originals (O), perturbed images (P) and their controls without the inducer (OC, PC); "
        "R = |O − P| / (|OC − PC| + 0.001): above 1 when the inducer makes the perturbation cost more. "
        f"{R_FLOOR}"
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
    colors = plots.part_colors(tuple(STACKS.values()))
    svg = plots.stacked_bars([model for model, _ in scored], stacks, colors, ylabel="%")
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


def blind_figure(found: Blind, colors: Mapping[str, str]) -> Figure:
    """What the text alone gets (the figure a blind run adds)."""
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
    panel = blind.bars(
        found, "TFI without the image", categories, lambda s, c: s["by_category"].get(c, {}).get("tfi")
    )
    return blind.figure(definition, found, colors, [panel], Table(columns, tuple(rows)))


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
    blind=blind_figure,
    report=family_report,
)
