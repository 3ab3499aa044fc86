"""Stable hashing and seeded randomness.

Every random choice in a build comes from `rng_for(...)`, keyed by what the
choice is about, so adding a config or reordering a loop never changes another
item's draw. Nothing here reads the clock or the global RNG.
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


def rng_for(*parts: Any) -> random.Random:
    """A private `random.Random` seeded from `stable_hash(*parts)`."""
    return random.Random(int(stable_hash(*parts)[:16], 16))


def file_sha256(path: str) -> str:
    """Hex SHA-256 of a file's bytes, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
