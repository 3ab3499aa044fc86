"""Processes behave (issue 29): worker pools fit the work, readers respect writers, signals stay quiet.

Real processes and real signals throughout:
- `--workers 64` on a two-image build starts at most as many workers as there are images and cores
  (and says it capped them);
- `verify` while another process holds the folder's lock is refused in one sentence naming the
  holder, and a build is refused while `verify` reads the folder;
- SIGINT or SIGTERM once the workers run prints one line and no `resource_tracker` warning; SIGKILL
  of the parent leaves its workers to end without a traceback; Ctrl-C while `__main__` installs its
  handler is the same one line.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from builders.cli import main as builders_cli
from builders.core.atomic import lock_path, locked
from builders.core.pool import pool_size
from builders.core.request import default_workers
from tests.aipsych.release import coco_release

ROOT = Path(__file__).resolve().parents[1]

#: The command lines install their own SIGINT and SIGTERM handlers; pytest gets its own back.
pytestmark = pytest.mark.usefixtures("restore_signals")


def _official(tmp_path: Path, out: Path, *more: str) -> list[str]:
    questions, images = coco_release(tmp_path / "inputs")
    source = ["--source", "official", "--questions", str(questions), "--images", str(images)]
    return [
        sys.executable,
        "-m",
        "builders",
        "build",
        "aipsych",
        *source,
        "--out",
        str(out),
        "--no-progress",
        *more,
    ]


def test_a_pool_never_exceeds_the_work_or_the_cores(tmp_path: Path) -> None:
    cores = default_workers()
    assert pool_size(None, 1000) == cores and pool_size(64, 2) == min(2, cores) and pool_size(64, 0) == 1
    process = subprocess.Popen(
        _official(tmp_path, tmp_path / "out", "--workers", "64"),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    parent, most = psutil.Process(process.pid), 0
    while process.poll() is None:
        try:
            most = max(most, len(parent.children(recursive=True)))
        except psutil.NoSuchProcess:
            break
        time.sleep(0.005)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "2 images" in out
    assert most <= min(2, cores) + 1, (
        f"{most} child processes (workers and multiprocessing's resource tracker)"
    )
    if cores < 64:
        assert f"note: --workers 64 capped to {min(2, cores)} (2 images to draw, {cores} cores here)" in err


def _hold(how: str, folder: Path) -> subprocess.Popen[str]:
    """A process holding `folder`'s lock as a build (`locked`) or a reader (`reading`) until killed."""
    code = (
        "import sys, time; from pathlib import Path; from builders.core import atomic\n"
        f"with atomic.{how}(Path(sys.argv[1])):\n"
        "    print('held', flush=True); time.sleep(120)"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_verify_respects_a_build_writing_the_folder_and_the_reverse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = _official(tmp_path, tmp_path / "out", "--workers", "1")
    assert subprocess.run(command, cwd=ROOT, capture_output=True, timeout=120).returncode == 0
    folder = tmp_path / "out" / "aipsych"
    holder = _hold("locked", folder)
    try:
        assert builders_cli(["verify", str(folder), "--workers", "1"]) == 2
    finally:
        holder.kill()
        holder.wait()
    err = capsys.readouterr().err
    assert err.startswith(f"error: a build (pid {holder.pid}: ") and err.count("\n") == 1
    assert err.endswith(f"is writing {str(folder)!r}; verify when it finishes\n")
    reader = _hold("reading", folder)
    try:
        assert builders_cli(command[3:]) == 2
    finally:
        reader.kill()
        reader.wait()
    assert f"{str(folder)!r} is being read by another process (verify or upload)" in capsys.readouterr().err
    assert builders_cli(["verify", str(folder), "--workers", "1"]) == 0
    assert not (tmp_path / "out" / ".aipsych.lock").exists()


def _ignores_sigint(process: psutil.Process) -> bool:
    """Whether `process` is a pool worker that ignores SIGINT, as it does once its initializer ran
    (multiprocessing's resource tracker ignores it too, but is no worker)."""
    try:
        status = Path(f"/proc/{process.pid}/status").read_text()
        if "spawn_main" not in " ".join(process.cmdline()):
            return False
    except (OSError, psutil.Error):
        return False
    ignored = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(ignored, 16) & (1 << (signal.SIGINT - 1)))


def _building(tmp_path: Path) -> tuple[subprocess.Popen[str], list[psutil.Process]]:
    """A lite AIpsych build with two workers, once both workers run; and its child processes."""
    out = tmp_path / "out"
    command = [sys.executable, "-m", "builders", "build", "aipsych", "--preset", "lite", "--workers", "2"]
    process = subprocess.Popen(
        [*command, "--out", str(out), "--no-progress"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    parent, deadline = psutil.Process(process.pid), time.monotonic() + 120
    while time.monotonic() < deadline:
        children = parent.children()
        if sum(map(_ignores_sigint, children)) >= 2 and any(out.glob(".aipsych.partial-*")):
            return process, children  # both workers are past start-up: in `quiet_worker` or later
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    pytest.fail("the build's workers did not start")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupt_with_workers_is_one_line(tmp_path: Path, signum: int) -> None:
    process, _ = _building(tmp_path)
    process.send_signal(signum)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert err == "error: interrupted; nothing was written to the output folder\n"


def test_workers_of_a_killed_build_end_quietly(tmp_path: Path) -> None:
    process, children = _building(tmp_path)
    process.kill()
    _, err = process.communicate(timeout=120)  # until every process sharing its stderr has ended
    assert process.returncode == -signal.SIGKILL
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    psutil.wait_procs(children, timeout=30)
    assert not [child for child in children if child.is_running() and child.status() != psutil.STATUS_ZOMBIE]


#: Runs `python -m <package> ...` after arranging a real SIGINT for the moment `__main__` imports the
#: module that installs its handler: the earliest an interrupt can reach the package's own code.
EARLY_INTERRUPT = """
import os, runpy, signal, sys

class InterruptOnImport:
    def find_spec(self, name, path, target=None):
        if name == "builders.core.interrupts":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, InterruptOnImport())
runpy.run_module(sys.argv[1], run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    ("package", "message"),
    [("builders", "nothing was written to the output folder"), ("eval", "no output was written")],
)
def test_ctrl_c_while_main_installs_its_handler_is_one_line(package: str, message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", EARLY_INTERRUPT, package, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (130, f"error: interrupted; {message}\n")


def test_a_command_line_that_is_not_utf8_is_named_in_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder name of undecodable bytes (Linux allows any): the lock file records the command line
    escaped, and a build refuses an --out Parquet cannot be written to, before making anything."""
    out = bytes(tmp_path) + b"/out\xff"
    python = sys.executable.encode()
    build = [
        python,
        b"-m",
        b"builders",
        b"build",
        b"viprobe",
        b"--config",
        b"muller_lyer",
        b"--preset",
        b"lite",
    ]
    result = subprocess.run([*build, b"--out", out, b"--no-progress"], capture_output=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert result.stderr.decode().splitlines() == [
        f"error: --out '{tmp_path}/out\\xff' is not a UTF-8 path (a terminal cannot print it); choose a "
        "--out whose path is UTF-8"
    ]
    assert not (tmp_path / "out\udcff").exists()
    monkeypatch.setattr(sys, "orig_argv", ["python", "-m", "eval", "report", "model\udcff=scores.json"])
    with locked(tmp_path / "report"):
        assert "model\\udcff=scores.json" in lock_path(tmp_path / "report").read_text()
