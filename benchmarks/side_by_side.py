"""Our builds beside the original generators: ms per drawn image per topic, 1 and N workers, peak memory.

Give local copies of the original generator repositories (this script never
downloads anything) and the Python that can run them (their own virtualenv):

- VLMBias: a checkout of `anvo25/vlms-are-biased`; its `main.py --<topic>` draws
  the programmatic topics with cairosvg, one PNG per image (titles come later,
  from `add_titles.py`, and are not run here). Optical illusions need its
  `generators/Pyllusion` submodule (or a package of that name on the path).
- VI-Probe: a checkout of `marvinli00/VI-Probe`; its `main.py --illusion <case>`
  draws the case's six variants at the default strengths.

Each run is a fresh process in a fresh folder, timed from the outside with
start-up included, and divided by the PNGs it left behind (theirs) or the
images in the manifest (ours: `build <family> --config <topic> --preset paper`,
titled twins included). Peak memory is the largest total resident set of the
process and all its descendants (workers included), sampled every 20 ms.
Rounds interleave the two sides; the table gives medians. Every counted run is
a cold process as a user starts it: there are no warm-up rounds unless
`--warm-up N` asks for N uncounted ones first. Both sides run as on a default
Python: bytecode caches are written (`PYTHONDONTWRITEBYTECODE` is dropped from
their environment), so after its first run neither side compiles its own
source again. On a shared machine quote the ratios, not the milliseconds.

    .venv/bin/python benchmarks/side_by_side.py \\
        --vlmbias-repo /tmp/vlms-are-biased --vlmbias-python /tmp/orig-venv/bin/python \\
        [--viprobe-repo /tmp/VI-Probe --viprobe-python ...] [--topic patterned_grids]... \\
        [--workers 2] [--repeat 3] [--warm-up 0] [--whole-presets]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from process_tree import timed

ROOT = Path(__file__).resolve().parents[1]
#: The children's environment: Python's default of caching bytecode, whatever this shell sets.
CHILD_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}

#: Our VLMBias config -> the original `main.py` flags that draw the same topic. Optical illusions
#: are not run by default: with pip's pyllusion in place of the submodule the generator wrote nothing.
VLMBIAS_FLAGS = {
    "chess_pieces": ["--chess_pieces", "--xiangqi_pieces"],
    "game_boards": ["--chess_board", "--go_board", "--xiangqi_board", "--sudoku_board"],
    "patterned_grids": ["--patterned_grids"],
    "optical_illusions": ["--optical_illusions"],
}
VLMBIAS_DEFAULT = ("chess_pieces", "game_boards", "patterned_grids")
VIPROBE_DEFAULT = ("muller_lyer", "ebbinghaus", "chubb")


@dataclasses.dataclass
class Run:
    seconds: float
    cpu_seconds: float
    images: int
    peak_mib: float

    @property
    def ms_per_image(self) -> float:
        return 1e3 * self.seconds / max(self.images, 1)

    @property
    def cpu_ms_per_image(self) -> float:
        return 1e3 * self.cpu_seconds / max(self.images, 1)


def original(python: str, repo: Path, arguments: list[str], cpus: set[int] | None = None) -> Run:
    """One run of an original generator in a fresh folder; images = PNGs it left there."""
    with tempfile.TemporaryDirectory() as folder:
        command = [python, str(repo / "main.py"), *arguments]
        seconds, cpu, peak = timed(command, Path(folder), CHILD_ENV, cpus)
        images = sum(1 for _ in Path(folder).rglob("*.png"))
    if images == 0:
        raise SystemExit(f"{repo / 'main.py'} {' '.join(arguments)} ran but wrote no PNG; check its setup")
    return Run(seconds, cpu, images, peak)


def ours(family: str, configs: list[str] | None, workers: int, cpus: set[int] | None = None) -> Run:
    """One `build` of our paper preset (all configs when `configs` is None); images from the manifest."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "builders", "build", family, "--preset", "paper"]
        command += ["--workers", str(workers), "--out", out, "--no-progress"]
        command += [arg for config in configs or [] for arg in ("--config", config)]
        seconds, cpu, peak = timed(command, ROOT, CHILD_ENV, cpus)
        manifest = next(Path(out).glob("*/manifest.json"))
        images = len(json.loads(manifest.read_text())["images"])
    return Run(seconds, cpu, images, peak)


