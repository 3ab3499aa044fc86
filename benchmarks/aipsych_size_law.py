"""The AIpsych size law over whole paper plans, from the layout's boxes alone: no build, no pixels.

    .venv/bin/python benchmarks/aipsych_size_law.py canonical 1 2 3 4 5 6

For each edition named (`canonical`, or a seed) it lays out every scene of the paper preset
(`plan.scene_spec`, `layout.lay_out`) and runs the size audit of `tests/aipsych/audits.py` on the
boxes, rounded to whole pixels: per kind drawn 40 times or more in each role, the median height of
its asked objects over its unasked ones, and how many kinds fall within 0.9-1.1. A built edition's
`layout` boxes are its masks' (`benchmarks/aipsych_scenes.py`), so its ratios differ from these by a
pixel's rounding. Not a test: quote it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builders.aipsych.layout import lay_out  # noqa: E402
from builders.aipsych.params import PRESETS  # noqa: E402
from builders.aipsych.plan import SCENES_PER_BLOCK, scene_spec  # noqa: E402
from tests.aipsych.audits import size_parity  # noqa: E402


def _rows(edition: int | None, block: int) -> list[dict[str, Any]]:
    """One row per scene of `block`: its layout's kinds, roles and boxes."""
    params = PRESETS["paper"]
    first = block * SCENES_PER_BLOCK
    rows = []
    for index in range(first, min(first + SCENES_PER_BLOCK, params.scenes)):
        layout = [
            {
                "kind": item.name,
                "role": "clutter" if item.asked is None else "asked",
                "bbox": [round(item.box.x), round(item.box.y), round(item.box.right), round(item.box.bottom)],
            }
            for item in lay_out(scene_spec(index, params, edition))
        ]
        rows.append({"layout": layout})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("editions", nargs="+", help="'canonical' or a seed, each a paper edition")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    blocks = range(-(-PRESETS["paper"].scenes // SCENES_PER_BLOCK))
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.editions:
            edition = None if name == "canonical" else int(name)
            rows = [row for part in pool.map(_rows, [edition] * len(blocks), blocks) for row in part]
            parity = size_parity(rows)
            ratios = [p.ratio for p in parity]
            outside = [f"{p.kind} {p.ratio:.3f}" for p in parity if not p.within]
            print(
                f"{name}: {sum(p.within for p in parity)} of {len(parity)} kinds within 0.9-1.1; median "
                f"ratio {statistics.median(ratios):.3f}, range {min(ratios):.3f}-{max(ratios):.3f}"
                f"{'; outside: ' + ', '.join(outside) if outside else ''}",
                flush=True,
            )


if __name__ == "__main__":
    main()
