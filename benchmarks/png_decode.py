"""Decoding the stored PNGs of a built folder: Pillow against `builders.core.raster.png_pixels`.

`verify` hashes the pixels of every stored image, and the audits read them: each PNG the builder
wrote (8-bit RGB, every row Up-filtered, one zlib stream) is inflated by libdeflate and unfiltered
by one running sum in `png_pixels`; any other PNG goes to Pillow. This reads every distinct stored
image of a folder once, decodes it both ways (alternating, `--repeat` rounds, the fastest round
kept) and checks the pixels agree.

    .venv/bin/python benchmarks/png_decode.py build/vi-probe [--repeat 3] [--limit 2000]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from builders.core.folder import BuiltFolder
from builders.core.raster import png_pixels


def pillow(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as decoded:
        return np.asarray(decoded.convert("RGB"))


def stored_pngs(folder: Path, limit: int) -> list[bytes]:
    """The first `limit` distinct stored images of the folder, in manifest order of configs."""
    built = BuiltFolder(folder)
    found: dict[bytes, None] = {}
    for config, entry in built.manifest.configs.items():
        for split in entry.splits:
            for row in built.rows(config, split, ["image"]):
                found.setdefault(row["image"]["bytes"])
                if len(found) >= limit:
                    return list(found)
    return list(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int, default=2000, help="images to decode (default 2000)")
    args = parser.parse_args()
    pngs = stored_pngs(args.folder, args.limit)
    assert all(np.array_equal(pillow(png), png_pixels(png)) for png in pngs), "the decoders disagree"
    best = {"Pillow": float("inf"), "png_pixels": float("inf")}
    for _ in range(args.repeat):
        for name, decode in (("Pillow", pillow), ("png_pixels", png_pixels)):
            start = time.process_time()
            for png in pngs:
                decode(png)
            best[name] = min(best[name], time.process_time() - start)
    megabytes = sum(map(len, pngs)) / 1e6
    print(f"{len(pngs)} images, {megabytes:.1f} MB of PNG; CPU seconds, fastest of {args.repeat}:")
    for name, seconds in best.items():
        print(f"  {name:<11} {seconds:6.2f} s  ({1000 * seconds / len(pngs):.2f} ms per image)")


if __name__ == "__main__":
    main()
