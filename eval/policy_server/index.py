"""Which row a request asks: the built folders' rows indexed by image and by the texts that ask them.

At start-up every row of every built config and split of each `--data` folder is read without its
image (union configs such as `all` only repeat their members' rows) and indexed by its
`pixel_sha256` (the hash of its decoded pixels) and by the texts its family says a harness asks it
with (`FamilyAnswers.forms`). A request is placed by:

1. its image's exact pixel hash (a PNG decodes to the stored pixels), or, when that matches no row
   (a JPEG re-encoding), by the closest stored image among the rows its text asks
   (`eval.policy_server.pixels`), whose images are read from their shard on first need;
2. its text: the rows whose text the request's last user turn contains, the longest such text
   winning (AIpsych's second prompt contains its first), else its earlier turns (a double-check
   turn asks nothing new). Without an image (a `_noimage` task) the text alone places it.

Several rows may be placed at once (the same image and question in two configs, a forward and an
instructional question); the server answers only when the policy gives them one answer.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
from PIL import Image

from builders.core.errors import BuilderError
from builders.core.folder import BuiltFolder, read_shard
from eval.errors import UsageError
from eval.policy_server.chat import Asked, ChatError
from eval.policy_server.family_answers import FamilyAnswers, Row
from eval.policy_server.pixels import (
    ImageError,
    decode,
    exact_hashes,
    pixel_distance,
    thumbnail,
    thumbnail_distance,
)
from eval.registry import family_eval

#: How many stored images, nearest by thumbnail, a re-encoded image is compared with pixel by pixel.
COMPARED = 16
#: A re-encoded image farther than this (RMS, 0-255) from every candidate is no row's image.
FARTHEST = 40.0
#: Candidates this close to the nearest (x 1.5 + 0.3) are kept beside it: JPEG's noise cannot tell them apart.
NEAR_FACTOR, NEAR_SLACK = 1.5, 0.3
#: Decoded stored images kept for pixel comparisons.
DECODED_KEPT = 64


@dataclasses.dataclass(frozen=True)
class ImageRef:
    """Where a row's image is stored: its shard, its position there, and its pixel hash."""

    shard: Path
    position: int
    pixel_sha256: str


@dataclasses.dataclass(frozen=True)
class Entry:
    """One way a row is asked: its family, the row as `text` asks it, and its image."""

    family: str
    row: Row
    text: str
    image: ImageRef
    folder: str


@dataclasses.dataclass(frozen=True)
class Loaded:
    """What one `--data` folder added to the index."""

    folder: str
    family: str
    rows: int


