"""Every `--out` is checked by one writer (`builders.core.outputs`) before anything is written (issue 42,
items 1, 2, 3, 10, 14, 15 and 16).

Each test is a way a user's `--out` destroyed something or ended in a traceback: a device or pipe
replaced by a regular file, a score written inside a dataset folder (which its next build deletes), a
user's file deleted from a report folder or a task folder, a symbolic link loop, a name that is not
UTF-8 or over 255 bytes, a read-only tree. Devices are never written: the device nodes here are made
in the test's own folder (`os.mknod`, as root) or are pipes (`os.mkfifo`), and `/dev/null` itself is
only given to the check, which writes nothing.

Reads the session's tiny VI-Probe build (`tiny_build`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from builders.cli import main as builders_main
from builders.core.errors import UsageError
from eval.cli import main
from eval.data import load_rows
from eval.registry import family_eval
from eval.tasks.declaration import GENERATED, write_files
from tests.hostile_files import own_sigterm

ROOT = Path(__file__).resolve().parents[1]
CONFIG, SPLIT = "muller_lyer", "test"
LONG_NAME = "n" * 256 + ".json"


@pytest.fixture(scope="module")
def inputs(tiny_build: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Replies to every row and the score JSON they give."""
    folder = tmp_path_factory.mktemp("inputs")
    replies = folder / "replies.jsonl"
    rows = load_rows(tiny_build, CONFIG, SPLIT)
    replies.write_text(
        "".join(json.dumps({"id": row["id"], "response": "<answer>1</answer>"}) + "\n" for row in rows)
    )
    score = folder / "score.json"
    assert main([*_score(tiny_build, replies), "--out", str(score)]) == 0
    return {"replies": replies, "score": score}


def _score(data: Path, replies: Path) -> list[str]:
    argv = ["score", "viprobe", "--data", str(data), "--config", CONFIG, "--split", SPLIT, "--bootstrap", "0"]
    return [*argv, "--predictions", str(replies)]


def refused(code: int, capsys: pytest.CaptureFixture[str], phrase: str) -> str:
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and phrase in err, (code, err)
    return err


def commands(data: Path, inputs: dict[str, Path]) -> dict[str, Callable[[Path], list[str]]]:
    """Every eval command that writes, as argv for a given `--out`."""
    score, bootstrap = str(inputs["score"]), ["--bootstrap", "0"]
    return {
        "score": lambda out: [*_score(data, inputs["replies"]), "--out", str(out)],
        "compare": lambda out: ["compare", score, score, *bootstrap, "--out", str(out)],
        "report": lambda out: ["report", f"m={score}", "--out", str(out)],
        "export": lambda out: [
            "export",
            "vlmevalkit",
            "--data",
            str(data),
            "--config",
            CONFIG,
            "--out",
            str(out),
        ],
        "tasks": lambda out: ["tasks", "viprobe", "--data", str(data), "--out", str(out)],
    }


def devices(folder: Path) -> list[Path]:
    """Non-regular files to stand where `--out` points: a pipe, and as root a character device node
    (the numbers of /dev/null, but a node of the test's own folder)."""
    pipe = folder / "pipe.tsv"
    os.mkfifo(pipe)
    made = [pipe]
    if os.geteuid() == 0:
        node = folder / "device.tsv"
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        made.append(node)
    return made


