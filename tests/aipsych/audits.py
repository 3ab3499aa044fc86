"""Audits of AIpsych's drawn scenes over a set of built rows: one size law, partial occlusion, exact colours.

Each audit is a function of rows read from a built folder (`scene_rows`: each image's row asking
about its first object, with its `layout`), so the suite runs them on the session's builds and
`benchmarks/aipsych_scenes.py` on whole editions. They read the rows and pixels, not the drawing
code: sizes are the heights of the `layout` boxes, and an asked colour is the palette's hex value.

- `size_parity`: per kind, the median height of its asked objects (asked or described in a row)
  over that of its unasked ones. A kind drawn by one law whatever its role still shows some spread
  from which objects a build happens to draw, most where its heights are bimodal (a lawn mower in
  the middle of the image or at its bottom); each ratio comes with its interval over resampled
  images (`NOISE`) and how often resampling moves it by more than 10 %, so a ratio outside
  0.9-1.1 can be told from chance (`outside_by_chance`).
- `occlusion`: the share of asked objects partly hidden (`PARTLY` or less of them visible) and the
  least visible share of any.
- `stray_pixels`: pixels of an asked object's exact colour outside the boxes of the asked objects
  of that colour.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from builders.aipsych.card import PARTLY
from builders.aipsych.vocabulary import PALETTE
from builders.core.folder import BuiltFolder
from builders.core.raster import png_pixels
from tests.pixels import packed_rgb

CONFIG, SPLIT = "synthetic", "test"
#: A kind's sizes are compared when it is drawn at least this often as asked and as unasked.
MIN_DRAWINGS = 40
#: Resamplings of a kind's images, and the two-sided share of them outside the band a ratio is held to.
RESAMPLES, NOISE = 2000, 0.001
ASKED_ROLES = ("asked", "described")


def scene_rows(
    folder: BuiltFolder, columns: Sequence[str] = (), image_ids: Iterable[str] | None = None
) -> list[dict[str, Any]]:
    """Each image's row asking about its first object (set 1, prompt 1): `image_id`, `layout` and
    `columns`, of the images in `image_ids` (default: all); other images' bytes are never kept."""
    wanted = None if image_ids is None else pa.array(sorted(image_ids))
    read = sorted({*columns, "image_id", "layout", "prompt_idx", "set_kind", "target"})
    found = []
    for path in folder.shards(CONFIG, SPLIT):
        for batch in pq.ParquetFile(path).iter_batches(columns=read, batch_size=500):
            mask = pc.and_(pc.equal(batch["prompt_idx"], 1), pc.equal(batch["set_kind"], 0))
            mask = pc.and_(mask, pc.equal(batch["target"], 1))
            if wanted is not None:
                mask = pc.and_(mask, pc.is_in(batch["image_id"], value_set=wanted))
            found += batch.filter(mask).select(sorted({*columns, "image_id", "layout"})).to_pylist()
    return found


def sample(items: Sequence[str], size: int, name: str) -> list[str]:
    """`size` of `items` (all, if fewer), the same every run: seeded by the audit's `name`."""
    if len(items) <= size:
        return list(items)
    return sorted(random.Random(name).sample(list(items), size))


def _height(entry: dict[str, Any]) -> int:
    _, top, _, bottom = entry["bbox"]
    return bottom - top


@dataclasses.dataclass(frozen=True)
class Parity:
    """One kind's sizes by role: median asked height over median unasked height, and how sure it is."""

    kind: str
    asked: int
    clutter: int
    ratio: float
    band: tuple[float, float]  # the ratio's interval over resampled images, but for `NOISE` of them
    outside: float  # how often resampling moves the ratio by more than 10 % (of itself)

    @property
    def within(self) -> bool:
        return 0.9 <= self.ratio <= 1.1

    @property
    def chance(self) -> bool:
        """Whether the ratio's interval holds 1: a build this size cannot tell it from no difference."""
        return self.band[0] <= 1 <= self.band[1]


