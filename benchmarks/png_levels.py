"""PNG size against encode time per topic: our encoder's levels 1-12, Pillow's zlib levels 1-9.

Pixels never depend on the encoder or level, only the stored bytes do: a
smaller file helps every Hub user who downloads the dataset, a faster encode
helps whoever rebuilds it. `D1`-`D12` are `builders.core.raster.encode_png`
(Up filter, libdeflate) at each level; `P1`-`P9` are Pillow's encoder (five
filters tried per row, zlib-ng) at each zlib level, `P6` being what the
builder used before. For a sample of paper-preset scenes per topic (VLMBias)
or case (VI-Probe), rasterised once, each setting encodes every image;
settings are interleaved over `--repeat` rounds and the median time is kept.
The totals scale each topic's means by its image count in the paper preset.

    .venv/bin/python benchmarks/png_levels.py [--per-size 3] [--repeat 3] [--pillow]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))

from raster_backends import VIPROBE_SAMPLE, scene_items

from builders.core.raster import PNG_COMPRESS_LEVEL, png_bytes, rasterize_image
from builders.families import get_family


def ours(level: int):
    return lambda image: len(png_bytes(image.tobytes(), image.width, image.height, level))


def pillow(level: int):
    def encode(image: Image.Image) -> int:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=False, compress_level=level)
        return buffer.tell()

    return encode


def settings(with_pillow: bool) -> dict:
    chosen = {f"D{level}": ours(level) for level in range(1, 13)}
    chosen.update({f"P{level}": pillow(level) for level in (range(1, 10) if with_pillow else (6,))})
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=3, help="scenes sampled per topic and size")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pillow", action="store_true", help="all of Pillow's levels, not only P6")
    args = parser.parse_args()
    encoders = settings(args.pillow)
    configs = [("vlmbias", c) for c in get_family("vlmbias").configs]
    configs += [("viprobe", c) for c in VIPROBE_SAMPLE]
    images: dict[str, list[Image.Image]] = {}
    counts: dict[str, int] = {}
    for family, config in configs:
        items = scene_items(family, config, "paper", args.per_size)
        items = [item for item in items if not item[0].endswith("(title bar)")]
        images[config] = [rasterize_image(svg, w, h) for _, svg, w, h in items]
        counts[config] = sum(1 for _ in get_family(family).jobs(config, "paper"))
    seconds: dict[tuple[str, str], list[float]] = {}
    sizes: dict[tuple[str, str], float] = {}
    for _ in range(args.repeat):
        for config, chosen in images.items():
            for name, encode in encoders.items():
                started = time.perf_counter()
                total = sum(encode(image) for image in chosen)
                seconds.setdefault((config, name), []).append((time.perf_counter() - started) / len(chosen))
                sizes[(config, name)] = total / len(chosen)
    names = list(encoders)
    for title, cell in (
        ("KiB per image", lambda c, n: f"{sizes[(c, n)] / 1024:.1f}"),
        ("ms per image (median)", lambda c, n: f"{1e3 * statistics.median(seconds[(c, n)]):.1f}"),
    ):
        print(f"\n{title} (the builder uses D{PNG_COMPRESS_LEVEL}; before, P6)\n")
        print("| topic / case | sample | " + " | ".join(names) + " |")
        print("|---" * (2 + len(names)) + "|")
        for config, chosen in images.items():
            print(f"| {config} | {len(chosen)} | " + " | ".join(cell(config, n) for n in names) + " |")
    print("\nwhole paper preset of the sampled configs, extrapolated from the sample means\n")
    print("| setting | MiB | encode s | MiB vs P6 | encode s vs P6 |")
    print("|---|---|---|---|---|")
    total = {
        n: (
            sum(counts[c] * sizes[(c, n)] for c in images) / 2**20,
            sum(counts[c] * statistics.median(seconds[(c, n)]) for c in images),
        )
        for n in names
    }
    for n in names:
        mib, secs = total[n]
        print(f"| {n} | {mib:.0f} | {secs:.1f} | {mib / total['P6'][0]:.2f} | {secs / total['P6'][1]:.2f} |")


if __name__ == "__main__":
    main()
