"""What `eval compare` spends checking a score file's shape: linear in its rows, hints derived once.

Scores every row of a built VI-Probe folder (the most rows: 28,710 on the paper build) with a reply
policy that mixes right, wrong and unparsed answers, writes the score JSON, then times
`eval.scoreshape.check_score` on the first quarter, half and all of its outcome records, as checked
now and, with `--before REV`, as `eval/scoreshape.py` at git revision REV checked it (read with
`git show`, nothing checked out). Last, `python -m eval compare` of the file with itself, as a
fresh process. CPU seconds (user + sys) beside wall seconds, the fastest of `--repeat` runs.

    .venv/bin/python benchmarks/compare_speed.py --data build/paper/vi-probe [--before a81952c]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eval import scoreshape  # noqa: E402
from eval.data import load_rows  # noqa: E402
from eval.scorefile import dumps  # noqa: E402
from eval.scoring.score import score_replies  # noqa: E402
from tests.test_intervals import reply  # noqa: E402


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def _before(revision: str) -> ModuleType:
    """`eval/scoreshape.py` as it was at `revision`, loaded under another name."""
    text = subprocess.run(
        ["git", "show", f"{revision}:eval/scoreshape.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(text)
    spec = importlib.util.spec_from_file_location("scoreshape_before", file.name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _timed(check: Any, score: dict[str, Any], repeat: int) -> tuple[float, float]:
    """The fastest (wall s, CPU s) of `repeat` checks."""
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), _cpu()
        check(score, "score", "fix")
        found = (time.perf_counter() - wall, _cpu() - cpu)
        best = min(best, found, key=lambda pair: pair[1])
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="a built VI-Probe folder")
    parser.add_argument("--before", help="a git revision whose eval/scoreshape.py to time beside")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = load_rows(args.data, "all", "test")
    result = score_replies(
        "viprobe", rows, {row["id"]: reply("viprobe", row, "see") for row in rows}, resamples=0
    )
    result.update(family="viprobe", config="all", split="test")
    checkers = {"now": scoreshape.check_score}
    if args.before:
        checkers[f"before ({args.before})"] = _before(args.before).check_score
    units = result["outcomes"]["units"]
    print("| check | records | wall s | CPU s |")
    print("|---|---|---|---|")
    for name, check in checkers.items():
        for share in (4, 2, 1):
            part = {**result, "outcomes": {**result["outcomes"], "units": units[: len(units) // share]}}
            wall, cpu = _timed(check, json.loads(json.dumps(part)), args.repeat)
            print(f"| {name} | {len(part['outcomes']['units']):,} | {wall:.2f} | {cpu:.2f} |", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "score.json"
        path.write_text(dumps(result))
        command = [
            sys.executable,
            "-m",
            "eval",
            "compare",
            str(path),
            str(path),
            "--out",
            str(Path(folder) / "c"),
        ]
        best = (float("inf"), float("inf"))
        for _ in range(args.repeat):
            before, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            best = min(best, (time.perf_counter() - wall, cpu), key=lambda pair: pair[1])
        print(
            f"\n`eval compare` of the file with itself ({len(units):,} records): "
            f"{best[0]:.1f} s wall, {best[1]:.1f} s CPU"
        )


if __name__ == "__main__":
    main()
