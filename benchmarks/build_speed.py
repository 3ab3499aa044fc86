"""Build speed and memory: images per second and peak RSS per config, and for a whole preset.

Each measurement is a fresh `python -m builders build` process, timed from the
outside; peak memory is the largest total resident set of the whole process tree
(the build and its workers together, sampled every 20 ms: `process_tree.py`). Run:

    .venv/bin/python benchmarks/build_speed.py [--preset paper] [--workers N] [--seed N] [--config NAME]...

`--seed N` times the fresh edition of that seed instead of the canonical one: it must take as long.

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from process_tree import timed  # noqa: E402

from builders.core.source import EMBEDDED  # noqa: E402
from builders.families import get_family  # noqa: E402


def measure(family: str, configs: list[str], preset: str, workers: int | None, seed: int | None) -> dict:
    """Build into a temporary folder in a child process; return timing, counts and peak RSS."""
    with tempfile.TemporaryDirectory() as out:
        command = [
            sys.executable,
            "-m",
            "builders",
            "build",
            family,
            "--preset",
            preset,
            "--out",
            out,
            "--no-progress",
        ]
        command += [arg for config in configs for arg in ("--config", config)]
        if workers:
            command += ["--workers", str(workers)]
        if seed is not None:
            command += ["--seed", str(seed)]
        seconds, cpu_seconds, peak_mib = timed(command, ROOT)
        manifest = json.loads((Path(out) / get_family(family).repo_name / "manifest.json").read_text())
        images = len(manifest["images"])
        rows = sum(s["num_rows"] for c in manifest["configs"].values() for s in c["splits"].values())
        size = sum(f["size"] for f in manifest["files"].values())
    return {
        "configs": ",".join(configs),
        "preset": preset,
        "images": images,
        "rows": rows,
        "seconds": round(seconds, 2),
        "images_per_second": round(images / seconds, 1),
        "cpu_seconds": round(cpu_seconds, 2),
        "peak_tree_mib": round(peak_mib, 1),
        "parquet_mib": round(size / 2**20, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", default="vlmbias")
    parser.add_argument("--preset", default="paper")
    parser.add_argument("--config", action="append", dest="configs")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None, help="time the fresh edition of this seed")
    args = parser.parse_args()
    family = get_family(args.family)
    configs = args.configs or list(family.configs_for(EMBEDDED))
    results = [measure(args.family, [c], args.preset, args.workers, args.seed) for c in configs]
    results.append(measure(args.family, configs, args.preset, args.workers, args.seed))
    results.append(measure(args.family, configs, "lite", args.workers, args.seed))
    header = list(results[0])
    print(" | ".join(header))
    for result in results:
        print(" | ".join(str(result[key]) for key in header))
    edition = "canonical edition" if args.seed is None else f"edition of seed {args.seed}"
    print(f"({edition}; workers: {args.workers or os.cpu_count()}; peak memory is the whole process tree's)")


if __name__ == "__main__":
    main()
