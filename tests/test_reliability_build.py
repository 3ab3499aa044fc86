"""Builds never lose or corrupt a dataset: concurrent writers, interrupted swaps, bad targets (issue 18).

Most tests copy the session's tiny real build (`tiny_build`: VI-Probe `muller_lyer`, lite preset) and
attack the copy.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from builders.cli import main
from builders.core.atomic import staged
from builders.core.build import build
from builders.core.manifest import Manifest
from builders.families import family_names, get_family

ROOT = Path(__file__).resolve().parents[1]
LITE = ["--preset", "lite", "--workers", "1", "--no-progress"]


def copy_build(tiny_build: Path, tmp_path: Path) -> Path:
    """A private copy of the tiny build at `tmp_path/out/vi-probe`."""
    folder = tmp_path / "out" / tiny_build.name
    shutil.copytree(tiny_build, folder)
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def wait_for(condition, process: subprocess.Popen, what: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        if process.poll() is not None:
            pytest.fail(f"the process ended before {what}: {process.communicate()}")
        time.sleep(0.02)
    pytest.fail(f"timed out waiting for {what}")


def test_a_second_build_into_the_same_target_is_refused_naming_the_first(tmp_path, capsys):
    """Defect 1: two builds of different configs into one --out both exited 0 and one was lost."""
    out = tmp_path / "out"
    command = [sys.executable, "-m", "builders", "build", "vlmbias", "--config", "game_boards", *LITE]
    first = subprocess.Popen([*command, "--out", str(out)], cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: any(out.glob(".vlmbias.partial-*")), first, "the first build started writing")
        first.send_signal(signal.SIGSTOP)  # hold it mid-build, its lock taken
        code = main(["build", "vlmbias", "--config", "flags", *LITE, "--out", str(out)])
    finally:
        first.send_signal(signal.SIGCONT)
    _, first_err = first.communicate(timeout=120)
    err = capsys.readouterr().err
    assert first.returncode == 0, first_err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(
        f"error: '{out / 'vlmbias'}' is being written by another process (pid {first.pid}: "
    )
    assert "-m builders build vlmbias --config game_boards" in err and "wait for it to finish" in err
    assert set(Manifest.read(out / "vlmbias").configs) == {"game_boards"}
    assert sorted(os.listdir(out)) == ["vlmbias"]  # no lock file, staging or retired folder left


def test_an_interrupt_between_the_two_renames_keeps_the_old_folder(tmp_path, monkeypatch):
    """Defect 2: an interrupt between the renames of the swap left the dataset in `.NAME.retired-PID`."""
    final = tmp_path / "data"
    final.mkdir()
    (final / "old.txt").write_text("old")
    rename, calls = os.rename, []

    def rename_then_interrupt(source, target):
        calls.append(target)
        if len(calls) == 2:  # the old folder is aside; the new one is not yet in place
            raise KeyboardInterrupt
        rename(source, target)

    monkeypatch.setattr(os, "rename", rename_then_interrupt)
    with pytest.raises(KeyboardInterrupt), staged(final) as staging:
        (staging / "new.txt").write_text("new")
    monkeypatch.undo()
    assert len(calls) == 3  # aside, (interrupted), back
    assert sorted(os.listdir(tmp_path)) == ["data"] and (final / "old.txt").read_text() == "old"


SWAP_SCRIPT = """
import os, signal, sys, time
from pathlib import Path
from builders.core.atomic import staged

rename, calls, how = os.rename, [], sys.argv[2]

def rename_and_signal(source, target):
    rename(source, target)
    calls.append(target)
    if len(calls) == 1:  # between the renames: the old folder is aside, the new one not yet in place
        os.kill(os.getpid(), getattr(signal, how))
        time.sleep(0.5)

os.rename = rename_and_signal
try:
    with staged(Path(sys.argv[1])) as staging:
        (staging / "new.txt").write_text("new")
except KeyboardInterrupt:
    sys.exit(130)
