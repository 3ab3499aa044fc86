"""What a photo over the pixel cap costs a user: whole process, start-up included (issue 29, item 6).

Writes a real 12000 x 12000 JPEG (a gradient, every pixel present) as one of two AIpsych COCO photos
and as one VISaGE tuple photo, runs `python -m builders build` on each, and prints wall seconds,
the child's peak memory, the exit code and the last line of standard error. Before the cap the photo
was decoded in full (about 1.7 GB and 19 s per the issue); with it, the header decides.

    .venv/bin/python benchmarks/photo_cap.py [--side 12000]

Run it from the checkout whose code you want to time. Not a test: quote the numbers, do not assert them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hostile_files import aipsych_input, visage_input  # noqa: E402 - after the checkout is on the path


def big_jpeg(path: Path, side: int) -> None:
    ramp = np.linspace(0, 255, side, dtype=np.uint8)
    grey = np.add.outer(ramp // 2, ramp // 2).astype(np.uint8)
    Image.fromarray(grey, "L").convert("RGB").save(path, format="JPEG", quality=80)


def measure(argv: list[str], out: Path) -> tuple[float, float, int, str]:
    """(wall seconds, peak MiB, exit code, last line of stderr) of one build in its own process."""
    errors = out.with_suffix(".stderr")
    started = time.perf_counter()
    with errors.open("w") as stderr:
        command = [sys.executable, "-m", "builders", "build", *argv, "--out", str(out)]
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    last = (errors.read_text().strip().splitlines() or [""])[-1]
    return wall, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=12_000, help="width and height of the photo")
    parser.add_argument("--write", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:
        big_jpeg(args.write, args.side)
        return
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        photo = work / "big.jpg"
        # In a process of its own: a child's peak memory counts what it inherits from its parent.
        writer = [sys.executable, __file__, "--write", str(photo), "--side", str(args.side)]
        subprocess.run(writer, check=True)
        print(f"photo: {args.side} x {args.side} JPEG, {photo.stat().st_size / 1e6:.1f} MB")
        aipsych, _, images = aipsych_input(work / "aipsych")
        target = next((images / "val2014").iterdir())
        target.write_bytes(photo.read_bytes())
        visage, _, photos = visage_input(work / "visage")
        (photos / "lion" / "maned_0.png").write_bytes(photo.read_bytes())
        for name, argv in (("aipsych", aipsych), ("visage", visage)):
            wall, peak, code, last = measure(argv, work / f"out-{name}")
            print(f"{name}: {wall:.2f} s, peak {peak:.0f} MiB, exit {code}: {last[:160]}")


if __name__ == "__main__":
    main()
