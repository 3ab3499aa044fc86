"""Good inputs of every `python -m eval` reader, made once per test process from the tiny VI-Probe build.

`good_inputs` writes, under the session's temporary folder: replies to every row of `CONFIG`/`SPLIT`
as JSONL (`replies.jsonl`), as VLMEvalKit tables (`.tsv`, `.csv`, `.xlsx`), the score JSON they give
(`score.json`), inspect's own logs of a mock model on five rows (`run.eval`, `run.json`) and an
lmms-eval `--output_path` folder whose samples log holds the score's graded records (`lmms/`). The
hostile tests copy one of them and break it.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from eval.cli import main
from eval.data import load_rows

CONFIG, SPLIT = "muller_lyer", "test"
REPLY = "<answer>1</answer>"
#: The lmms-eval --output_path folder's samples log of our task, in the good folder.
SAMPLES = "lmms/model/run_samples_viprobe_muller_lyer.jsonl"


def score_argv(data: Path) -> list[str]:
    return ["score", "viprobe", "--data", str(data), "--config", CONFIG, "--split", SPLIT]


def good_inputs(tiny_build: Path, factory: pytest.TempPathFactory) -> Path:
    """The folder of good inputs (made on the first call of this process, then reused)."""
    folder = factory.getbasetemp() / "good-eval-inputs"
    if (folder / "done").exists():
        return folder
    folder.mkdir(exist_ok=True)
    rows = load_rows(tiny_build, CONFIG, SPLIT)
    lines = [{"id": row["id"], "response": REPLY} for row in rows]
    (folder / "replies.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    table = [["index", "prediction", "id"], *([n, REPLY, row["id"]] for n, row in enumerate(rows))]
    for suffix, delimiter in ((".tsv", "\t"), (".csv", ",")):
        buffer = io.StringIO()
        csv.writer(buffer, delimiter=delimiter, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows(table)
        (folder / f"replies{suffix}").write_text(buffer.getvalue())
    workbook(folder / "replies.xlsx", table)
    argv = [*score_argv(tiny_build), "--predictions", str(folder / "replies.jsonl")]
    assert main([*argv, "--out", str(folder / "score.json")]) == 0
    inspect_logs(tiny_build, folder)
    units = json.loads((folder / "score.json").read_text())["outcomes"]["units"]
    (folder / "lmms" / "model").mkdir(parents=True)
    (folder / "lmms" / "model" / "run_results.json").write_text("{}")
    (folder / SAMPLES).write_text("".join(json.dumps({"breakdown": unit}) + "\n" for unit in units))
    (folder / "done").touch()
    return folder


def workbook(path: Path, lines: list[list[object]]) -> None:
    """`lines` as openpyxl saves a workbook (a text cell that begins with "=" becomes a formula)."""
    from openpyxl import Workbook

    book = Workbook()
    for line in lines:
        book.active.append(line)
    book.save(path)


def inspect_logs(data: Path, folder: Path) -> None:
    """`run.eval` and `run.json`: inspect's own logs of a mock model on five rows."""
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model

    from eval.inspect.viprobe import viprobe
    from tests.test_inspect_eval import _mock_reply

    model = get_model("mockllm/model", custom_outputs=_mock_reply)
    for log_format in ("eval", "json"):
        task = viprobe(data=str(data), config=CONFIG, split=SPLIT, bootstrap=0)
        (log,) = inspect_eval(
            task,
            model=model,
            limit=5,
            log_dir=str(folder / log_format),
            log_format=log_format,
            display="none",
        )
        Path(log.location).rename(folder / f"run.{log_format}")
