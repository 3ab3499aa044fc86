"""`python -m eval score` and `python -m eval tasks` on a real lite build: output, IDs, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main
from eval.data import load_rows

ROOT = Path(__file__).resolve().parents[1]


def _write_jsonl(path: Path, items: list[Any]) -> Path:
    path.write_text("".join(json.dumps(item) + "\n" for item in items))
    return path


def _score(data: Path, predictions: Path, *extra: str, config: str = "game_boards", split: str = "main"):
    argv = ["score", "vlmbias", "--data", str(data), "--config", config, "--split", split]
    return main([*argv, "--predictions", str(predictions), *extra])


def test_score_prints_the_metrics_json_and_reports_missing_and_unknown_ids(lite_build, tmp_path, capsys):
    rows = load_rows(lite_build, "game_boards", "main")
    truth, bias, chatter, skipped = rows[0], rows[1], rows[2], rows[3]
    predictions = _write_jsonl(
        tmp_path / "p.jsonl",
        [
            {"ID": truth["ID"], "response": f"{{{truth['ground_truth']}}}"},
            {"ID": bias["ID"], "response": f"I count {{{bias['expected_bias']}}}."},
            {"ID": chatter["ID"], "response": "Nice board."},
            *({"ID": row["ID"], "response": "{0}"} for row in rows[4:]),
            {"ID": "no-such-row", "response": "{1}"},
        ],
    )
    assert _score(lite_build, predictions) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    scored = len(rows) - 1
    assert result["rows"] == len(rows) and result["n"] == scored
    assert result["missing_ids"] == [skipped["ID"]] and result["unknown_ids"] == ["no-such-row"]
    assert (
        f"1 of {len(rows)} rows of game_boards/main have no prediction (first: {skipped['ID']!r})"
        in captured.err
    )
    assert "1 predictions match no row of game_boards/main (first: 'no-such-row')" in captured.err
    assert result["accuracy"] == pytest.approx(1 / scored)
    assert result["bias_aligned_rate"] == pytest.approx(1 / scored)
    assert result["parse_failure_rate"] == pytest.approx(1 / scored)
    assert result["bias_aligned_share_of_wrong"] == pytest.approx(1 / (scored - 2))
    assert result["task_mean"] == result["accuracy"]
    assert set(result["by_topic"]) == {"Game Boards"}
    assert sum(group["n"] for group in result["by_sub_topic"].values()) == scored
    assert set(result["by_type_of_question"]) == {"Q1", "Q2"}
    assert set(result["by_pixel"]) == {str(row["pixel"]) for row in rows}
    assert result["original_vs_counterfactual"] is None


def test_score_writes_out_and_runs_as_a_module(lite_build, tmp_path):
    rows = load_rows(lite_build, "patterned_grids", "identification")
    predictions = _write_jsonl(tmp_path / "p.jsonl", [{"ID": r["ID"], "response": "No."} for r in rows])
    out = tmp_path / "metrics.json"
    argv = ["--data", str(lite_build), "--config", "patterned_grids", "--split", "identification"]
    command = [sys.executable, "-m", "eval", "score", "vlmbias", *argv, "--predictions", str(predictions)]
    done = subprocess.run(
        [*command, "--out", str(out)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""
    result = json.loads(out.read_text())
    assert (result["accuracy"], result["bias_aligned_rate"], result["parse_failure_rate"]) == (1.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (['{"ID": "a", "response": "{1}"}', "{not json"], ":2: not valid JSON"),
        (['{"ID": "a"}'], ":1: no string id and response"),
        (["[1, 2]"], ":1: no string id and response"),
        (
            ['{"ID": "a", "response": "x"}', "", '{"ID": "a", "response": "y"}'],
            ":3: id 'a' already has a prediction",
        ),
    ],
)
def test_malformed_predictions_fail_with_the_line_number(lite_build, tmp_path, capsys, lines, message):
    predictions = tmp_path / "p.jsonl"
    predictions.write_text("\n".join(lines) + "\n")
    assert _score(lite_build, predictions) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {predictions}{message}") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"data": "missing-folder"}, "error: 'missing-folder' is not a folder; pass a built dataset folder"),
        ({"config": "flagz"}, "error: unknown config 'flagz' in"),
        (
            {"split": "test"},
            "error: unknown split 'test' in config 'game_boards'; choose from: identification,",
        ),
    ],
)
def test_bad_data_config_or_split_is_one_sentence_and_exit_2(lite_build, tmp_path, capsys, change, message):
    predictions = _write_jsonl(tmp_path / "p.jsonl", [])
    data = Path(change.get("data", lite_build))
    argv = ["score", "vlmbias", "--data", str(data), "--config", change.get("config", "game_boards")]
    code = main([*argv, "--split", change.get("split", "main"), "--predictions", str(predictions)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(message) and err.count("\n") == 1


def test_an_unwritable_out_is_one_sentence_and_exit_2(lite_build, tmp_path, capsys):
    row = load_rows(lite_build, "game_boards", "main")[0]
    predictions = _write_jsonl(tmp_path / "p.jsonl", [{"ID": row["ID"], "response": "{1}"}])
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert _score(lite_build, predictions, "--out", str(blocker / "metrics.json")) == 2
    assert capsys.readouterr().err == (  # before any work: no warning of rows without a prediction
        f"error: cannot write to '{blocker / 'metrics.json'}' ('{blocker}' is not a folder); choose "
        "another --out\n"
    )
    assert main(["tasks", "vlmbias", "--data", str(lite_build), "--out", str(blocker)]) == 2
    assert capsys.readouterr().err == (
        f"error: cannot write to '{blocker / 'vlmbias'}' ('{blocker}' is a file, not a folder); choose "
        "another --out\n"
    )


def test_tasks_writes_an_include_path_overlay_for_a_local_build(lite_build, tmp_path, capsys):
    assert main(["tasks", "vlmbias", "--data", str(lite_build), "--out", str(tmp_path / "tasks")]) == 0
    # 7 topics x 8 task variants (6, and the 2 background-removed splits), less patterned grids'
    # original (the release has none), each with its _noimage twin, plus the group and lmms-eval's own
    # vlms_are_biased, renamed
    assert capsys.readouterr().out.startswith("wrote 112 task files to ")
    task = (tmp_path / "tasks" / "vlmbias" / "vlmbias_game_boards_main.yaml").read_text().splitlines()
    assert task == [
        f'include: "{ROOT / "eval" / "tasks" / "vlmbias" / "vlmbias_game_boards_main.yaml"}"',
        f'dataset_path: "{lite_build.resolve()}"',
    ]
    group = (tmp_path / "tasks" / "vlmbias" / "vlmbias.yaml").read_text().splitlines()
    assert group == [f'include: "{ROOT / "eval" / "tasks" / "vlmbias" / "vlmbias.yaml"}"']
    assert main(["tasks", "vlmbias", "--data", "someone/vlmbias", "--out", str(tmp_path / "hub")]) == 0
    hub = (tmp_path / "hub" / "vlmbias" / "vlmbias_game_boards_main.yaml").read_text().splitlines()
    assert hub[1] == 'dataset_path: "someone/vlmbias"'
    assert (
        main(["tasks", "vlmbias", "--data", str(tmp_path / "no" / "such" / "folder"), "--out", str(tmp_path)])
        == 2
    )
    assert "is neither a folder nor a Hub repo id" in capsys.readouterr().err