def median_run(runs: list[Run]) -> Run:
    return Run(
        statistics.median(r.seconds for r in runs),
        statistics.median(r.cpu_seconds for r in runs),
        runs[0].images,
        statistics.median(r.peak_mib for r in runs),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vlmbias-repo", type=Path, help="checkout of anvo25/vlms-are-biased")
    parser.add_argument("--vlmbias-python", default=sys.executable, help="Python that runs it")
    parser.add_argument("--viprobe-repo", type=Path, help="checkout of marvinli00/VI-Probe")
    parser.add_argument("--viprobe-python", default=sys.executable, help="Python that runs it")
    parser.add_argument("--topic", action="append", dest="topics", help="VLMBias topic or VI-Probe case")
    parser.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--warm-up", type=int, default=0, help="uncounted rounds before the counted ones")
    parser.add_argument("--whole-presets", action="store_true", help="also time whole paper builds")
    parser.add_argument(
        "--pin-one-core",
        action="store_true",
        help="run the original and our 1-worker build on one core each (per-core time, no borrowed core)",
    )
    args = parser.parse_args()
    if args.vlmbias_repo is None and args.viprobe_repo is None and not args.whole_presets:
        parser.error("give --vlmbias-repo and/or --viprobe-repo (local copies), or --whole-presets")

    plan: list[tuple[str, str, str, Path, list[str]]] = []  # family, topic, python, repo, arguments
    if args.vlmbias_repo:
        for topic in args.topics or VLMBIAS_DEFAULT:
            if topic in VLMBIAS_FLAGS:
                plan.append(("vlmbias", topic, args.vlmbias_python, args.vlmbias_repo, VLMBIAS_FLAGS[topic]))
    if args.viprobe_repo:
        for topic in args.topics or VIPROBE_DEFAULT:
            if topic not in VLMBIAS_FLAGS:
                arguments = ["--illusion", topic, "-o", "output"]
                plan.append(("viprobe", topic, args.viprobe_python, args.viprobe_repo, arguments))

    for _ in range(args.warm_up):  # not counted: bytecode and page caches
        for family, topic, python, repo, arguments in plan:
            original(python, repo, arguments)
            ours(family, [topic], 1)
    one_core = {min(os.sched_getaffinity(0))} if args.pin_one_core else None
    results: dict[tuple[str, str], list[Run]] = {}
    for round_ in range(args.repeat):
        for family, topic, python, repo, arguments in plan:
            results.setdefault((topic, "original"), []).append(original(python, repo, arguments, one_core))
            for workers in sorted({1, args.workers}):
                run = ours(family, [topic], workers, one_core if workers == 1 else None)
                results.setdefault((topic, f"ours-{workers}"), []).append(run)
        print(f"round {round_ + 1} of {args.repeat} done", file=sys.stderr, flush=True)

    n = args.workers
    warm = f"after {args.warm_up} uncounted warm-up round(s)" if args.warm_up else "no warm-up round"
    print(f"\nms per drawn image, start-up included (median of {args.repeat} interleaved rounds, {warm})")
    print("wall = elapsed time; cpu = user + system time of the whole process tree")
    if one_core:
        print(f"the original and our 1-worker build each pinned to core {min(one_core)}")
    print()
    extra = f" ours {n} workers wall | theirs / ours-{n} wall |" if n > 1 else ""
    print(
        "| topic | images theirs / ours | theirs wall, cpu | ours 1 worker wall, cpu "
        f"| theirs / ours-1 wall, cpu |{extra} peak MiB theirs / ours-1{f' / ours-{n}' if n > 1 else ''} |"
    )
    print("|---|---|---|---|---|" + ("---|---|" if n > 1 else "") + "---|")
    for _, topic, *_ in plan:
        theirs = median_run(results[(topic, "original")])
        one, many = median_run(results[(topic, "ours-1")]), median_run(results[(topic, f"ours-{n}")])
        cells = (
            f"| {topic} | {theirs.images} / {one.images} "
            f"| {theirs.ms_per_image:.1f}, {theirs.cpu_ms_per_image:.1f} "
            f"| {one.ms_per_image:.1f}, {one.cpu_ms_per_image:.1f} "
            f"| {theirs.ms_per_image / one.ms_per_image:.2f}x, "
            f"{theirs.cpu_ms_per_image / one.cpu_ms_per_image:.2f}x "
        )
        if n > 1:
            cells += f"| {many.ms_per_image:.1f} | {theirs.ms_per_image / many.ms_per_image:.2f}x "
        print(
            cells
            + f"| {theirs.peak_mib:.0f} / {one.peak_mib:.0f}{f' / {many.peak_mib:.0f}' if n > 1 else ''} |"
        )
    print("\nper round, theirs / ours-1 (wall, cpu): the spread behind the medians")
    for _, topic, *_ in plan:
        rounds = zip(results[(topic, "original")], results[(topic, "ours-1")], strict=True)
        ratios = [
            f"{a.seconds / a.images / (b.seconds / b.images):.2f}x, "
            f"{a.cpu_seconds / a.images / (b.cpu_seconds / b.images):.2f}x"
            for a, b in rounds
        ]
        print(f"{topic}: {'; '.join(ratios)}")
    if args.whole_presets:
        print(f"\nwhole paper presets, {n} workers (one run each)\n")
        print("| family | images | wall s | wall ms/img | cpu ms/img | peak MiB (process tree) |")
        print("|---|---|---|---|---|---|")
        for family in ("vlmbias", "viprobe"):
            run = ours(family, None, n)
            cells = f"{run.images} | {run.seconds:.0f} | {run.ms_per_image:.1f} | {run.cpu_ms_per_image:.1f}"
            cells += f" | {run.peak_mib:.0f}"
            print(f"| {family} | {cells} |")


if __name__ == "__main__":
    main()
