"""Illusion rendering speed: our SVG renderer against pyllusion's `to_image`, side by side in one run.

For a sample of the paper preset's cells (by default the first difference-0
cell and the last modified cell of each illusion) at 384, 768 and 1152 px,
times one render with each renderer, spec to RGB pixels:

- ours: `TOPIC.scene(spec)` (parameters + SVG) then the shared rasteriser
  (`rasterize_image`, resvg), as the build draws it (the build's PNG encoding
  is timed separately and not counted);
- pyllusion: `pyllusion.<Illusion>(...).to_image(width=C, height=C)` then RGB,
  as the release drew it. Vertical-Horizontal is called as the release called
  it (`difference`, `size_min`), although it draws two collinear segments.

Needs `pip install pyllusion==1.4` (a test dependency). Run:

    .venv/bin/python benchmarks/illusion_speed.py [--repeat N] [--cells all]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builders.core.raster import encode_png, rasterize_image  # noqa: E402
from builders.vlmbias.optical_illusions import TOPIC, IllusionSpec  # noqa: E402
from builders.vlmbias.optical_illusions.spec import counterfactual_specs  # noqa: E402
from builders.vlmbias.parameters import PRESETS  # noqa: E402
from builders.vlmbias.spec import RESOLUTIONS  # noqa: E402

try:
    import pyllusion
except ImportError:  # pragma: no cover - depends on the environment
    raise SystemExit("pyllusion is needed for the comparison: pip install pyllusion==1.4") from None


def pyllusion_image(spec: IllusionSpec):
    """The release's call for this cell."""
    cls = getattr(pyllusion, spec.illusion)
    if spec.illusion == "VerticalHorizontal":
        illusion = cls(difference=spec.difference, size_min=spec.size_min)
    else:
        illusion = cls(illusion_strength=spec.illusion_strength, difference=spec.difference)
    return illusion.to_image(width=spec.px, height=spec.px).convert("RGB")


def ours(spec: IllusionSpec):
    scene = TOPIC.scene(spec)
    return rasterize_image(scene.canvas, scene.width, scene.height)


def best_of(function, spec: IllusionSpec, repeat: int) -> tuple[float, object]:
    """Smallest wall time of `repeat` calls (seconds) and the last result."""
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function(spec)
        times.append(time.perf_counter() - started)
    return min(times), result


def sample(cells: str) -> list[IllusionSpec]:
    """Paper specs to time: every cell, or the first (d = 0) and last (modified) cell of each illusion."""
    paper = PRESETS["paper"]
    specs = list(counterfactual_specs(paper.optical_illusions, paper.resolutions))
    if cells == "all":
        return specs
    chosen = []
    for name in dict.fromkeys(spec.illusion for spec in specs):
        numbers = sorted({spec.sample for spec in specs if spec.illusion == name})
        keep = {numbers[0], numbers[-1]}
        chosen += [spec for spec in specs if spec.illusion == name and spec.sample in keep]
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="renders per cell and renderer (best is kept)")
    parser.add_argument("--cells", choices=("sample", "all"), default="sample")
    args = parser.parse_args()
    ours(sample("sample")[0])  # warm up imports and the font database
    rows = []
    print(f"{'image':<48} {'ours ms':>8} {'png ms':>7} {'pyllusion ms':>13} {'ratio':>7}")
    for spec in sample(args.cells):
        mine, image = best_of(ours, spec, args.repeat)
        started = time.perf_counter()
        encode_png(image)
        png = time.perf_counter() - started
        theirs, _ = best_of(pyllusion_image, spec, args.repeat)
        rows.append((spec, mine, png, theirs))
        name = TOPIC.image_id(spec, False)
        print(f"{name:<48} {1e3 * mine:8.1f} {1e3 * png:7.1f} {1e3 * theirs:13.1f} {theirs / mine:6.1f}x")
    print()
    header = ("resolution", "images", "ours ms/img", "pyllusion ms/img", "ratio", "min ratio")
    print("{:<12} {:>6} {:>12} {:>17} {:>7} {:>10}".format(*header))
    for px in RESOLUTIONS:
        chosen = [row for row in rows if row[0].px == px]
        if not chosen:
            continue
        mine = statistics.fmean(row[1] for row in chosen)
        theirs = statistics.fmean(row[3] for row in chosen)
        worst = min(row[3] / row[1] for row in chosen)
        print(
            f"{px:<12} {len(chosen):>6} {1e3 * mine:12.1f} {1e3 * theirs:17.1f} "
            f"{theirs / mine:6.1f}x {worst:9.1f}x"
        )


if __name__ == "__main__":
    main()
