"""Stable hashing and seeded randomness.

Every random choice in a build comes from `rng_for(...)`, keyed by what the
choice is about, so adding a config or reordering a loop never changes another
item's draw. An edition seed (`build --seed N`) is one more part of every key:
a fresh edition redraws every choice while the canonical edition (no seed) keeps
the keys, and so the draws, it always had. Nothing here reads the clock or the
global RNG.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace: the one serialisation we hash."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def stable_hash(*parts: Any) -> str:
    """Hex SHA-256 of the canonical JSON of `parts`; identical on every machine and run.

    >>> stable_hash("family", "config", 3)[:12]
    '9146abd48d68'
    """
    return hashlib.sha256(canonical_json(list(parts)).encode("utf-8")).hexdigest()


def rng_for(*parts: Any, edition: int | None = None) -> random.Random:
    """A private `random.Random` seeded from `stable_hash(*parts)`, in the given edition.

    `edition` is the edition seed of a fresh draw; None, the canonical edition, leaves the key as
    it always was.

    >>> rng_for("a").random() == rng_for("a", edition=None).random() != rng_for("a", edition=1).random()
    True
    """
    return random.Random(int(stable_hash(*parts, *edition_key(edition))[:16], 16))


def edition_key(edition: int | None) -> tuple[Any, ...]:
    """What an edition adds to a hash key: nothing for the canonical edition, its seed otherwise."""
    return () if edition is None else ({"edition": edition},)


def file_sha256(path: str) -> str:
    """Hex SHA-256 of a file's bytes, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
