"""What hostile prediction files cost `python -m eval score`: whole process, start-up included (issue 42).

Builds the tiny VI-Probe config (`muller_lyer`, lite) into a temporary folder, writes a good `.xlsx`
and inspect `.eval` of replies to it, then the variants tests/test_reliability_inputs.py refuses: a
workbook declaring `A1:XFD1048576`, a workbook with one cell on row 200,000,000, and an `.eval` and
an `.xlsx` whose member inflates to 1 GiB from a few kilobytes while its directory declares a few
kilobytes. Each is scored in a process of its own (at most `--timeout` seconds, at most `--memory`
GiB of address space, so a checkout without the bounds cannot take the machine down) and the script
prints wall seconds, CPU seconds (user + system), the process's peak memory, the exit code and the
last line of standard error.

    .venv/bin/python benchmarks/hostile_inputs.py [--timeout 120] [--memory 4]

Run it from the checkout whose code you want to time (or with PYTHONPATH set to another). Not a
test: quote the numbers, do not assert them.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.eval_inputs import CONFIG, SPLIT, inspect_logs, workbook  # noqa: E402 - after the checkout
from tests.hostile_variants import FAR_ROW, SHEET, cornered, lying_member, raw_members, write_zip  # noqa: E402


def with_sheet(source: Path, path: Path, change: Callable[[str], str]) -> None:
    """The workbook `source` with its sheet's XML changed by `change`, stored, written to `path`."""
    with zipfile.ZipFile(source) as book:
        xml = change(book.read(SHEET).decode())
    data = xml.encode()
    members = raw_members(source)
    write_zip(path, [(n, 0, data, len(data), zipfile.crc32(data)) if n == SHEET else (n, m, raw, size, crc)
                     for n, m, raw, size, crc in members])  # fmt: skip


def measure(
    argv: list[str], timeout: float, memory: int, errors: Path
) -> tuple[float, float, float, str, str]:
    """(wall s, CPU s, peak MiB, exit, last line of stderr) of one command in its own process."""

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory << 30, memory << 30))

    started = time.perf_counter()
    with errors.open("w") as stderr:
        command = [sys.executable, "-m", "eval", *argv]
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr, preexec_fn=limited
        )
        timer = threading.Timer(timeout, process.kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        timer.cancel()
    wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    shown = f"killed after {timeout:g} s" if code == -9 and wall >= timeout else str(code)
    last = (errors.read_text().strip().splitlines() or [""])[-1]
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, shown, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a run may take (default 120)")
    parser.add_argument(
        "--memory", type=int, default=4, help="GiB of address space a run may take (default 4)"
    )
    args = parser.parse_args()
    from builders.core.build import build
    from builders.families import get_family
    from eval.data import load_rows

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        data = build(
            get_family("viprobe"), configs=[CONFIG], preset="lite", out=work, workers=1, progress=False
        ).folder
        rows = load_rows(data, CONFIG, SPLIT)
        lines = [[n, "<answer>1</answer>", row["id"]] for n, row in enumerate(rows)]
        workbook(work / "replies.xlsx", [["index", "prediction", "id"], *lines])
        inspect_logs(data, work)
        cases = {
            "declares A1:XFD1048576, fills XFD1048576": lambda path: with_sheet(
                work / "replies.xlsx", path, cornered
            ),
            "one cell on row 200,000,000 (no dimension)": lambda path: with_sheet(
                work / "replies.xlsx",
                path,
                lambda xml: xml.replace('<dimension ref="A1:C46"/>', "").replace(
                    "</sheetData>", f"{FAR_ROW}</sheetData>"
                ),
            ),
            ".eval member inflating to 1 GiB": lambda path: lying_member("header.json", 1 << 30)(
                random.Random(0), work / "run.eval", path
            ),
            ".xlsx member inflating to 1 GiB": lambda path: lying_member(SHEET, 1 << 30)(
                random.Random(0), work / "replies.xlsx", path
            ),
        }  # fmt: skip
        argv = [
            "score",
            "viprobe",
            "--data",
            str(data),
            "--config",
            CONFIG,
            "--split",
            SPLIT,
            "--bootstrap",
            "0",
        ]
        print("| file | size | wall | CPU | peak memory | exit | last line of standard error |")
        print("|---|---|---|---|---|---|---|")
        for name, write in cases.items():
            path = work / f"case{len(name)}{'.eval' if name.startswith('.eval') else '.xlsx'}"
            write(path)
            wall, cpu, peak, code, last = measure(
                [*argv, "--predictions", str(path)], args.timeout, args.memory, work / "stderr.txt"
            )
            size = f"{path.stat().st_size / 1024:.1f} KB"
            print(
                f"| {name} | {size} | {wall:.1f} s | {cpu:.1f} s | {peak:.0f} MiB | {code} | {last[:140]} |"
            )


if __name__ == "__main__":
    main()