@pytest.mark.parametrize("command", ["score", "compare", "export"])
def test_an_out_that_is_a_device_or_a_pipe_is_refused_and_left_as_it_is(
    command: str, tiny_build: Path, inputs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    """Item 1: `--out` naming a device node replaced it with a regular file (`--out /dev/null` as root
    replaced the system's /dev/null); a pipe likewise."""
    for node in devices(tmp_path):
        kind = os.stat(node).st_mode
        code = main(commands(tiny_build, inputs)[command](node))
        what = "a named pipe (FIFO)" if stat.S_ISFIFO(kind) else "a character device"
        refused(code, capsys, f"--out '{node}' is {what}, not a file; pass the path of a file")
        assert os.stat(node).st_mode == kind  # still the same node
    assert all(not path.is_file() for path in tmp_path.iterdir())  # nothing was written beside them


def test_the_check_refuses_dev_null_itself_without_writing_anything() -> None:
    """Item 1, on the real device: only the check runs (it opens nothing and writes nothing)."""
    from builders.core.outputs import check_file

    before = os.stat("/dev/null")
    with pytest.raises(UsageError, match=r"^--out '/dev/null' is a character device, not a file; pass"):
        check_file(Path("/dev/null"))
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


@pytest.mark.parametrize("command", ["score", "compare"])
def test_an_out_inside_any_dataset_folder_is_refused(
    command: str, tiny_build: Path, inputs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    """Item 2: `eval score --out` and `eval compare --out` wrote inside a dataset folder (another build
    than `--data`, for score), which the folder's next build deletes without a word."""
    other = tmp_path / "other-build"
    shutil.copytree(tiny_build, other)
    before = sorted(path.relative_to(other) for path in other.rglob("*"))
    out = other / "muller_lyer" / "scores.json"
    code = main(commands(tiny_build, inputs)[command](out))
    refused(
        code, capsys, f"--out '{out}' is inside the dataset folder '{other}' (its next build would delete it)"
    )
    assert sorted(path.relative_to(other) for path in other.rglob("*")) == before


def test_a_report_run_twice_keeps_a_file_the_user_put_in_its_folder(
    inputs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    """Item 3: `eval report --out DIR` run twice deleted a file the user had put in DIR in between."""
    out = tmp_path / "report"
    argv = ["report", f"m={inputs['score']}", "--out", str(out)]
    assert main(argv) == 0
    assert main(argv) == 0  # its own earlier output is replaced
    (out / "notes.txt").write_text("mine")
    refused(
        main(argv), capsys, f"--out '{out}' holds 'notes.txt', which `python -m eval report` did not write"
    )
    assert (out / "notes.txt").read_text() == "mine"
    (out / "notes.txt").unlink()
    (out / "index.html").write_text("edited by hand")
    refused(
        main(argv), capsys, "holds 'index.html', which has changed since `python -m eval report` wrote it"
    )
    assert (out / "index.html").read_text() == "edited by hand"


def test_write_tasks_keeps_a_users_own_yaml_and_removes_only_what_it_generated(tmp_path: Path) -> None:
    """Item 3: `write-tasks` deleted a user's own YAML in `eval/tasks/<family>/` (any `.yaml` it did not
    declare); now only a file that begins with its generated header."""
    tasks = dataclasses.replace(family_eval("aipsych").tasks(), folder=tmp_path)
    written = write_files(tasks)
    mine = tmp_path / "my_variant.yaml"
    mine.write_text("include: _default_template_yaml\ntask: my_variant\n")
    left_over = tmp_path / "aipsych_retired_task.yaml"
    left_over.write_text(GENERATED.format(source="eval/tasks/aipsych/declaration.py") + "task: retired\n")
    assert write_files(tasks) == written
    assert mine.read_text() == "include: _default_template_yaml\ntask: my_variant\n"
    assert not left_over.exists()
    assert all(path.read_text().startswith("# Generated from ") for path in written)


def test_a_symbolic_link_loop_as_out_is_one_sentence_for_every_command(
    tiny_build: Path, inputs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    """Item 10: a symbolic link loop as `--out` raised `RuntimeError: Symlink loop` (build, score,
    compare, report, export, tasks)."""
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    for name, argv in commands(tiny_build, inputs).items():
        out = loop if name in ("report", "tasks") else loop / "out.tsv"
        refused(
            main(argv(out)),
            capsys,
            "leads through a symbolic link loop; remove the loop or choose another --out",
        )
    with own_sigterm():
        code = builders_main(["build", "viprobe", "--config", CONFIG, "--preset", "lite", "--out", str(loop)])
    refused(code, capsys, f"--out '{loop}' leads through a symbolic link loop")


@pytest.mark.parametrize("command", ["export", "tasks", "score"])
def test_an_out_that_is_not_utf8_is_refused_before_anything_is_written(
    command: str, tiny_build: Path, inputs: dict[str, Path], tmp_path: Path
) -> None:
    """Item 14: a non-UTF-8 `--out` with a strict UTF-8 standard output: `export` and `tasks` wrote the
    file, then crashed printing its name."""
    out = bytes(tmp_path) + b"/out\xff.tsv"
    argv = [os.fsencode(part) for part in commands(tiny_build, inputs)[command](tmp_path / "x")[:-1]]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    done = subprocess.run(
        [os.fsencode(sys.executable), b"-m", b"eval", *argv, out],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.decode("utf-8").splitlines() == [
        f"error: --out '{tmp_path}/out\\xff.tsv' is not a UTF-8 path (a terminal cannot print it); choose a "
        "--out whose path is UTF-8"
    ]
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_a_name_over_255_bytes_is_one_sentence(
    tiny_build: Path, inputs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    """Item 15: a file name over 255 bytes: `export`, `score`, `compare`, `report --out` and
    `build --params` gave `OSError: File name too long`."""
    for name, argv in commands(tiny_build, inputs).items():
        out = tmp_path / (LONG_NAME.replace(".json", ".tsv") if name == "export" else LONG_NAME)
        err = refused(main(argv(out)), capsys, "has a name too long for a file system (26")  # 260 or 261
        assert err.endswith(" bytes in one part; at most 255, and 4,096 in all); choose a shorter --out\n"), (
            err
        )
    params = tmp_path / (LONG_NAME.replace(".json", ".toml"))
    with own_sigterm():
        code = builders_main(["build", "viprobe", "--params", str(params), "--out", str(tmp_path / "b")])
    refused(code, capsys, "has a name too long for a file system (a file name has at most 255 bytes)")
    assert sorted(tmp_path.iterdir()) == []


def test_write_tasks_on_a_read_only_tree_is_one_sentence(tmp_path: Path) -> None:
    """Item 16: `write-tasks` on a read-only tree raised `OSError: Read-only file system`.

    A copy of `eval/tasks` with one stale file is mounted read-only over the package's own, in a
    mount namespace of the command's own (`unshare -m`): no other process sees it.
    """
    if shutil.which("unshare") is None or os.geteuid() != 0:
        pytest.skip("needs root and unshare for a private read-only mount")
    copy = tmp_path / "tasks"
    shutil.copytree(ROOT / "eval" / "tasks", copy, ignore=shutil.ignore_patterns("__pycache__"))
    stale = copy / "aipsych" / "_default_template_yaml"
    stale.write_text(stale.read_text() + "# changed\n")
    script = (
        f"mount --bind -o ro {copy} {ROOT / 'eval' / 'tasks'} && "
        f"PYTHONDONTWRITEBYTECODE=1 {sys.executable} -m eval write-tasks"
    )
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    if "mount:" in done.stderr:
        pytest.skip(f"no private mount here: {done.stderr.strip()}")
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"error: cannot write the task files of aipsych: '{ROOT / 'eval' / 'tasks' / 'aipsych'}' is on a "
        "read-only file system; run write-tasks in a writable checkout"
    ]
    assert stale.read_text().endswith("# changed\n")
