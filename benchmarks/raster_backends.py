"""Rasteriser bindings side by side: speed per topic, identical pixels, determinism across processes.

Each backend turns SVG text into RGB pixels at the requested size on white, as
`builders.core.raster.rasterize_image` does (the build's PNG encode comes after
and is the same for all, so it is not timed here; see png_levels.py):

- `resvg`       the `resvg` binding, what the builder uses (`rasterize_image` itself);
- `resvg-py`    `resvg_py.svg_to_bytes` with the options the builder passed up to 0.5
                (`pip install resvg-py==0.5.0` to compare);
- `skia-python` skia's SVG module (`pip install skia-python==144.1`): raw RGBA, no PNG
                round trip, but it draws no text (no font manager reachable from Python).

The sample is a few paper-preset scenes per topic (VLMBias) or case (VI-Probe)
and their title bars. Timings interleave the backends, `--repeat` rounds, and
report medians; on a shared machine compare the ratios, not the milliseconds.
Pixels are compared with `resvg-py`'s (the reference the datasets were built
with); `--all` compares every paper and lite scene of both families instead of
timing. Determinism: every round and a 2-process spawn pool must give the
same pixel hashes.

    .venv/bin/python benchmarks/raster_backends.py [--per-size 3] [--repeat 3] [--all]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builders.core.draw import bundles  # noqa: E402
from builders.core.fonts import SANS, font_files  # noqa: E402
from builders.core.raster import pixel_sha256, rasterize_image  # noqa: E402
from builders.core.svg import Canvas  # noqa: E402
from builders.families import get_family  # noqa: E402
from builders.vlmbias.family import WITHTITLE  # noqa: E402
from builders.vlmbias.title import title_bar  # noqa: E402

Render = Callable[[str, int, int], Image.Image]
#: (label, svg text, width, height)
Item = tuple[str, str, int, int]
VIPROBE_SAMPLE = ("muller_lyer", "ebbinghaus", "chubb", "zollner", "cornsweet", "oppel_kundt")


def resvg_binding(svg: str, width: int, height: int) -> Image.Image:
    return rasterize_image(svg, width, height)


def resvg_py(svg: str, width: int, height: int) -> Image.Image:
    import resvg_py as binding

    png = binding.svg_to_bytes(
        svg_string=svg,
        width=width,
        height=height,
        background="#ffffff",
        skip_system_fonts=True,
        font_files=list(font_files()),
        font_family=SANS,
        sans_serif_family=SANS,
        shape_rendering="geometric_precision",
        text_rendering="geometric_precision",
    )
    with Image.open(io.BytesIO(bytes(png))) as decoded:
        return decoded.convert("RGB")


def skia_python(svg: str, width: int, height: int) -> Image.Image:
    import skia

    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(svg.encode("utf-8")))
    if dom is None:
        raise ValueError("skia cannot parse this SVG")
    viewbox = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', svg)
    box_width, box_height = (float(viewbox[1]), float(viewbox[2])) if viewbox else (width, height)
    dom.setContainerSize(skia.Size(box_width, box_height))
    surface = skia.Surface(width, height)
    with surface as canvas:
        canvas.clear(skia.ColorWHITE)
        canvas.scale(width / box_width, height / box_height)
        dom.render(canvas)
    pixels = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)
    return Image.fromarray(pixels[:, :, :3], "RGB")


def available() -> dict[str, Render]:
    """The backends importable here, the reference first (`resvg-py` if installed, else `resvg`)."""
    backends: dict[str, Render] = {}
    for name, module, render in (
        ("resvg-py", "resvg_py", resvg_py),
        ("resvg", "resvg", resvg_binding),
        ("skia-python", "skia", skia_python),
    ):
        try:
            __import__(module)
        except ImportError:
            print(f"({name} not installed: skipped)")
            continue
        backends[name] = render
    return backends


def scene_items(family_name: str, config: str, preset: str, per_size: int | None) -> Iterator[Item]:
    """SVG text of a config's scenes and title bars: all, or `per_size` spread bundles per image size."""
    family = get_family(family_name)
    drawn = [(group, family.scene(group[0])) for group in bundles(family.jobs(config, preset))]
    if per_size is not None:  # sample each output size alike: sizes often cycle through the plan
        by_size: dict[tuple[int, int], list] = {}
        for group, scene in drawn:
            by_size.setdefault((scene.width, scene.height), []).append((group, scene))
        drawn = [
            pair for same in by_size.values() for pair in same[:: max(1, len(same) // per_size)][:per_size]
        ]
    for group, scene in drawn:
        if isinstance(scene.canvas, Image.Image):
            continue  # a user-supplied photo: nothing to rasterise
        text = scene.canvas.to_string() if isinstance(scene.canvas, Canvas) else str(scene.canvas)
        yield group[0].image_id, text, scene.width, scene.height
        for job in group:
            if job.role == WITHTITLE:  # a VLMBias titled twin: its title bar is rasterised too
                bar = title_bar(family.topics[config].title(job.spec), scene.width)
                yield f"{job.image_id} (title bar)", bar.to_string(), bar.width, bar.height


def sample(per_size: int) -> dict[str, list[Item]]:
    configs = [("vlmbias", c) for c in get_family("vlmbias").configs]
    configs += [("viprobe", c) for c in VIPROBE_SAMPLE]
    return {config: list(scene_items(family, config, "paper", per_size)) for family, config in configs}


def _hashes(args: tuple[str, list[Item]]) -> list[str]:
    name, items = args
    render = available()[name]
    return [pixel_sha256(render(svg, w, h)) for _, svg, w, h in items]


def timed_comparison(per_size: int, repeat: int) -> None:
    backends = available()
    items = sample(per_size)
    reference = next(iter(backends))
    for render in backends.values():  # warm up: imports, font loading
        render(*items["patterned_grids"][0][1:])
    times: dict[tuple[str, str], list[float]] = {}
    hashes: dict[tuple[str, str], list[list[str]]] = {}
    failed: set[tuple[str, str]] = set()
    for _ in range(repeat):
        for config, chosen in items.items():
            for name, render in backends.items():
                started = time.perf_counter()
                try:
                    images = [render(svg, w, h) for _, svg, w, h in chosen]
                except ValueError:  # a backend that cannot parse one of the scenes gets no numbers here
                    failed.add((config, name))
                    continue
                times.setdefault((config, name), []).append((time.perf_counter() - started) / len(chosen))
                hashes.setdefault((config, name), []).append([pixel_sha256(image) for image in images])
    names = list(backends)
    print(f"\nms per image (median of {repeat} interleaved rounds); pixels compared with {reference}")
    header = [f"{n} ms" for n in names] + [f"{reference} / {n}" for n in names[1:]]
    print("| topic / case | images | " + " | ".join(header) + " | images whose pixels differ |")
    print("|---" * (3 + len(header)) + "|")
    for config, chosen in items.items():
        ok = [n for n in names if (config, n) not in failed]
        ms = {n: 1e3 * statistics.median(times[(config, n)]) for n in ok}
        ref = hashes[(config, reference)][0]
        cells = [f"{ms[n]:.1f}" if n in ms else "cannot parse" for n in names]
        cells += [f"{ms[reference] / ms[n]:.2f}x" if n in ms else "-" for n in names[1:]]
        differ = [
            f"{n}: {sum(a != b for a, b in zip(ref, hashes[(config, n)][0], strict=True))}"
            for n in names[1:]
            if n in ms
        ]
        print(f"| {config} | {len(chosen)} | " + " | ".join(cells) + " | " + ", ".join(differ) + " |")
    unstable = [key for key, rounds in hashes.items() if any(r != rounds[0] for r in rounds)]
    print(f"\nsame pixels in every round: {unstable or 'yes'}")
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        for name in names:
            configs = [c for c in items if (c, name) not in failed]
            everything = [item for c in configs for item in items[c]]
            half = len(everything) // 2
            parts = pool.map(_hashes, [(name, everything[:half]), (name, everything[half:])])
            alone = [h for c in configs for h in hashes[(c, name)][0]]
            print(f"{name}: 2 spawned workers give the in-process pixels: {parts[0] + parts[1] == alone}")


def compare_all() -> None:
    """Every paper and lite scene of both families: `resvg` pixels against `resvg-py`'s."""
    started, count, differing = time.perf_counter(), 0, []
    for family_name in ("vlmbias", "viprobe"):
        for config in get_family(family_name).configs:
            seen: set[tuple[str, int, int]] = set()
            for preset in ("paper", "lite"):
                for label, svg, w, h in scene_items(family_name, config, preset, None):
                    if (svg, w, h) in seen:
                        continue
                    seen.add((svg, w, h))
                    count += 1
                    a, b = resvg_py(svg, w, h), resvg_binding(svg, w, h)
                    if a.tobytes() != b.tobytes():
                        diff = max(abs(x - y) for x, y in zip(a.tobytes(), b.tobytes(), strict=True))
                        differing.append((label, diff))
            print(
                f"{family_name} {config}: {count} distinct SVGs so far, {len(differing)} differ", flush=True
            )
    print(
        f"\n{count} distinct scenes and title bars compared in {time.perf_counter() - started:.0f} s; "
        f"{len(differing)} differ"
    )
    for label, diff in differing:
        print(f"  {label}: max channel difference {diff}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=3, help="scene bundles sampled per topic and size")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved timing rounds")
    parser.add_argument("--all", action="store_true", help="compare pixels of every scene, no timing")
    args = parser.parse_args()
    if args.all:
        compare_all()
    else:
        timed_comparison(args.per_size, args.repeat)


if __name__ == "__main__":
    main()
