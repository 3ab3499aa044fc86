"""Build speed and memory: images per second and peak RSS per config, and for a whole preset.

Each measurement is a fresh `python -m builders build` process, timed from the
outside; peak RSS is the largest resident set of that process or of any of
its worker processes (`wait4`'s ru_maxrss). Run:

    .venv/bin/python benchmarks/build_speed.py [--preset paper] [--workers N] [--config NAME]...

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builders.families import get_family  # noqa: E402


def measure(family: str, configs: list[str], preset: str, workers: int | None) -> dict:
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
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"build failed: {process.stderr.read().decode()}")
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
        "peak_rss_mib": round(usage.ru_maxrss / 1024, 1),  # KiB on Linux
        "parquet_mib": round(size / 2**20, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", default="vlmbias")
    parser.add_argument("--preset", default="paper")
    parser.add_argument("--config", action="append", dest="configs")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    family = get_family(args.family)
    configs = args.configs or list(family.configs)
    results = [measure(args.family, [c], args.preset, args.workers) for c in configs]
    results.append(measure(args.family, configs, args.preset, args.workers))
    results.append(measure(args.family, configs, "lite", args.workers))
    header = list(results[0])
    print(" | ".join(header))
    for result in results:
        print(" | ".join(str(result[key]) for key in header))
    print(f"(workers: {args.workers or os.cpu_count()}; peak RSS covers the build process and its workers)")


if __name__ == "__main__":
    main()