class RowIndex:
    """The rows of some built folders, found by image and text (see the module docstring)."""

    def __init__(self, folders: Iterable[Path]) -> None:
        self.answers: dict[str, FamilyAnswers] = {}
        self.loaded: list[Loaded] = []
        self.by_pixels: dict[str, list[Entry]] = defaultdict(list)
        self.by_text: dict[str, list[Entry]] = defaultdict(list)
        for path in folders:
            self._add(path)
        #: Every distinct text, longest first: the first one a request contains is its longest match.
        self.texts = sorted(self.by_text, key=len, reverse=True)
        self.images = StoredImages()

    def _add(self, path: Path) -> None:
        try:
            folder = BuiltFolder(path)
        except BuilderError as error:
            raise UsageError(f"--data {str(path)!r}: {error}") from None
        family = folder.family
        if family not in self.answers:
            declared = family_eval(family).dry_run
            if declared is None:
                raise UsageError(
                    f"--data {str(path)!r} holds a {family} build, and the {family} family declares no "
                    "dry-run answers (FamilyEval.dry_run); pass builds of families that do"
                )
            self.answers[family] = declared()
        forms = self.answers[family].forms
        count = 0
        try:
            for config, entry in folder.manifest.configs.items():
                for split in entry.splits:
                    for shard in folder.shards(config, split):
                        for position, row in enumerate(read_shard(shard, _columns_without_image(shard))):
                            image = ImageRef(shard, position, row["pixel_sha256"])
                            for text, asked in forms(row):
                                found = Entry(family, asked, text.strip(), image, str(path))
                                self.by_pixels[image.pixel_sha256].append(found)
                                self.by_text[found.text].append(found)
                            count += 1
        except BuilderError as error:
            raise UsageError(f"--data {str(path)!r}: {error}") from None
        self.loaded.append(Loaded(str(path), family, count))

    def place(self, asked: Asked) -> list[Entry]:
        """The entries the request asks (several when they cannot be told apart).

        Raises:
            ChatError: the request has several images, an image that cannot be decoded or is no
                row's, or a text no row (of its image) is asked with.
        """
        if len(asked.images) > 1:
            raise ChatError(
                f"the request carries {len(asked.images)} images; every row is asked with one",
                "several_images",
            )
        if not asked.images:
            return self._by_text(asked.turns, None, "without an image")
        try:
            image = decode(asked.images[0])
        except ImageError as error:
            raise ChatError(f"{error}; send the row's image as PNG or JPEG", "bad_image") from None
        pool = [entry for digest in exact_hashes(image) for entry in self.by_pixels.get(digest, ())]
        if pool:
            return self._by_text(asked.turns, pool, "with this image")
        candidates = self._by_text(asked.turns, None, "with any image")
        return self._closest(image, candidates)

    def _by_text(self, turns: Sequence[str], pool: list[Entry] | None, where: str) -> list[Entry]:
        """The entries (of `pool`, else of every row) whose text a user turn contains, latest turn first."""
        for turn in reversed(turns):
            found = self._contained(turn.strip(), pool)
            if found:
                return found
        shown = turns[-1].strip()[:80]
        if pool is None:
            raise ChatError(
                f"no row of the indexed builds is asked {where} with the text {shown!r}", "no_row"
            )
        rows = sorted({str(entry.row["id"]) for entry in pool})
        raise ChatError(
            f"the image is that of row {rows[0]!r}{' and others' if len(rows) > 1 else ''}, but none of "
            f"its rows is asked with the text {shown!r}",
            "text_not_of_image",
        )

    def _contained(self, text: str, pool: list[Entry] | None) -> list[Entry]:
        if pool is not None:
            matched = [entry for entry in pool if entry.text in text]
            longest = max((len(entry.text) for entry in matched), default=0)
            return [entry for entry in matched if len(entry.text) == longest]
        if text in self.by_text:
            return self.by_text[text]
        best = next((candidate for candidate in self.texts if candidate in text), None)
        return [] if best is None else self.by_text[best]

    def _closest(self, image: Image.Image, candidates: list[Entry]) -> list[Entry]:
        """The candidates whose stored image is (as good as) the closest to a re-encoded `image`."""
        refs = {entry.image.pixel_sha256: entry.image for entry in candidates}
        small = thumbnail(image)
        nearest = sorted(refs.values(), key=lambda ref: thumbnail_distance(small, self.images.thumbnail(ref)))
        distances = {
            ref.pixel_sha256: pixel_distance(image, self.images.image(ref)) for ref in nearest[:COMPARED]
        }
        best = min(distances.values())
        if best > FARTHEST:
            raise ChatError(
                f"the image matches no stored image exactly and resembles none of the rows its text asks "
                f"(closest: {best:.0f} of 255 RMS apart); send the row's own image",
                "image_not_of_rows",
            )
        near = {
            digest for digest, distance in distances.items() if distance <= best * NEAR_FACTOR + NEAR_SLACK
        }
        return [entry for entry in candidates if entry.image.pixel_sha256 in near]


def _columns_without_image(shard: Path) -> list[str]:
    import pyarrow.parquet as pq

    return [name for name in pq.read_schema(shard).names if name != "image"]


class StoredImages:
    """Stored images read on first need, a shard at a time (only re-encoded requests need them)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._shards: dict[Path, list[bytes]] = {}
        self._thumbnails: dict[str, np.ndarray] = {}
        self._decoded: OrderedDict[str, Image.Image] = OrderedDict()

    def image(self, ref: ImageRef) -> Image.Image:
        with self._lock:
            found = self._decoded.get(ref.pixel_sha256)
            if found is not None:
                self._decoded.move_to_end(ref.pixel_sha256)
                return found
            data = self._bytes(ref)
        image = decode(data)
        with self._lock:
            self._decoded[ref.pixel_sha256] = image
            while len(self._decoded) > DECODED_KEPT:
                self._decoded.popitem(last=False)
        return image

    def thumbnail(self, ref: ImageRef) -> np.ndarray:
        with self._lock:
            found = self._thumbnails.get(ref.pixel_sha256)
        if found is None:
            found = thumbnail(self.image(ref))
            with self._lock:
                self._thumbnails[ref.pixel_sha256] = found
        return found

    def _bytes(self, ref: ImageRef) -> bytes:
        """The stored bytes of `ref`'s image (the lock is held)."""
        if ref.shard not in self._shards:
            self._shards[ref.shard] = [row["image"]["bytes"] for row in read_shard(ref.shard, ["image"])]
        return self._shards[ref.shard][ref.position]