"""


def swap_interrupted(final: Path, how: str) -> subprocess.CompletedProcess:
    """Swap a new folder over `final` in a real process that receives signal `how` between the renames."""
    script = textwrap.dedent(SWAP_SCRIPT)
    return subprocess.run(
        [sys.executable, "-c", script, str(final), how], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_a_real_sigint_between_the_renames_waits_for_the_swap_to_finish(tmp_path):
    """Defect 2, with a real SIGINT at that exact step: the swap completes, then the process stops."""
    final = tmp_path / "data"
    final.mkdir()
    (final / "old.txt").write_text("old")
    done = swap_interrupted(final, "SIGINT")
    assert done.returncode == 130, done.stderr
    assert sorted(os.listdir(tmp_path)) == ["data"] and sorted(os.listdir(final)) == ["new.txt"]


def test_a_run_killed_between_the_renames_is_restored_by_the_next_verify_and_build(
    tiny_build, tmp_path, capsys
):
    """Defect 2: after a SIGKILL between the renames, verify restores the folder, and so does a build."""
    folder = copy_build(tiny_build, tmp_path)
    before = snapshot(folder)
    assert swap_interrupted(folder, "SIGKILL").returncode == -signal.SIGKILL
    left = sorted(re.sub(r"-[0-9]+$", "", p.name) for p in folder.parent.iterdir() if "partial" not in p.name)
    assert left == [".vi-probe.lock", ".vi-probe.retired"]  # the dataset is aside, the new one half-made
    assert main(["verify", str(folder), "--no-redraw"]) == 0
    assert f"note: restored '{folder}' (the previous build" in capsys.readouterr().err
    assert snapshot(folder) == before and os.listdir(folder.parent) == ["vi-probe"]

    assert swap_interrupted(folder, "SIGKILL").returncode == -signal.SIGKILL
    build(
        get_family("viprobe"), configs=["ponzo"], preset="lite", out=folder.parent, workers=1, progress=False
    )
    assert set(Manifest.read(folder).configs) == {"muller_lyer", "ponzo"}
    assert os.listdir(folder.parent) == ["vi-probe"]


@pytest.mark.parametrize("inside", [".", "muller_lyer", "muller_lyer/deeper"])
def test_an_out_inside_the_dataset_folder_is_refused(tiny_build, tmp_path, capsys, inside):
    """Defect 3: `--out D/vlmbias` wrote a dataset inside the dataset."""
    folder = copy_build(tiny_build, tmp_path)
    before = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    code = main(["build", "viprobe", "--config", "ponzo", *LITE, "--out", str(folder / inside)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert (
        f"the dataset folder '{folder}' (its next build would delete it); pass a folder outside it, e.g. "
        f"--out '{folder.parent}'"
    ) in err
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == before


def test_build_all_checks_every_target_before_building_any(tmp_path, capsys):
    """Defect 4: `build all` built the first families before refusing a later family's target."""
    last = get_family(family_names()[-1]).repo_name
    (tmp_path / last).mkdir()
    (tmp_path / last / "notes.txt").write_text("mine")
    code = main(["build", "all", *LITE, "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and f"'{tmp_path / last}' exists but is not a dataset folder written by `build`" in err
    assert os.listdir(tmp_path) == [last] and os.listdir(tmp_path / last) == ["notes.txt"]


@contextlib.contextmanager
def undeletable(path: Path, within: Path) -> Iterator[None]:
    """Make `path` undeletable for this process: immutable as root, its folder read-only otherwise.

    Afterwards everything under `within` is deletable again, wherever a build moved `path` to.
    """
    if os.geteuid() != 0:
        mode = path.parent.stat().st_mode
        path.parent.chmod(0o555)
        try:
            yield
        finally:
            path.parent.chmod(mode)
        return
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)]).returncode != 0:
        pytest.skip("as root, a file can only be made undeletable with chattr +i, which fails here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-R", "-i", str(within)], check=True)


def test_a_rebuild_over_a_read_only_target_is_refused_and_leaves_nothing_behind(tiny_build, tmp_path, capsys):
    """Defect 6: a rebuild over a read-only target left a `.vlmbias.retired-PID` folder behind."""
    folder = copy_build(tiny_build, tmp_path)
    before = snapshot(folder)
    shard = next(folder.glob("muller_lyer/*.parquet"))
    with undeletable(shard, within=folder.parent):
        code = main(["build", "viprobe", "--config", "ponzo", *LITE, "--out", str(folder.parent)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"error: '{folder}' cannot be replaced: " in err and "make the folder writable" in err
    assert os.listdir(folder.parent) == ["vi-probe"] and snapshot(folder) == before


def catches_sigterm(pid: int) -> bool:
    """Whether `pid` has a SIGTERM handler: the first thing our `__main__` installs (Python has none)."""
    status = Path(f"/proc/{pid}/status").read_text()
    caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught, 16) & (1 << (signal.SIGTERM - 1)))


#: How each command line starts: `python -m builders`, `python -m eval` and `python upload.py`.
COMMANDS = {
    "builders": ["-m", "builders", "list"],
    "eval": ["-m", "eval", "write-tasks", "--check"],
    "upload": ["upload.py", "build/nothing", "--repo", "org/x", "--version", "v1.0.0", "--dry-run"],
}


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads signal masks from /proc")
@pytest.mark.parametrize(
    ("command", "moment"),
    [("builders", "at once"), ("builders", 0.3), ("eval", "at once"), ("upload", "at once")],
)
def test_ctrl_c_while_the_command_starts_is_one_line_and_exit_130(command, moment):
    """Defect 12: SIGINT in the first half second printed a 26-line traceback (imports came first).

    "at once" is as soon as the handler is in place, before the command's heavy imports; 0.3 s
    is in the middle of them.
    """
    process = subprocess.Popen(
        [sys.executable, *COMMANDS[command]],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    if moment == "at once":
        wait_for(lambda: catches_sigterm(process.pid), process, "an interrupt handler was installed", 10)
    else:
        time.sleep(moment)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err.startswith("error: interrupted") and err.count("\n") == 1, err
