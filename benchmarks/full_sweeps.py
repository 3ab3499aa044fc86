"""The full sweeps: every audit the suite runs on a seeded sample of a paper build, run on every item.

The test command keeps to minutes on two cores by auditing a seeded sample where an audit would
decode every image (or walk every row) of a paper build (`tests/sweep.py`). This script runs those
same tests (every test using the `sweep` fixture, marker `sweep`) with `--full-sweep`, which hands
them every item, in one pytest process, and prints per test its outcome, the wall seconds of its
set-up (the paper builds it waits for) and of its run, and the CPU seconds of its run (the process
and the workers it waited for). It exits 1 when a test fails. Run from the project root:

    .venv/bin/python benchmarks/full_sweeps.py              # every sweep, the paper builds included
    .venv/bin/python benchmarks/full_sweeps.py --list       # the tests it runs, one node id a line
    .venv/bin/python benchmarks/full_sweeps.py -- -k aipsych   # more pytest arguments after `--`

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _cpu() -> float:
    """CPU seconds of this process and of every child it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class Recorder:
    """A pytest plugin: each test's outcome, set-up and run wall seconds, and its run's CPU seconds."""

    def __init__(self) -> None:
        self.tests: dict[str, dict[str, Any]] = {}
        self.listed: list[str] = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Any:
        started = time.perf_counter()
        yield
        self.tests.setdefault(item.nodeid, {})["setup"] = time.perf_counter() - started

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Any:
        started, cpu = time.perf_counter(), _cpu()
        yield
        test = self.tests.setdefault(item.nodeid, {})
        test.update(wall=time.perf_counter() - started, cpu=_cpu() - cpu)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        test = self.tests.setdefault(report.nodeid, {})
        if report.when == "call" or report.outcome != "passed":
            test.setdefault("outcome", report.outcome)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.listed = [item.nodeid for item in session.items]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list the tests a full sweep runs, run none")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments, after `--`")
    args = parser.parse_args()
    recorder = Recorder()
    os.chdir(ROOT)  # the project's pytest settings and test paths
    argv = [
        "-p",
        "no:xdist",
        "-m",
        "sweep",
        "--full-sweep",
        "-q",
        "-p",
        "no:cacheprovider",
        *args.pytest_args,
    ]
    if args.list:
        code = pytest.main([*argv, "--collect-only", "-q"], plugins=[recorder])  # -qq: counts per file
        print("\n".join(recorder.listed))
        return int(code)
    started, cpu = time.perf_counter(), _cpu()
    code = pytest.main(argv, plugins=[recorder])
    print("\n| test | outcome | set-up wall s | run wall s | run CPU s |")
    print("|---|---|---|---|---|")
    for nodeid, test in recorder.tests.items():
        cells = (test.get("setup", 0.0), test.get("wall", 0.0), test.get("cpu", 0.0))
        print(f"| `{nodeid}` | {test.get('outcome', '?')} | " + " | ".join(f"{c:.1f}" for c in cells) + " |")
    wall, spent = time.perf_counter() - started, _cpu() - cpu
    print(f"\nall: {wall:.0f} s wall, {spent:.0f} s CPU, pytest exit {int(code)}")
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
