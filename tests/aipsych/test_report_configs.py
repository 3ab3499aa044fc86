"""AIpsych's configs are separate measurements: one label's score JSONs of `synthetic` and `coco` are
reported side by side, as their lmms-eval tasks are, never pooled and never refused."""

from __future__ import annotations

import json

from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.report.results import by_family, read_results
from eval.report.writer import report_sections
from tests.aipsych import policies


def test_one_labels_synthetic_and_coco_scores_are_kept_apart(aipsych_release, tmp_path):
    data = aipsych_release[0]
    arguments = []
    for config in ("synthetic", "coco"):
        rows = load_rows(data, config, "test")
        predictions = tmp_path / f"{config}.jsonl"
        predictions.write_text(
            "".join(json.dumps({"id": r["id"], "response": policies.reply(r)}) + "\n" for r in rows)
        )
        out = tmp_path / f"{config}.json"
        argv = [
            "score",
            "aipsych",
            "--data",
            str(data),
            "--config",
            config,
            "--predictions",
            str(predictions),
        ]
        assert eval_cli([*argv, "--out", str(out)]) == 0
        arguments.append(f"GPT-4o={out}")
    results = [result for argument in arguments for result in read_results(argument, report_sections())]
    (model,) = by_family(results, report_sections())["aipsych"]
    assert {key: result.config for key, result in model.results.items()} == {
        ("test", ""): "synthetic",
        ("test", "coco"): "coco",
    }
    for key, result in model.results.items():
        assert result.score == json.loads((tmp_path / f"{result.config}.json").read_text()), key
    page = tmp_path / "page"
    assert eval_cli(["report", *arguments, "--out", str(page)]) == 0
    overview = (
        (page / "index.html").read_text(encoding="utf-8").split('<section class="family" id="aipsych">')[1]
    )
    assert "<td>synthetic</td>" in overview and "<td>coco</td>" in overview
