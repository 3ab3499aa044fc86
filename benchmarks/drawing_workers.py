"""Drawing workers: each family's lite build with one worker, with two, and with the default.

The default draws in the command's own process for 0.2 s and starts a worker per core only if the
rest would take it over a second (`builders.core.build.POOL_WORTH_SECONDS`): a worker is a fresh
interpreter that imports the family's drawing code before its first image. Each measurement is a
fresh `python -m builders build` process, timed from the outside (`process_tree.timed`: the build
and the workers it waited for), the fastest of `--repeat` runs. Run:

    .venv/bin/python benchmarks/drawing_workers.py [--repeat 3] [--family NAME]...

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from process_tree import timed  # noqa: E402

from builders.core.draw import bundles  # noqa: E402
from builders.core.source import EMBEDDED  # noqa: E402
from builders.families import family_names, get_family  # noqa: E402

SETTINGS = {"1 worker": ["--workers", "1"], "2 workers": ["--workers", "2"], "default": []}


def fastest(family: str, flags: list[str], repeat: int) -> tuple[float, float]:
    """The fastest wall and CPU seconds of `repeat` lite builds of `family` with `flags`."""
    runs = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as out:
            command = [sys.executable, "-m", "builders", "build", family, "--preset", "lite"]
            runs.append(timed([*command, "--out", out, "--no-progress", *flags], ROOT)[:2])
    return min(run[0] for run in runs), min(run[1] for run in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per setting; the fastest counts")
    parser.add_argument("--family", action="append", choices=family_names(), help="default: every family")
    args = parser.parse_args()
    settings = " | ".join(f"{name} (wall, CPU)" for name in SETTINGS)
    print(f"| family (lite) | images to draw | {settings} |")
    print("|---|---|" + "---|" * len(SETTINGS))
    for name in args.family or family_names():
        family = get_family(name)
        jobs = [job for config in family.configs_for(EMBEDDED) for job in family.jobs(config, "lite")]
        cells = [fastest(name, flags, args.repeat) for flags in SETTINGS.values()]
        shown = " | ".join(f"{wall:.2f} s, {cpu:.2f} s" for wall, cpu in cells)
        print(f"| {name} | {len(list(bundles(jobs)))} | {shown} |", flush=True)


if __name__ == "__main__":
    main()
