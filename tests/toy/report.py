"""The toy family's section of the report page: accuracy per model."""

from __future__ import annotations

from collections.abc import Mapping

from eval.report import blind, plots
from eval.report.figure import FamilyReport, Figure, Table, count, label, percent
from eval.report.section import Blind, FamilySection, ModelResults, results_of

DEFINITIONS = {"Accuracy %": "replies whose count is the number of squares / rows"}


def family_report(models: tuple[ModelResults, ...], colors: Mapping[str, str]) -> FamilyReport:
    scored = results_of(models, "test")
    rows = tuple(
        (label(model), count(result.score["n"]), percent(result.score["accuracy"]))
        for model, result in scored
    )
    table = Table(("Model", "Rows", "Accuracy %"), rows)
    series = tuple((model, (result.score["accuracy"],)) for model, result in scored)
    svg = plots.bar_chart([plots.Bars("Accuracy", ("all",), series)], colors, ylabel="%")
    figure = Figure("accuracy", "Squares counted right", "Accuracy per model.", svg, table)
    return FamilyReport("toy", "Toy squares", table, (figure,), DEFINITIONS)


def blind_figure(found: Blind, colors: Mapping[str, str]) -> Figure:
    rows = tuple((label(model), label(run), percent(section["accuracy"])) for model, run, section in found)
    panel = blind.bars(found, "Accuracy without the image", ("all",), lambda section, _: section["accuracy"])
    return blind.figure(
        "Accuracy without the image.", found, colors, [panel], Table(("Model", "Run", "Accuracy %"), rows)
    )


SECTION = FamilySection(
    name="toy", title="Toy squares", score_keys=("n", "accuracy"), report=family_report, blind=blind_figure
)
