"""What commands that do little cost, whole process, start-up included; and `verify --no-redraw` speed.

Times, as a user meets them (a fresh interpreter each run, median of `--repeat` runs):

- `python -m builders --help`, `list`, a refused build, `params vlmbias`;
- `python -m eval --help`;
- `import evaluate` alone, and with `evaluate.load` of our VLMBias metric (the difference is ours);
- with `--folder DIR`: `verify --no-redraw DIR` at 1 worker and at every core, in images per second
  (wall and CPU seconds of the whole process tree, workers included);
- with `--build-all`: `build all` (default presets) into a temporary folder, wall and CPU seconds.

    .venv/bin/python benchmarks/startup.py [--folder build/vlmbias] [--build-all] [--repeat 5] \\
        [--checkout DIR]

`--checkout DIR` times another copy of the code (e.g. `git archive <commit> | tar -x -C DIR`) with
this environment's Python, the copy first on the path: before and after a change, same machine,
same packages. Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from process_tree import timed

PYTHON = sys.executable


def seconds(command: list[str], repeat: int, root: Path, env: dict[str, str]) -> float:
    """Median wall seconds of `command` run `repeat` times from the checkout (exit 0 or 2 expected)."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, check=False)
        times.append(time.perf_counter() - started)
        if done.returncode not in (0, 2):
            raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr.decode(errors='replace')[-2000:]}")
    return statistics.median(times)


def wall_and_cpu(command: list[str], repeat: int, root: Path, env: dict[str, str]) -> tuple[float, float]:
    """Median wall and CPU seconds (the whole process tree) of `command` run `repeat` times."""
    runs = [timed(command, root, env)[:2] for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def verify_rate(folder: Path, workers: int, repeat: int, root: Path, env: dict[str, str]) -> str:
    """`verify --no-redraw` of `folder` with `workers`: seconds and stored images per second."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    images = len(manifest["images"])
    command = [PYTHON, "-m", "builders", "verify", "--no-redraw", "--workers", str(workers), str(folder)]
    wall, cpu = wall_and_cpu(command, repeat, root, env)
    return f"{wall:.2f} s wall, {cpu:.2f} s CPU, {images / wall:.0f} images/s ({images} images)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per command; the median is shown")
    parser.add_argument("--folder", type=Path, help="a built folder to time `verify --no-redraw` on")
    parser.add_argument("--build-all", action="store_true", help="also time `build all` once")
    parser.add_argument("--checkout", type=Path, help="time this copy of the code (default: this checkout)")
    parser.add_argument("--no-light", action="store_true", help="skip the light commands (--help, list, ...)")
    args = parser.parse_args()
    root = (args.checkout or Path(__file__).resolve().parents[1]).resolve()
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(root)}
    light = {
        "builders --help": ["-m", "builders", "--help"],
        "builders list": ["-m", "builders", "list"],
        "builders build (refused preset)": ["-m", "builders", "build", "vlmbias", "--preset", "nope"],
        "builders params vlmbias": ["-m", "builders", "params", "vlmbias"],
        "eval --help": ["-m", "eval", "--help"],
        "import evaluate": ["-c", "import evaluate"],
        "import evaluate + load our metric": [
            "-c",
            "import evaluate; from eval.metric import VLMBIAS; evaluate.load(VLMBIAS)",
        ],
    }
    print(f"code: {root}")
    for name, command in {} if args.no_light else light.items():
        print(f"{name}: {seconds([PYTHON, *command], args.repeat, root, env):.2f} s")
    if args.folder:
        cores = len(os.sched_getaffinity(0))
        for workers in sorted({1, cores}):
            rate = verify_rate(args.folder.resolve(), workers, args.repeat, root, env)
            print(f"verify --no-redraw, {workers} worker(s): {rate}")
    if args.build_all:
        with tempfile.TemporaryDirectory() as out:
            command = [PYTHON, "-m", "builders", "build", "all", "--out", out, "--no-progress"]
            wall, cpu = wall_and_cpu(command, 1, root, env)
        print(f"build all (default presets): {wall:.1f} s wall, {cpu:.1f} s CPU")
    print(f"(median of {args.repeat} runs each; cores: {len(os.sched_getaffinity(0))})")


if __name__ == "__main__":
    main()
