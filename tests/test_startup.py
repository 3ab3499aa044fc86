"""Commands that do little import little: no `datasets`, pandas or pyarrow before they are needed.

Each command runs in a fresh interpreter (start-up is what a user waits for), then reports which of
the heavy libraries it loaded. Issue 30: `--help` used to spend 1.5 s importing `datasets`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("datasets", "pandas", "pyarrow")

#: Runs a command line's `main` in this interpreter, then prints the heavy modules it imported.
PROBE = """
import contextlib, io, json, sys
from {module}.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main({argv})
    except SystemExit as stop:
        code = stop.code
print(json.dumps({{"code": code, "heavy": [m for m in {heavy!r} if m in sys.modules]}}))
"""


def heavy_imports(module: str, *args: str, cwd: Path, command_line: bool = False) -> dict:
    """Exit code and heavy modules loaded by `python -m <module> args` (its `main`) in a new process.

    `command_line`: `main()` reads the arguments from `sys.argv`, as `python -m` and the installed
    script call it (a build then leaves pandas out), instead of being handed them.
    """
    probe = PROBE.format(module=module, heavy=HEAVY, argv="" if command_line else "sys.argv[1:]")
    done = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=cwd, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


LIGHT_BUILDER_COMMANDS = [
    ("--help",),
    ("list",),
    ("params", "vlmbias"),
    ("build", "no-such-family"),
    ("build", "vlmbias", "--preset", "no-such-preset"),
    ("build", "viprobe", "--config", "no-such-config"),
    ("build", "vlmbias", "--seed", "-1"),
    ("build", "aipsych", "--source", "official", "--questions", "missing.json"),
]


@pytest.mark.parametrize("args", LIGHT_BUILDER_COMMANDS, ids=" ".join)
def test_builder_commands_that_write_nothing_import_no_parquet_stack(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    result = heavy_imports("builders", *args, cwd=tmp_path)
    assert result["heavy"] == [], f"`python -m builders {' '.join(args)}` imported {result['heavy']}"


LIGHT_EVAL_COMMANDS = [
    ("--help",),
    ("score", "--help"),
    ("score", "vlmbias", "--data", "missing", "--predictions", "missing.jsonl"),
    ("tasks", "no-such-family"),
    ("export", "vlmevalkit", "--data", "missing", "--config", "all", "--out", "out.tsv"),
]


@pytest.mark.parametrize("args", LIGHT_EVAL_COMMANDS, ids=" ".join)
def test_eval_commands_refused_or_helping_import_no_parquet_stack(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    result = heavy_imports("eval", *args, cwd=tmp_path)
    assert result["heavy"] == [], f"`python -m eval {' '.join(args)}` imported {result['heavy']}"


def test_a_refused_target_imports_no_parquet_stack(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = heavy_imports(
        "builders", "build", "vlmbias", "--preset", "lite", "--out", str(blocker), cwd=tmp_path
    )
    assert result["code"] == 2 and result["heavy"] == []


def test_a_refused_verify_imports_no_parquet_stack(tmp_path: Path) -> None:
    (tmp_path / "not-a-dataset").mkdir()
    result = heavy_imports("builders", "verify", str(tmp_path / "not-a-dataset"), cwd=tmp_path)
    assert result["code"] == 2 and result["heavy"] == []


def test_the_probe_sees_a_command_that_reads_parquet(tiny_build: Path, tmp_path: Path) -> None:
    """The probe can fail: `verify --no-redraw` of a real folder loads the Parquet stack."""
    result = heavy_imports("builders", "verify", "--no-redraw", str(tiny_build), cwd=tmp_path)
    assert result["code"] == 0 and "pyarrow" in result["heavy"]


def test_a_build_writes_parquet_with_pyarrow_alone(tmp_path: Path) -> None:
    """`python -m builders build` imports neither `datasets` nor pandas (a second of start-up); `datasets`
    reads what it wrote."""
    from datasets import load_dataset

    out = tmp_path / "out"
    args = ("build", "vlmbias", "--config", "game_boards", "--preset", "lite", "--workers", "1")
    command = (*args, "--out", str(out), "--no-progress")
    result = heavy_imports("builders", *command, cwd=tmp_path, command_line=True)
    assert result["code"] == 0 and result["heavy"] == ["pyarrow"]
    handed = heavy_imports("builders", *command, cwd=tmp_path)  # a caller's process keeps pandas
    assert handed["code"] == 0 and "datasets" not in handed["heavy"]
    boards = load_dataset(str(out / "vlmbias"), "game_boards", split="main")
    assert len(boards) > 0 and boards[0]["image"].size == (boards[0]["width"], boards[0]["height"])
