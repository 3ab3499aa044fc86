"""The VISaGE section of `python -m eval report`, from `eval score` JSONs of two policies on the lite build.

"truth" answers every row right; "smolvlm2" (a model the paper evaluated, so its Table 2 row must
appear, apart) follows the name. The page's tables are read back from the HTML (no browser: the
page itself is tested in tests/test_report.py) and compared with the score JSONs.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main as eval_cli
from eval.report.visage import VISAGE_TABLE_2
from tests.visage.policies import CODES, IMPLIED, choose

POLICIES = {"truth": "truth", "smolvlm2": "follow the name"}
DIFFERENCES = ("1a-1b", "1c-1d", "2a-2b", "2c-2b", "1a-2a", "1b-2b", "1c-2c")


def reply(row: dict[str, Any], policy: str) -> str:
    if row["condition"] is None:  # recognition: the truth names the object, the other only its category
        return f"A {row['answers'][0]}." if policy == "truth" else f"A {row['category']}."
    return f"{choose(row, policy).capitalize()}."


@pytest.fixture(scope="module")
def scores(
    lite_rows, visage_lite: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[str, str], Path]:
    """`eval score visage` JSONs by (label, split)."""
    folder = tmp_path_factory.mktemp("visage-scores")
    written = {}
    for label, policy in POLICIES.items():
        for split, rows in lite_rows.items():
            predictions = folder / f"{label}-{split}.jsonl"
            lines = [json.dumps({"id": row["id"], "response": reply(row, policy)}) for row in rows]
            predictions.write_text("\n".join(lines) + "\n", encoding="utf-8")
            out = folder / f"{label}-{split}.json"
            argv = ["score", "visage", "--data", str(visage_lite), "--config", "drawn", "--split", split]
            assert eval_cli([*argv, "--predictions", str(predictions), "--out", str(out)]) == 0
            written[(label, split)] = out
    return written


class Tables(HTMLParser):
    """Each figure's table rows, by section id: (tbody class, [(text, data-value or None), ...])."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[tuple[str, list[tuple[str, str | None]]]]] = {}
        self.section = self.body = ""
        self.cell: list[str] | None = None
        self.value: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section" and found.get("id"):
            self.section = found["id"] or ""
        elif tag == "tbody":
            self.body = found.get("class") or ""
        elif tag == "tr" and self.body:
            self.rows.setdefault(self.section, []).append((self.body, []))
        elif tag in ("td", "th") and self.body:
            self.cell, self.value = [], found.get("data-value")

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.rows[self.section][-1][1].append(("".join(self.cell), self.value))
            self.cell = None
        elif tag == "tbody":
            self.body = ""


@pytest.fixture(scope="module")
def page(scores, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Tables]:
    out = tmp_path_factory.mktemp("visage-report") / "page"
    arguments = [f"{label}={path}" for (label, _), path in sorted(scores.items())]
    assert eval_cli(["report", *arguments, "--out", str(out)]) == 0
    tables = Tables()
    tables.feed((out / "index.html").read_text(encoding="utf-8"))
    return out, tables


def _measured(tables: Tables, section: str) -> dict[str, list[float | None]]:
    """Measured rows of a figure's table by their first cell, as the exact values behind the cells."""
    return {
        cells[0][0]: [None if value is None else float(value) for _, value in cells[1:]]
        for body, cells in tables.rows[section]
        if body == "measured"
    }


def test_the_section_draws_every_figure(page) -> None:
    out, tables = page
    assert sorted(path.name for path in (out / "figures").iterdir()) == [
        "visage-conditions.svg",
        "visage-differences.svg",
        "visage-recognition.svg",
    ]
    assert {"visage-conditions", "visage-differences", "visage-recognition"} <= set(tables.rows)


def test_accuracy_per_condition_is_the_score_json_and_the_paper_row_stands_apart(page, scores) -> None:
    _, tables = page
    measured = _measured(tables, "visage-conditions")
    for label, policy in POLICIES.items():
        score = json.loads(scores[(label, "test")].read_text())
        accuracy = measured[label][1:8]  # Rows, then 1a ... 2c
        assert (
            accuracy
            == [score["accuracy_by_condition"][code] for code in CODES]
            == [IMPLIED[policy][code] for code in CODES]
        )
    paper = [cells for body, cells in tables.rows["visage-conditions"] if body == "paper"]
    assert paper[0][0][0].startswith("Published in the paper: VISaGE paper, Table 2")
    ((name, _), _, *values, _) = paper[1]
    assert name == "smolvlm2 (paper)" and len(paper) == 2  # only the label naming a paper model
    assert [float(value) for _, value in values] == pytest.approx(
        [v / 100 for v in VISAGE_TABLE_2.rows["smolvlm2"]]
    )
    assert [text for text, _ in values] == ["86.57", "43.72", "68.33", "53.40", "85.13", "65.40", "66.77"]


def test_the_differences_are_the_score_json_effects(page, scores) -> None:
    _, tables = page
    measured = _measured(tables, "visage-differences")
    for label in POLICIES:
        effects = json.loads(scores[(label, "test")].read_text())["effects"]
        flat = {pair: value for group in effects.values() for pair, value in group.items()}
        assert measured[label] == [flat[pair] for pair in DIFFERENCES]
    assert measured["smolvlm2"][2] == 1.0  # follow the name: 2a right, 2b wrong
    paper = {cells[0][0]: cells[1:] for body, cells in tables.rows["visage-differences"] if body == "paper"}
    # Computed from the paper's Table 2: 1a − 1b = .8657 − .4372.
    assert paper["smolvlm2 (paper)"][0][0] == "+42.85"


def test_recognition_rates_per_image_type(page) -> None:
    _, tables = page
    rows = [cells for body, cells in tables.rows["visage-recognition"] if body == "measured"]
    found = {(cells[0][0], cells[1][0]): (cells[3][1], cells[4][1]) for cells in rows}
    assert found == {
        ("typical", "truth"): ("1.0", "1.0"),
        ("exceptional", "truth"): ("1.0", "1.0"),
        ("typical", "smolvlm2"): ("1.0", "1.0"),
        ("exceptional", "smolvlm2"): ("0.0", "1.0"),
    }
