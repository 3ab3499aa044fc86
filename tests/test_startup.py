"""Commands that do little import little: no `datasets`, pandas or pyarrow before they are needed.

Every command here is run as `python -m builders` / `python -m eval` runs it (`main()` reading
`sys.argv`) in a process that has imported nothing but the command line's module, then reports
which of the heavy libraries it loaded. The helping commands and every command refused before its
work starts (bad arguments, a missing or foreign folder, an unknown config or split, an unreadable
predictions file) load none of them. Issue 30: `--help` used to spend 1.5 s importing `datasets`;
issue 36: a refused build imported pyarrow.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("datasets", "pandas", "pyarrow")

#: Imports a command line's module once, then runs each command (a JSON list of argument lists on
#: standard input) in a child forked from it, as `python -m` would run it, and prints per command its
#: exit code, the last line it wrote to standard error and the heavy modules it imported. The first
#: line printed is what importing the module alone loaded.
PROBE = """
import contextlib, io, json, os, sys, traceback
from {module}.cli import main

def heavy():
    return [m for m in {heavy!r} if m in sys.modules]

def run(argv):
    sys.argv = ["{module}", *argv]
    err = io.StringIO()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            try:
                code = main()
            except SystemExit as stop:
                code = stop.code
    except BaseException:
        return {{"code": None, "error": traceback.format_exc(), "heavy": heavy()}}
    return {{"code": code, "error": (err.getvalue().strip().splitlines() or [""])[-1], "heavy": heavy()}}

