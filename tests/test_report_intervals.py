"""The report draws every interval: error bars in the figures, the range beside each number in the
tables, and each family's blind figure when a score has a blind run; AIpsych also gives the paper's ±."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main
from eval.data import load_rows
from eval.scorefile import dumps
from eval.scoring.aipsych.classify import SetOutcome
from eval.scoring.aipsych.scorer import AIpsychOptions, aggregate, describe
from eval.scoring.aipsych.sets import ScoredSet
from eval.scoring.score import score_replies
from tests.test_intervals import FAMILIES, reply


class Cells(HTMLParser):
    """Every numeric table cell of the page: (section id, data-value, data-low, data-high, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.section = ""
        self.cells: list[dict[str, Any]] = []
        self.open: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section" and found.get("id"):
            self.section = found["id"] or ""
        elif tag == "td" and "data-value" in found:
            self.open = {"section": self.section, **found, "text": ""}

    def handle_data(self, data: str) -> None:
        if self.open is not None:
            self.open["text"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self.open is not None:
            self.cells.append(self.open)
            self.open = None


@pytest.fixture(scope="module")
def page(built: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A report of one model on every family, each scored with a blind run beside its replies."""
    folder = tmp_path_factory.mktemp("report-intervals")
    scores, arguments = {}, []
    for family, (_, config, split) in FAMILIES.items():
        data = built(family, "lite")
        rows = load_rows(data, config, split)
        seeing = {row["id"]: reply(family, row, "see") for row in rows}
        blind = {row["id"]: reply(family, row, "blind") for row in rows}
        score = {**score_replies(family, rows, seeing, blind=blind, resamples=300), "family": family}
        score.update(config=config, split=split, rows=len(rows), missing_ids=[], unknown_ids=[])
        path = folder / f"{family}.json"
        path.write_text(dumps(score))
        scores[family] = json.loads(path.read_text())
        arguments.append(f"model={path}")
    out = folder / "page"
    assert main(["report", *arguments, "--out", str(out)]) == 0
    return out, scores


def test_every_blind_figure_shows_the_blind_numbers(page) -> None:
    out, scores = page
    figures = {path.name for path in (out / "figures").iterdir()}
    assert {f"{family}-blind.svg" for family in FAMILIES} <= figures
    parser = Cells()
    parser.feed((out / "index.html").read_text(encoding="utf-8"))
    shown = {}
    for cell in parser.cells:
        shown.setdefault(cell["section"], []).append(float(cell["data-value"]))
    blind = {
        "vlmbias": scores["vlmbias"]["blind"]["prior_strength"]["all"],
        "viprobe": scores["viprobe"]["blind"]["tfi"],
        "aipsych": scores["aipsych"]["blind"]["trap_spotting"],
        "visage": scores["visage"]["blind"]["accuracy"],
        "illusionbench": scores["illusionbench"]["blind"]["accuracy"],
    }
    for family, value in blind.items():
        assert value in shown[f"{family}-blind"], family


def test_table_cells_carry_their_interval_and_figures_their_error_bars(page) -> None:
    out, scores = page
    parser = Cells()
    parser.feed((out / "index.html").read_text(encoding="utf-8"))
    with_interval = [cell for cell in parser.cells if "data-low" in cell]
    assert len(with_interval) > 100
    assert not any(cell["section"].startswith("visage") for cell in with_interval)  # 8 tuples: none
    for cell in with_interval:
        low, high = float(cell["data-low"]), float(cell["data-high"])
        assert low <= high and re.fullmatch(r"[+-]?[\d.]+ to [+-]?[\d.]+", cell["data-interval"])
        assert "to" not in cell["text"]  # the number alone: the stylesheet shows the range
    accuracy = scores["vlmbias"]["ci95"]["accuracy"]
    assert any(
        math.isclose(float(c["data-low"]), accuracy[0]) and math.isclose(float(c["data-high"]), accuracy[1])
        for c in with_interval
        if c["section"] == "vlmbias"
    )
    assert "data-interval" in (out / "report.css").read_text()
    for family in set(FAMILIES) - {"visage"}:  # matplotlib draws error bars as a line collection
        assert "LineCollection" in (out / "figures" / f"{family}-blind.svg").read_text(), family


def test_a_null_interval_shows_as_such_with_its_reason(page) -> None:
    """Lite VISaGE has 8 tuples: each of its numbers says "no interval [k]" and the note under its
    table gives reason k, the score JSON's `ci95_notes` entry; no cell of another family's table
    hides a null interval."""
    out, scores = page
    html = (out / "index.html").read_text(encoding="utf-8")
    parser = Cells()
    parser.feed(html)
    reason = "8 clusters: too few for a 95 % interval (it needs at least 10)"
    assert (
        scores["visage"]["ci95_notes"]["accuracy"] == reason and scores["visage"]["ci95"]["accuracy"] is None
    )
    visage = [cell for cell in parser.cells if cell["section"].startswith("visage")]
    assert visage and all("data-low" not in cell for cell in visage)
    marked = [cell for cell in visage if cell.get("data-interval", "").startswith("no interval [")]
    assert len(marked) > 20 and all(cell["title"] for cell in marked)
    assert any(math.isclose(float(cell["data-value"]), scores["visage"]["accuracy"]) for cell in marked)
    section = html[html.index('<section class="family" id="visage">') :]
    assert f"No 95 % interval: [1] {reason}" in section
    numbers = [cell for cell in parser.cells if "data-low" not in cell]
    assert all(
        cell.get("data-interval", "").startswith("no interval [") or "title" not in cell for cell in numbers
    )


def test_aipsych_reports_the_papers_plus_minus_beside_its_intervals() -> None:
    """The paper's ± is 1.96 sqrt(p (1 - p) / n) over the n sets: Else 19.81 ± 1.10 at n = 5,000."""
    units = [
        ScoredSet(f"s{i}", f"i{i // 5}", "position", 4, outcome, outcome)
        for i, outcome in enumerate(
            [SetOutcome("authority_bias", else_trigger=True)] * 991 + [SetOutcome("authority_bias")] * 4009
        )
    ]
    options = AIpsychOptions()
    result = aggregate(units, options)
    found = describe([], {}, units, result, options)
    assert round(100 * result["rates"]["else_trigger"], 2) == 19.82
    assert round(100 * found["paper_plus_minus"]["rates.else_trigger"], 2) == 1.10
    assert found["paper_plus_minus_n"] == 5000
    assert found["paper_plus_minus"]["rates.authority_bias"] == 0.0  # p = 1
