"""AIpsych's section of `python -m eval report`: its figures, numbers, paper rows and lmms-eval folders.

Two policies answer the lite build: `tests.aipsych.policies` (labelled GPT-4o, a model the paper
evaluated, so its published rows appear) and one that always spots the trap. The page is read as
HTML (no browser: the report's own tests cover the page in Chromium); every number in a table must
be the score JSON's, and an lmms-eval samples log must give the numbers `eval score` gives.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.report.aipsych_paper import COCO_TABLE, HUMAN_TABLE, VG_TABLE
from eval.report.lmms_output import task_key
from eval.report.results import read_results
from eval.report.writer import report_sections
from eval.tasks.aipsych import utils
from eval.tasks.declaration import TaskKey
from tests.aipsych import policies

META = ("family", "config", "split", "rows", "missing_ids", "unknown_ids")
POLICIES = {"GPT-4o": policies.reply, "trap-spotter": lambda row: policies.NOT_THERE}


@pytest.fixture(scope="module")
def scores(aipsych_lite: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("aipsych-scores")
    rows = load_rows(aipsych_lite, "synthetic", "test")
    written = {}
    for name, reply in POLICIES.items():
        predictions = folder / f"{name}.jsonl"
        predictions.write_text(
            "".join(json.dumps({"id": r["id"], "response": reply(r)}) + "\n" for r in rows)
        )
        argv = ["score", "aipsych", "--data", str(aipsych_lite), "--config", "synthetic"]
        assert (
            eval_cli([*argv, "--predictions", str(predictions), "--out", str(folder / f"{name}.json")]) == 0
        )
        written[name] = folder / f"{name}.json"
    return written


class Tables(HTMLParser):
    """Each figure section's measured and paper rows, a cell as its text or the exact value behind it."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, dict[str, list[list[Any]]]] = {}
        self.section = self.body = ""
        self.cell: list[Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section" and "figure" in (found.get("class") or ""):
            self.section = found["id"] or ""
            self.tables[self.section] = {"measured": [], "paper": []}
        elif tag == "tbody" and self.section:
            self.body = found["class"] or ""
        elif tag == "tr" and self.body:
            self.tables[self.section][self.body].append([])
        elif tag == "td" and self.body:
            self.cell = [found.get("data-value"), ""]

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell[1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self.cell is not None:
            value, text = self.cell
            self.tables[self.section][self.body][-1].append(text if value is None else float(value))
            self.cell = None
        elif tag == "tbody":
            self.body = ""


def _page(out: Path) -> dict[str, dict[str, list[list[Any]]]]:
    parser = Tables()
    parser.feed((out / "index.html").read_text(encoding="utf-8"))
    return {
        name: {kind: [r for r in rows if r] for kind, rows in t.items()} for name, t in parser.tables.items()
    }


def test_the_section_shows_both_figures_with_the_score_numbers_and_the_papers_rows(scores, tmp_path) -> None:
    out = tmp_path / "page"
    assert eval_cli(["report", *(f"{name}={path}" for name, path in scores.items()), "--out", str(out)]) == 0
    assert sorted(path.name for path in (out / "figures").iterdir()) == [
        "aipsych-reliability.svg",
        "aipsych-taxonomy.svg",
    ]
    tables = _page(out)
    score = {name: json.loads(path.read_text()) for name, path in scores.items()}
    taxonomy = ("trap_spotting", "authority_bias", "sycophancy_type1", "sycophancy_type2")
    taxonomy += ("logical_inconsistency", "else_trigger")
    assert tables["aipsych-taxonomy"]["measured"] == [
        [name, "synthetic", "v4", s["valid_sets"], *(s["rates"][k] for k in taxonomy)]
        for name, s in score.items()
    ]
    reliability = ("valid_response", "full_response")
    assert tables["aipsych-reliability"]["measured"] == [
        [name, "synthetic", "v4", "0.5, 0.5", s["reliability_score"], *(s["rates"][k] for k in reliability)]
        for name, s in score.items()
    ]
    # The policies show: GPT-4o's label gets 20% trap spotting and ReS 0.4 (1 - 0.4 - 0.2) times M.
    implied = policies.implied(24, 4)
    assert score["GPT-4o"]["reliability_score"] == pytest.approx(implied["reliability_score"])
    assert score["trap-spotter"]["rates"]["trap_spotting"] == 1 == score["trap-spotter"]["reliability_score"]
    # The paper's rows: COCO and Visual Genome for GPT-4o, each column group named by the scorer it
    # follows, then the human survey row, whatever the labels.
    coco, vg, humans = COCO_TABLE.rows["GPT-4o"], VG_TABLE.rows["GPT-4o"], HUMAN_TABLE.rows["Humans"]
    taxonomy_columns = [4, 1, 0, 2, 3, 5]  # Trap, AB, SycoI, SycoII, LI, Else in the paper's order
    behaviour = "v4 (Trap, Else); v1 (AB, SycoI, SycoII, LI)"
    survey = "survey, hand-coded (the taxonomy strict follows)"
    assert tables["aipsych-taxonomy"]["paper"] == [
        *(
            [
                "GPT-4o (paper)",
                subset,
                behaviour,
                "—",
                *(pytest.approx(row[i] / 100) for i in taxonomy_columns),
            ]
            for subset, row in (("COCO", coco), ("Visual Genome", vg))
        ),
        [
            "Humans (paper)",
            "survey",
            survey,
            "—",
            *(pytest.approx(humans[i] / 100) for i in taxonomy_columns),
        ],
    ]
    assert tables["aipsych-reliability"]["paper"] == [
        ["GPT-4o (paper)", "COCO", "v4 (ReS); unchecked (Valid, Full)", "0.5, 0.5", 0.513, 0.866, 0.8649],
        ["GPT-4o (paper)", "Visual Genome", "v4 (ReS)", "0.5, 0.5", 0.493, "—", "—"],
        ["Humans (paper)", "survey", survey, "—", "—", "—", 0.21],
    ]
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Published in the paper: AIpsych paper, Tables 6, 7 and 10 (COCO)" in page
    assert page.count('src="figures/aipsych-') == 2


def _samples(path: Path, rows: list[dict[str, Any]]) -> None:
    """A samples log as lmms-eval 0.7 writes it: the doc dropped, process_results' values kept."""
    lines = [
        {
            "doc_id": index,
            "filtered_resps": policies.reply(row),
            **utils.process_results(row, [policies.reply(row)]),
        }
        for index, row in enumerate(rows)
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def test_an_lmms_eval_folder_gives_the_numbers_of_eval_score(aipsych_lite, scores, tmp_path) -> None:
    model = tmp_path / "lmms-eval" / "loopback-vlm"
    model.mkdir(parents=True)
    (model / "20260101_000000_results.json").write_text(json.dumps({"results": {}}))
    _samples(
        model / "20260101_000000_samples_aipsych_synthetic.jsonl",
        load_rows(aipsych_lite, "synthetic", "test"),
    )
    (result,) = read_results(f"GPT-4o={tmp_path / 'lmms-eval'}", report_sections())
    assert (result.family, result.config, result.split, result.variant) == (
        "aipsych",
        "synthetic",
        "test",
        "",
    )
    expected = json.loads(scores["GPT-4o"].read_text())
    assert json.loads(json.dumps({k: v for k, v in result.score.items() if k not in META})) == {
        k: v for k, v in expected.items() if k not in META
    }
    # Official configs are kept apart from the synthetic one (the paper reports each subset alone).
    assert task_key(report_sections()["aipsych"], "aipsych_coco") == TaskKey("coco", "test", "coco")
