"""`python -m eval score` never destroys its inputs or its previous output, and says what is wrong (issue 18).

Reads the session's VLMBias lite build (`lite_build`); tests that damage a folder copy it first.
"""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from eval.cli import main
from eval.data import load_rows

ROOT = Path(__file__).resolve().parents[1]


def score_argv(data: Path, predictions: Path, *extra: str) -> list[str]:
    argv = ["score", "vlmbias", "--data", str(data), "--config", "game_boards", "--split", "main"]
    return [*argv, "--predictions", str(predictions), *extra]


@pytest.fixture
def predictions(lite_build: Path, tmp_path: Path) -> Path:
    """Replies to every row of game_boards/main: the right answer for each."""
    rows = load_rows(lite_build, "game_boards", "main")
    path = tmp_path / "replies.jsonl"
    path.write_text(
        "".join(json.dumps({"ID": r["ID"], "response": f"{{{r['ground_truth']}}}"}) + "\n" for r in rows)
    )
    return path


def one_sentence(err: str) -> str:
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("spelling", ["same", "relative", "symlink"])
def test_an_out_that_is_the_predictions_file_is_refused(
    lite_build, predictions, capsys, monkeypatch, spelling
):
    """Defect 5: `--out` equal to `--predictions` overwrote the replies."""
    before = predictions.read_bytes()
    out = {
        "same": predictions,
        "relative": Path("..") / predictions.parent.name / predictions.name,
        "symlink": predictions.parent / "link.json",
    }[spelling]
    if spelling == "symlink":
        out.symlink_to(predictions)
    monkeypatch.chdir(predictions.parent)
    assert main(score_argv(lite_build, predictions, "--out", str(out))) == 2
    assert "is the input" in one_sentence(capsys.readouterr().err)
    assert predictions.read_bytes() == before


def test_an_out_inside_the_dataset_folder_is_refused(lite_build, predictions, capsys):
    """Defect 5: metrics written inside `--data` would become part of the dataset."""
    before = sorted(lite_build.rglob("*"))
    assert main(score_argv(lite_build, predictions, "--out", str(lite_build / "metrics.json"))) == 2
    assert "is inside the dataset folder" in one_sentence(capsys.readouterr().err)
    assert sorted(lite_build.rglob("*")) == before


def test_a_write_that_fails_half_way_keeps_the_previous_output(lite_build, predictions, tmp_path):
    """Defect 5: a failed write (disk full) left the previous `--out` truncated; now it is untouched."""
    previous = tmp_path / "prev.json"
    previous.write_text('{"accuracy": 0.5}\n')

    def small_disk() -> None:  # every file this process writes is cut at 64 bytes (EFBIG), like a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))

    done = subprocess.run(
        [sys.executable, "-m", "eval", *score_argv(lite_build, predictions, "--out", str(previous))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=small_disk,
    )
    assert done.returncode == 2
    assert one_sentence(done.stderr).startswith(f"error: cannot write to '{previous}' (")
    assert previous.read_text() == '{"accuracy": 0.5}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prev.json", "replies.jsonl"]


def test_a_successful_write_replaces_the_previous_output(lite_build, predictions, tmp_path):
    """Defect 5: the atomic write still replaces an earlier result."""
    out = tmp_path / "metrics.json"
    out.write_text("old")
    assert main(score_argv(lite_build, predictions, "--out", str(out))) == 0
    assert json.loads(out.read_text())["accuracy"] == 1.0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["metrics.json", "replies.jsonl"]


def test_data_that_is_not_a_dataset_is_one_sentence(predictions, tmp_path, capsys):
    """Defect 11: `--data` on a folder that is not a dataset raised DataFilesNotFoundError."""
    (tmp_path / "notes.txt").write_text("not a dataset")
    assert main(score_argv(tmp_path, predictions)) == 2
    assert "has no manifest.json, so it is not a folder written by `build`" in one_sentence(
        capsys.readouterr().err
    )


def test_a_build_with_a_shard_deleted_is_one_sentence(lite_build, predictions, tmp_path, capsys):
    """Defect 11: a build with a shard deleted raised ArrowInvalid."""
    copy = tmp_path / "vlmbias"
    shutil.copytree(lite_build, copy)
    (copy / "game_boards" / "main-00000-of-00001.parquet").unlink()
    assert main(score_argv(copy, predictions)) == 2
    err = one_sentence(capsys.readouterr().err)
    assert "shard game_boards/main-00000-of-00001.parquet listed in the manifest is missing" in err


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "holds no predictions; nothing to score"),
        (["", "  "], "holds no predictions; nothing to score"),
        (
            [{"ID": "no-such-row", "response": "{1}"}, {"ID": "nor-this", "response": "{2}"}],
            "none of the 2 predictions in ",
        ),
    ],
    ids=["empty", "blank", "unknown-ids"],
)
def test_predictions_that_match_no_row_exit_2(lite_build, tmp_path, capsys, lines, message):
    """Defect 14: empty predictions or only unknown ids exited 0 with null metrics."""
    path = tmp_path / "replies.jsonl"
    path.write_text("".join((json.dumps(line) if isinstance(line, dict) else line) + "\n" for line in lines))
    out = tmp_path / "metrics.json"
    assert main(score_argv(lite_build, path, "--out", str(out))) == 2
    assert message in one_sentence(capsys.readouterr().err)
    assert not out.exists()


def test_data_at_the_parent_of_a_dataset_names_the_dataset_folders(lite_build, predictions, capsys):
    """Defect 15: `--data` at the parent of a dataset said "choose from: default"."""
    assert main(score_argv(lite_build.parent, predictions)) == 2
    err = one_sentence(capsys.readouterr().err)
    assert f"holds dataset folders, not a dataset; pass one of: {lite_build}" in err