def size_parity(rows: Iterable[dict[str, Any]], least: int = MIN_DRAWINGS) -> list[Parity]:
    """Per kind drawn at least `least` times in each role: its sizes by role (one row per image)."""
    heights: dict[str, tuple[list[tuple[int, int]], list[tuple[int, int]]]] = {}
    for image, row in enumerate(rows):
        for entry in row["layout"]:
            asked, clutter = heights.setdefault(entry["kind"], ([], []))
            (asked if entry["role"] in ASKED_ROLES else clutter).append((image, _height(entry)))
    found = []
    for kind, (asked, clutter) in sorted(heights.items()):
        if len(asked) >= least and len(clutter) >= least:
            ratio = statistics.median(h for _, h in asked) / statistics.median(h for _, h in clutter)
            found.append(Parity(kind, len(asked), len(clutter), ratio, *_resampled(asked, clutter, kind)))
    return found


def _resampled(
    asked: list[tuple[int, int]], clutter: list[tuple[int, int]], kind: str
) -> tuple[tuple[float, float], float]:
    """The ratio of medians over `RESAMPLES` resamplings of the images the kind is in (drawn with
    replacement, all of an image's drawings together: they share its zoom): its (NOISE / 2) quantiles,
    and the share that move it by more than 10 %."""
    images = sorted({image for image, _ in asked + clutter})
    column = {image: index for index, image in enumerate(images)}
    rng = np.random.default_rng(list(kind.encode()))
    counts = rng.multinomial(len(images), [1 / len(images)] * len(images), size=RESAMPLES).astype(np.int32)

    def medians(drawn: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
        ordered = sorted(drawn, key=lambda pair: pair[1])
        weights = counts[:, [column[image] for image, _ in ordered]].cumsum(axis=1)
        middle = (weights >= weights[:, -1:] / 2).argmax(axis=1)
        return np.array([height for _, height in ordered], dtype=float)[middle], weights[:, -1]

    (top, asked_n), (bottom, clutter_n) = medians(asked), medians(clutter)
    ratios = (top / bottom)[(asked_n > 0) & (clutter_n > 0)]
    low, high = np.quantile(ratios, [NOISE / 2, 1 - NOISE / 2])
    moved = ratios / np.median(ratios)
    return (float(low), float(high)), float(np.mean((moved < 0.9) | (moved > 1.1)))


def outside_by_chance(parity: Sequence[Parity]) -> float:
    """How many kinds' ratios chance alone would put outside 0.9-1.1 were every kind's true ratio 1 (each
    kind's share of resamplings that move its ratio by more than 10 %), plus three times that
    count's spread: the most a build drawn by one law should show."""
    shares = [p.outside for p in parity]
    return sum(shares) + 3 * sum(share * (1 - share) for share in shares) ** 0.5


@dataclasses.dataclass(frozen=True)
class Occlusion:
    """How much of the asked objects clutter hides."""

    asked: int
    partly: int  # at most `PARTLY` of it visible
    lowest: float  # the least visible share of any asked object

    @property
    def share(self) -> float:
        return self.partly / self.asked


def occlusion(rows: Iterable[dict[str, Any]]) -> Occlusion:
    """The asked objects' visible shares (one row per image)."""
    visible = [
        entry["visible_fraction"] for row in rows for entry in row["layout"] if entry["role"] in ASKED_ROLES
    ]
    return Occlusion(len(visible), sum(share <= PARTLY for share in visible), min(visible))


def stray_pixels(row: dict[str, Any]) -> int:
    """Pixels of an asked object's exact colour outside every asked object's box of that colour."""
    packed = packed_rgb(png_pixels(row["image"]["bytes"]))
    stray = 0
    asked = [entry for entry in row["layout"] if entry["role"] in ASKED_ROLES]
    for colour in {entry["colour"] for entry in asked}:
        exact = packed == int(PALETTE[colour][1:], 16)
        for entry in asked:
            if entry["colour"] == colour:
                x0, y0, x1, y1 = entry["bbox"]
                exact[y0:y1, x0:x1] = False
        stray += int(exact.sum())
    return stray
