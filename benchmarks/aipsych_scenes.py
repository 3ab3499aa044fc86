"""The AIpsych scene audits (`tests/aipsych/audits.py`) over whole built editions: every row, every image.

The suite runs them on the canonical paper build (every row's layout, a sample of images' pixels)
and on samples of two fresh editions; this script reads all 3,000 images of each folder given:

    python -m builders build aipsych --out /tmp/a/canonical
    python -m builders build aipsych --seed 1 --out /tmp/a/seed-1
    .venv/bin/python benchmarks/aipsych_scenes.py /tmp/a/canonical/aipsych /tmp/a/seed-1/aipsych

For each folder it prints the size law (per kind drawn 40 times or more in each role: the median
height of its asked objects over its unasked ones, how many kinds fall within 0.9-1.1, and those
outside with the ratio's 99.9 % interval over resampled images), the share of asked objects partly
hidden and the least visible share, and the pixels of an asked colour outside its objects. Not a
test: quote it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builders.core.folder import BuiltFolder  # noqa: E402
from tests.aipsych.audits import (  # noqa: E402
    MIN_DRAWINGS,
    PARTLY,
    occlusion,
    outside_by_chance,
    scene_rows,
    size_parity,
    stray_pixels,
)

#: Images decoded per batch (each worker gets whole batches: the bytes of one batch at a time).
BATCH = 250


def _strays(folder: Path, image_ids: list[str]) -> list[tuple[str, int]]:
    rows = scene_rows(BuiltFolder(folder), ["image"], image_ids)
    return [(row["image_id"], stray_pixels(row)) for row in rows]


def audit(folder: Path, workers: int, least: int = MIN_DRAWINGS) -> None:
    built = BuiltFolder(folder)
    edition = built.manifest.edition
    rows = scene_rows(built)
    name = "canonical" if edition is None else f"seed {edition}"
    print(f"## {folder}: edition {name}, {len(rows)} images")
    parity = size_parity(rows, least)
    if not parity:
        print(f"size law: no kind drawn {least} times or more in each role")
    else:
        within = [p for p in parity if p.within]
        chance = sum(p.outside for p in parity)
        print(
            f"size law: {len(parity)} kinds compared, {len(within)} within 0.9-1.1 (chance alone puts "
            f"{chance:.1f} outside, at most {outside_by_chance(parity):.1f}); median ratio "
            f"{statistics.median(p.ratio for p in parity):.3f}, range {min(p.ratio for p in parity):.3f}-"
            f"{max(p.ratio for p in parity):.3f}; outside 0.9-1.1 with 1 outside its interval: "
            f"{[p.kind for p in parity if not p.within and not p.chance] or 'none'}"
        )
    for p in parity:
        if not p.within:
            print(
                f"  {p.kind}: {p.ratio:.3f} ({p.asked} asked, {p.clutter} unasked; 99.9 % interval "
                f"{p.band[0]:.3f}-{p.band[1]:.3f})"
            )
    hidden = occlusion(rows)
    print(
        f"occlusion: {hidden.partly} of {hidden.asked} asked objects ({100 * hidden.share:.1f} %) at most "
        f"{100 * PARTLY:.0f} % visible; least visible share {hidden.lowest:.3f}"
    )
    ids = sorted(row["image_id"] for row in rows)
    batches = [ids[start : start + BATCH] for start in range(0, len(ids), BATCH)]
    with ProcessPoolExecutor(workers) as pool:
        strays = [found for done in pool.map(_strays, [folder] * len(batches), batches) for found in done]
    stray = [(image_id, count) for image_id, count in strays if count]
    print(
        f"stray pixels: {sum(count for _, count in stray)} in {len(stray)} of {len(strays)} images"
        f"{': ' + str(stray[:10]) if stray else ''}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", type=Path, nargs="+", help="built aipsych folders (paper preset)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--least", type=int, default=MIN_DRAWINGS, help="compare kinds drawn this often in each role"
    )
    args = parser.parse_args()
    for folder in args.folders:
        audit(folder, args.workers, args.least)


if __name__ == "__main__":
    main()
