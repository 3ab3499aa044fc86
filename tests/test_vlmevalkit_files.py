"""Prediction files `eval score` refuses, and exports `eval export vlmevalkit` refuses: one sentence, exit 2.

Each hostile file stands for a mistake a VLMEvalKit user makes: the wrong file or format, a spreadsheet
saved with a byte-order mark, a file of another export (unknown indexes, other ids), a damaged
workbook. Nothing is written to `--out` when the command refuses.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook

from builders.core.folder import BuiltFolder
from eval.cli import main as eval_cli
from eval.data import load_rows

CONFIG, SPLIT = "patterned_grids", "main"


@pytest.fixture(scope="module")
def row_ids(lite_build: Path) -> list[str]:
    return [row["id"] for row in load_rows(lite_build, CONFIG, SPLIT)]


def tsv(lines: list[list[object]], delimiter: str = "\t") -> str:
    """`lines` as VLMEvalKit's `dump` writes a table: every cell quoted."""
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows(lines)
    return buffer.getvalue()


def xlsx(path: Path, lines: list[list[object]]) -> None:
    book = Workbook()
    for line in lines:
        book.active.append(line)
    book.save(path)


def good(ids: list[str]) -> list[list[object]]:
    return [["index", "prediction", "id"], *([i, "{3}", row_id] for i, row_id in enumerate(ids))]


#: name -> (file name, writer of the file given the split's ids, a phrase the error must hold)
HOSTILE: dict[str, tuple[str, Callable[[Path, list[str]], None], str]] = {
    "missing file": ("absent.xlsx", lambda path, ids: None, "does not exist"),
    "byte-order mark": (
        "bom.tsv",
        lambda path, ids: path.write_bytes(codecs.BOM_UTF8 + tsv(good(ids)).encode()),
        "byte-order mark",
    ),
    "no prediction column": (
        "columns.tsv",
        lambda path, ids: path.write_text(tsv([["index", "answer"], [0, "3"]])),
        "no 'prediction' column",
    ),
    "no index column": (
        "noindex.csv",
        lambda path, ids: path.write_text(tsv([["id", "prediction"], [ids[0], "3"]], ",")),
        "no 'index' column",
    ),
    "tab-separated file named .csv": (
        "tabs.csv",
        lambda path, ids: path.write_text(tsv(good(ids))),
        "is not a comma-separated table",
    ),
    "unknown index": (
        "unknown.tsv",
        lambda path, ids: path.write_text(tsv([["index", "prediction"], [len(ids) + 7, "3"]])),
        "is not a row of the export",
    ),
    "repeated index": (
        "twice.tsv",
        lambda path, ids: path.write_text(tsv([["index", "prediction"], [0, "3"], [0, "4"]])),
        "already has a prediction",
    ),
    "index not a number": (
        "word.tsv",
        lambda path, ids: path.write_text(tsv([["index", "prediction"], ["first", "3"]])),
        "not a whole number",
    ),
    "id of another row": (
        "shifted.xlsx",
        lambda path, ids: xlsx(path, [["index", "prediction", "id"], [0, "3", ids[1]]]),
        "but the file gives id",
    ),
    "jsonl named .xlsx": (
        "replies.xlsx",
        lambda path, ids: path.write_text('{"id": "x", "response": "3"}\n'),
        "is not an Excel workbook",
    ),
    "zip that is no workbook": (
        "archive.xlsx",
        lambda path, ids: zipfile.ZipFile(path, "w").writestr("hello.txt", "hi"),
        "is not an Excel workbook",
    ),
    "not UTF-8": (
        "latin.csv",
        lambda path, ids: path.write_bytes("index,prediction\n0,caf\xe9\n".encode("latin-1")),
        "is not UTF-8",
    ),
    "unbalanced quote": (
        "quote.tsv",
        lambda path, ids: path.write_text('"index"\t"prediction"\n"0"\t"open\n'),
        "is not a tab-separated table",
    ),
    "empty file": ("empty.tsv", lambda path, ids: path.write_text(""), "is empty"),
    "header only": (
        "header.tsv",
        lambda path, ids: path.write_text(tsv([["index", "prediction"]])),
        "holds no predictions",
    ),
    "a folder": ("folder.tsv", lambda path, ids: path.mkdir(), "is a folder, not a file"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_prediction_files_are_refused_in_one_sentence(
    lite_build, row_ids, tmp_path, capsys, case
) -> None:
    name, write, phrase = HOSTILE[case]
    path = tmp_path / name
    write(path, row_ids)
    out = tmp_path / "score.json"
    argv = ["score", "vlmbias", "--data", str(lite_build), "--config", CONFIG, "--split", SPLIT]
    assert eval_cli([*argv, "--predictions", str(path), "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1 and phrase in error, error
    assert not out.exists()


def test_a_good_file_of_the_same_shapes_is_read(lite_build, row_ids, tmp_path) -> None:
    """The hostile cases fail for their fault alone: the same writers with good lines score alike.

    The `.csv` has Windows line ends and indexes as pandas writes a float column (`0.0`).
    """
    lines = good(row_ids)
    floats = [lines[0], *([f"{index}.0", reply, row_id] for index, reply, row_id in lines[1:])]
    (tmp_path / "good.tsv").write_text(tsv(lines))
    xlsx(tmp_path / "good.xlsx", lines)
    (tmp_path / "good.csv").write_bytes(tsv(floats, ",").replace("\n", "\r\n").encode())
    argv = ["score", "vlmbias", "--data", str(lite_build), "--config", CONFIG, "--split", SPLIT]
    results = []
    for name in ("good.tsv", "good.xlsx", "good.csv"):
        out = tmp_path / f"{name}.json"
        assert (
            eval_cli([*argv, "--predictions", str(tmp_path / name), "--bootstrap", "0", "--out", str(out)])
            == 0
        )
        results.append(json.loads(out.read_text()))
    assert results[0]["n"] == len(row_ids) and not results[0]["missing_ids"]
    assert results[0] == results[1] == results[2]


def export(lite_build: Path, config: str, out: Path) -> int:
    argv = ["export", "vlmevalkit", "--data", str(lite_build), "--config", config, "--split", SPLIT]
    return eval_cli([*argv, "--out", str(out)])


@pytest.mark.parametrize(
    ("out_name", "config", "phrase"),
    [
        ("table.csv", CONFIG, "does not end in .tsv"),
        ("missing-folder/table.tsv", CONFIG, "does not exist"),
        ("table.tsv", "no_such_topic", "no_such_topic"),
        ("inside the build", CONFIG, "inside the dataset folder"),
    ],
)
def test_exports_refused_in_one_sentence_leave_nothing(
    lite_build, tmp_path, capsys, out_name, config, phrase
) -> None:
    out = lite_build / "table.tsv" if out_name == "inside the build" else tmp_path / out_name
    assert export(lite_build, config, out) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1 and phrase in error, error
    assert not out.exists() and not list(out.parent.glob(".*partial*"))


def test_a_failed_write_leaves_the_old_file(lite_build, tmp_path, capsys, monkeypatch) -> None:
    """A failure half-way through the rows leaves what was at --out before, and no partial file."""
    out = tmp_path / "table.tsv"
    out.write_text("the earlier export\n")

    def broken_rows(self, config, split, columns=None):
        yield from ()
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(BuiltFolder, "rows", broken_rows)
    assert export(lite_build, CONFIG, out) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert out.read_text() == "the earlier export\n" and not list(tmp_path.glob(".*partial*"))
