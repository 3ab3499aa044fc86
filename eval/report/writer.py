"""Compose the report from `LABEL=RESULT` arguments and write it into a folder, atomically.

Everything is read, scored and drawn in memory first, so bad input leaves nothing behind; the
folder is then written into a hidden sibling and swapped into place whole
(`builders.core.outputs.write_folder`). An existing `--out` is replaced only if it is empty or holds
exactly what an earlier report wrote there (its record lists each file): a file a user put in the
folder, or changed, between two runs is never deleted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from builders.core.bounded_json import safe_text
from builders.core.outputs import check_folder, write_folder
from eval.errors import UsageError
from eval.registry import family_eval, family_names
from eval.report.blind import with_blind_figure
from eval.report.figure import FamilyReport
from eval.report.page import STYLE, STYLESHEET, figure_path, render_page
from eval.report.plots import model_colors
from eval.report.results import by_family, read_inputs
from eval.report.section import FamilySection, ModelResults, Result, Skipped

#: The command whose earlier output a report folder may hold (the record `write_folder` keeps names it).
COMMAND = "python -m eval report"


@dataclasses.dataclass(frozen=True)
class WrittenReport:
    """Where the page went and what it shows."""

    page: Path
    models: int
    families: int
    figures: int
    #: Inputs not shown, each with its reason (also listed on the page).
    skipped: tuple[Skipped, ...] = ()


def write_report(arguments: Sequence[str], out: Path) -> WrittenReport:
    """Write `out/index.html`, its stylesheet and one SVG per figure for the results named by `arguments`.

    Raises:
        UsageError: an argument is not LABEL=RESULT, a result is missing or not a score, one label
            has two results for the same split, or `out` holds something other than an earlier report
            (or cannot be written: `builders.core.outputs`).
    """
    if not arguments:
        raise UsageError("no results given; pass LABEL=RESULT for each model, e.g. gpt-4.1=scores/main.json")
    check_folder(out, COMMAND)  # before anything is read: a bad --out costs nothing
    sections = report_sections()
    results: list[Result] = []
    skipped: list[Skipped] = []
    for argument in arguments:
        found, passed = read_inputs(argument, sections)
        results += found
        skipped += passed
    models = by_family(results, sections)
    colors = model_colors(sorted({result.label for result in results}))
    reports = [_family_report(sections[family], found, colors) for family, found in models.items()]
    files = {"index.html": render_page(reports, models, results, skipped), STYLESHEET: STYLE}
    for report in reports:
        files.update({figure_path(report.name, f): f.svg for f in report.figures if f.svg is not None})
    write_folder(out, {name: safe_text(text) for name, text in files.items()}, COMMAND)
    return WrittenReport(out / "index.html", len(colors), len(reports), len(files) - 2, tuple(skipped))


def report_sections() -> dict[str, FamilySection]:
    """Every family's section of the page, in page order (the families' registration order)."""
    return {name: family_eval(name).section() for name in family_names()}


def _family_report(
    section: FamilySection, models: tuple[ModelResults, ...], colors: dict[str, str]
) -> FamilyReport:
    """The family's part of the page. A score JSON without per-row outcomes escapes the type check of
    `eval.scoreshape`; a value of the wrong type in one is refused here, naming the files."""
    family = section.name
    try:
        return with_blind_figure(section.report(models, colors), section, models, colors)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
        sources = sorted({result.source for model in models for result in model.results.values()})
        raise UsageError(
            f"the {family} results {', '.join(map(repr, sources))} hold a value of the wrong type "
            f"({type(error).__name__}); score the replies again with `python -m eval score {family}`"
        ) from None
