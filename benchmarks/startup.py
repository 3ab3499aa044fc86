"""What commands that do little cost, whole process, start-up included; and `verify --no-redraw` speed.

Times, as a user meets them (a fresh interpreter each run, median of `--repeat` runs):

- `python -m builders --help`, `list`, a refused build, `params vlmbias`;
- `python -m eval --help`;
- `import evaluate` alone, and with `evaluate.load` of our VLMBias metric (the difference is ours);
- with `--folder DIR`: `verify --no-redraw DIR` at 1 worker and at every core, in images per second;
- with `--build-all`: `build all` (default presets) into a temporary folder, once.

    .venv/bin/python benchmarks/startup.py [--folder build/vlmbias] [--build-all] [--repeat 5]

Run it from the checkout whose code you want to time (compare two checkouts by running each one's
copy). Not a test: numbers depend on the machine; quote them, do not assert them.
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

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def seconds(command: list[str], repeat: int, env: dict[str, str] | None = None) -> float:
    """Median wall seconds of `command` run `repeat` times from the checkout (exit 0 or 2 expected)."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False)
        times.append(time.perf_counter() - started)
        if done.returncode not in (0, 2):
            raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr.decode(errors='replace')[-2000:]}")
    return statistics.median(times)


def verify_rate(folder: Path, workers: int, repeat: int) -> str:
    """`verify --no-redraw` of `folder` with `workers`: seconds and stored images per second."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    images = len(manifest["images"])
    took = seconds(
        [PYTHON, "-m", "builders", "verify", "--no-redraw", "--workers", str(workers), str(folder)], repeat
    )
    return f"{took:.2f} s, {images / took:.0f} images/s ({images} images)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per command; the median is shown")
    parser.add_argument("--folder", type=Path, help="a built folder to time `verify --no-redraw` on")
    parser.add_argument("--build-all", action="store_true", help="also time `build all` once")
    args = parser.parse_args()
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
    offline = {**os.environ, "HF_HUB_OFFLINE": "1"}
    for name, command in light.items():
        print(f"{name}: {seconds([PYTHON, *command], args.repeat, offline):.2f} s")
    if args.folder:
        cores = len(os.sched_getaffinity(0))
        for workers in sorted({1, cores}):
            rate = verify_rate(args.folder, workers, args.repeat)
            print(f"verify --no-redraw, {workers} worker(s): {rate}")
    if args.build_all:
        with tempfile.TemporaryDirectory() as out:
            took = seconds([PYTHON, "-m", "builders", "build", "all", "--out", out, "--no-progress"], 1)
        print(f"build all (default presets): {took:.1f} s")
    print(f"(median of {args.repeat} runs each; cores: {len(os.sched_getaffinity(0))})")


if __name__ == "__main__":
    main()