print(json.dumps(heavy()), flush=True)
for argv in json.load(sys.stdin):
    read, write = os.pipe()
    if os.fork() == 0:
        try:
            os.close(read)
            os.write(write, json.dumps(run(argv)).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        found = pipe.read()
    os.wait()
    print(found.decode(), flush=True)
"""

#: Runs one command line's `main` in a new interpreter, then prints the heavy modules it imported.
ONE_COMMAND = """
import contextlib, io, json, sys
from {module}.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main({argv})
    except SystemExit as stop:
        code = stop.code
print(json.dumps({{"code": code, "heavy": [m for m in {heavy!r} if m in sys.modules]}}))
"""


def run_commands(module: str, commands: list[tuple[str, ...]], cwd: Path) -> dict[tuple[str, ...], dict]:
    """`{command: {"code", "error", "heavy"}}` of each `python -m <module> *command`, from one probe."""
    probe = PROBE.format(module=module, heavy=HEAVY)
    done = subprocess.run(
        [sys.executable, "-c", probe],
        input=json.dumps(commands),
        capture_output=True,
        text=True,
        cwd=cwd,
        check=True,
        timeout=300,
    )
    imported, *results = done.stdout.strip().splitlines()
    assert json.loads(imported) == [], f"importing {module}.cli loads {imported}"
    assert len(results) == len(commands), done.stderr[-2000:]
    return {command: json.loads(result) for command, result in zip(commands, results, strict=True)}


def heavy_imports(module: str, *args: str, cwd: Path, command_line: bool = False) -> dict:
    """Exit code and heavy modules loaded by `python -m <module> args` (its `main`) in a new process.

    `command_line`: `main()` reads the arguments from `sys.argv`, as `python -m` and the installed
    script call it (a build then leaves pandas out), instead of being handed them.
    """
    probe = ONE_COMMAND.format(module=module, heavy=HEAVY, argv="" if command_line else "sys.argv[1:]")
    done = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=cwd, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


TINY = "{tiny}"  # the session's tiny VI-Probe build (`muller_lyer`, lite), a real dataset folder

HELPING = {
    "builders": [("--help",), ("list",), ("params", "vlmbias")],
    "eval": [("--help",), ("score", "--help")],
}

REFUSED = {
    "builders": [
        ("build", "no-such-family"),
        ("build", "vlmbias", "--preset", "no-such-preset"),
        ("build", "vlmbias", "--config", "no_such_topic"),
        ("build", "viprobe", "--config", "no-such-config"),
        ("build", "vlmbias", "--seed", "-1"),
        ("build", "vlmbias", "--params", "missing.toml"),
        ("build", "vlmbias", "--params", "bad.toml"),
        ("build", "vlmbias", "--source", "official"),
        ("build", "aipsych", "--source", "official", "--questions", "missing.json"),
        ("build", "all", "--config", "flags"),
        ("build", "vlmbias", "--preset", "lite", "--out", "a-file"),
        ("build", "viprobe", "--preset", "lite", "--out", TINY),
        ("verify", "missing"),
        ("verify", "not-a-dataset"),
        ("verify", "a-file"),
        ("gallery", "not-a-dataset", "--out", "gallery"),
        ("params", "no-such-family"),
        ("params", "vlmbias", "--preset", "no-such-preset"),
    ],
    "eval": [
        ("score", "vlmbias", "--data", "missing", "--config", "all", "--predictions", "replies.jsonl"),
        ("score", "vlmbias", "--data", "not-a-dataset", "--config", "all", "--predictions", "replies.jsonl"),
        ("score", "vlmbias", "--data", TINY, "--config", "all", "--predictions", "replies.jsonl"),
        ("score", "viprobe", "--data", TINY, "--config", "no-such-config", "--predictions", "replies.jsonl"),
        ("score", "viprobe", "--data", TINY, "--config", "muller_lyer", "--split", "no-such-split",
         "--predictions", "replies.jsonl"),
        ("score", "viprobe", "--data", TINY, "--config", "muller_lyer", "--predictions", "missing.jsonl"),
        ("score", "viprobe", "--data", TINY, "--config", "muller_lyer", "--predictions", "garbage.jsonl"),
        ("score", "viprobe", "--data", TINY, "--config", "muller_lyer", "--predictions", "empty.jsonl"),
        ("score", "viprobe", "--data", TINY, "--config", "muller_lyer", "--predictions", "replies.jsonl",
         "--blind", "missing.jsonl"),
        ("score", "viprobe", "--data", TINY, "--config", "muller_lyer", "--predictions", "replies.jsonl",
         "--bootstrap", "-3"),
        ("compare", "missing.json", "missing-too.json"),
        ("compare", "not-scores.json", "not-scores.json"),
        ("tasks", "no-such-family"),
        ("tasks", "vlmbias", "--data", "missing", "--out", "tasks"),
        ("tasks", "vlmbias", "--data", TINY, "--out", "tasks"),
        ("export", "vlmevalkit", "--data", "missing", "--config", "all", "--out", "out.tsv"),
        ("export", "vlmevalkit", "--data", TINY, "--config", "no-such-config", "--out", "out.tsv"),
        ("report", "model=missing.json", "--out", "report"),
        ("report", "missing.json", "--out", "report"),
        ("write-tasks", "--no-such-flag"),
    ],
}  # fmt: skip

#: Commands that do read rows: the probe must see the Parquet stack they load (it can fail).
READING = {
    "builders": [("verify", "--no-redraw", TINY)],
    "eval": [("score", "viprobe", "--data", TINY, "--config", "muller_lyer", "--predictions", "a-row.jsonl")],
}


@pytest.fixture(scope="module")
def results(tiny_build: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """Every command of both command lines, run from a folder holding the files they name."""
    cwd = tmp_path_factory.mktemp("startup")
    (cwd / "a-file").write_text("not a folder", encoding="utf-8")
    (cwd / "not-a-dataset").mkdir()
    (cwd / "bad.toml").write_text("not toml [", encoding="utf-8")
    (cwd / "garbage.jsonl").write_text("not json\n", encoding="utf-8")
    (cwd / "empty.jsonl").write_text("", encoding="utf-8")
    (cwd / "replies.jsonl").write_text('{"id": "no-such-row", "response": "1"}\n', encoding="utf-8")
    (cwd / "not-scores.json").write_text("{}", encoding="utf-8")
    from eval.data import load_rows

    row = load_rows(tiny_build, "muller_lyer", "test")[0]
    (cwd / "a-row.jsonl").write_text(json.dumps({"id": row["id"], "response": "A"}) + "\n", encoding="utf-8")
    found = {}
    for module in ("builders", "eval"):
        commands = [*HELPING[module], *REFUSED[module], *READING[module]]
        filled = [tuple(arg.format(tiny=tiny_build) for arg in command) for command in commands]
        ran = run_commands(module, filled, cwd)
        found.update({_name(module, c): ran[f] for c, f in zip(commands, filled, strict=True)})
    return found


def _name(module: str, command: tuple[str, ...]) -> str:
    return " ".join((module, *command))


def _ids(names: list[str]) -> list[str]:
    return [name.replace(TINY, "TINY") for name in names]


def _cases(commands: dict[str, list[tuple[str, ...]]]) -> list[str]:
    return [_name(module, command) for module, listed in commands.items() for command in listed]


@pytest.mark.parametrize("command", _cases(HELPING), ids=_ids(_cases(HELPING)))
def test_help_list_and_params_import_no_parquet_stack(results: dict[str, dict], command: str) -> None:
    assert results[command]["code"] == 0, results[command]
    assert results[command]["heavy"] == [], f"`python -m {command}` imported {results[command]['heavy']}"


@pytest.mark.parametrize("command", _cases(REFUSED), ids=_ids(_cases(REFUSED)))
def test_a_refused_command_of_either_command_line_imports_no_parquet_stack(
    results: dict[str, dict], command: str
) -> None:
    result = results[command]
    assert result["code"] == 2 and "error: " in result["error"], result
    assert result["heavy"] == [], f"`python -m {command}` imported {result['heavy']} ({result['error']})"


@pytest.mark.parametrize("command", _cases(READING), ids=_ids(_cases(READING)))
def test_the_probe_sees_a_command_that_reads_parquet(results: dict[str, dict], command: str) -> None:
    """The probe can fail: a command that reads the rows of a real folder loads the Parquet stack."""
    assert results[command]["code"] == 0 and "pyarrow" in results[command]["heavy"], results[command]


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


def test_eval_score_reads_a_build_with_pyarrow_alone(results: dict[str, dict]) -> None:
    """`eval score` reads a build's rows through pyarrow's Parquet reader alone: `pq.read_table` would
    import pyarrow.dataset and with it pandas, 0.2 s of a 0.45 s command."""
    (command,) = READING["eval"]
    assert results[_name("eval", command)]["heavy"] == ["pyarrow"]
