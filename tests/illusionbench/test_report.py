"""The IllusionBench+ report section: figures, numbers equal to the score JSONs, paper rows apart, bytes.

Two policies answer the lite build's drawn rows and `python -m eval score` scores them: the truth
(labelled GPT-4o, so the paper's GPT-4o rows appear) and "True" / option i to everything (labelled
Qwen-VL-Max, whose Table III repeats its Ishihara column as Trap, so neither is shown). GPT-4o's
description replies are judged by a loopback judge. The page is read as HTML, without a browser.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main
from eval.data import load_rows
from eval.scoring.illusionbench.metrics import QUESTION_TYPES
from tests.illusionbench.report_page import tables, value
from tests.loopback import LoopbackServer

FIGURES = ("categories", "false-positives", "difficulty", "descriptions")


class Judge(LoopbackServer):
    def reply(self, messages: list[dict[str, Any]]) -> str:
        return "1" if "existence and causal information" in messages[-1]["content"] else "2"


def reply(row: dict[str, Any], policy: str) -> str:
    if policy == "truth":
        return row["answer"]
    return "True" if QUESTION_TYPES[row["question_type"]] == "tf" else "i"


@pytest.fixture(scope="module")
def scores(illusionbench_lite: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("illusionbench-scores")
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn"]
    written = {}
    for policy in ("truth", "yes"):
        predictions = folder / f"{policy}.jsonl"
        rows = load_rows(illusionbench_lite, "drawn", "test")
        predictions.write_text(
            "".join(json.dumps({"id": r["id"], "response": reply(r, policy)}) + "\n" for r in rows)
        )
        written[policy] = folder / f"{policy}.json"
        assert (
            main([*argv, "--split", "test", "--predictions", str(predictions), "--out", str(written[policy])])
            == 0
        )
    rows = load_rows(illusionbench_lite, "drawn_trap", "descriptions")
    predictions = folder / "descriptions.jsonl"
    predictions.write_text(
        "".join(json.dumps({"id": r["id"], "response": "Two figures."}) + "\n" for r in rows)
    )
    written["descriptions"] = folder / "descriptions.json"
    judge = Judge()
    try:
        judged = ["--judge-url", judge.base_url, "--judge-model", "judge-1", "--judge-votes", "1"]
        argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn_trap"]
        argv += ["--split", "descriptions", "--predictions", str(predictions), *judged]
        assert main([*argv, "--out", str(written["descriptions"])]) == 0
    finally:
        judge.close()
    return written


def arguments(scores: dict[str, Path]) -> list[str]:
    return [
        f"GPT-4o={scores['truth']}",
        f"GPT-4o={scores['descriptions']}",
        f"Qwen-VL-Max={scores['yes']}",
    ]


@pytest.fixture(scope="module")
def page(scores: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("illusionbench-report") / "page"
    assert main(["report", *arguments(scores), "--out", str(out)]) == 0
    return out


def test_every_figure_is_drawn_and_its_numbers_are_the_score_json(
    page: Path, scores: dict[str, Path]
) -> None:
    html = (page / "index.html").read_text()
    assert '<section class="family" id="illusionbench">' in html
    for slug in FIGURES:
        assert (page / "figures" / f"illusionbench-{slug}.svg").is_file(), slug
    found = tables(page)
    truth, yes = (json.loads(scores[name].read_text()) for name in ("truth", "yes"))
    by_row = {(row[0][0], row[1][0], row[2][0]): row for row in found["categories"]["measured"]}
    for category, column in (("trap", "Trap"), ("no_illusion", "NoIll"), ("classic", "Classic")):
        for kind, metric in (("TF", "tf_accuracy"), ("MC", "mc_accuracy")):
            for model, score in (("GPT-4o", truth), ("Qwen-VL-Max", yes)):
                row = by_row[(column, kind, model)]
                parsers = score["by_category"][category]["parsers"]
                assert value(row[4]) == pytest.approx(parsers["strict"][metric])
                assert value(row[5]) == pytest.approx(parsers["lmms-eval"][metric])
    assert value(by_row[("All", "TF", "Qwen-VL-Max")][4]) == pytest.approx(yes["tf_accuracy"])
    fp = {(row[0][0], row[1][0]): row for row in found["false-positives"]["measured"]}
    assert value(fp[("All", "Qwen-VL-Max")][3]) == 1.0 and value(fp[("All", "GPT-4o")][3]) is None
    (described,) = found["descriptions"]["measured"][:1]
    assert (described[0][0], described[1][0], value(described[3])) == ("semantic", "GPT-4o", 2.0)


def test_paper_rows_stand_apart_without_the_repeated_table_3_columns(page: Path) -> None:
    found = tables(page)
    paper = {(row[0][0], row[1][0], row[2][0]): row for row in found["categories"]["paper"] if len(row) > 2}
    assert value(paper[("Classic", "TF", "GPT-4o (paper)")][4]) == pytest.approx(0.7653)
    assert value(paper[("Ishihara", "MC", "GPT-4o (paper)")][4]) == pytest.approx(0.7564)
    assert paper[("Ishihara", "MC", "Qwen-VL-Max (paper)")][4][0] == "—"
    assert paper[("Trap", "MC", "Qwen-VL-Max (paper)")][4][0] == "—"
    assert value(paper[("Trap", "TF", "Qwen-VL-Max (paper)")][4]) == pytest.approx(0.3684)
    fp = [row for row in found["false-positives"]["paper"] if len(row) > 1]
    assert [(row[1][0], value(row[3])) for row in fp] == [("GPT-4o (paper)", 0.373)]  # Qwen-VL-Max has none
    assert all("(paper)" not in row[1][0] + row[2][0] for row in found["categories"]["measured"])


def test_the_same_inputs_give_the_same_bytes(page: Path, scores: dict[str, Path], tmp_path: Path) -> None:
    again = tmp_path / "again"
    assert main(["report", *arguments(scores), "--out", str(again)]) == 0
    for path in sorted(page.rglob("*")):
        if path.is_file():
            assert (again / path.relative_to(page)).read_bytes() == path.read_bytes(), path
