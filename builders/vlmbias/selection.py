"""A parameter that picks which of a topic's fixed values a build draws (brands, boards, illusions, ...)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from builders.core.params import parameter


def selection(values: Iterable[str], meaning: str) -> Any:
    """A `parameter` listing which of `values` to draw: all of them by default, each at most once, in
    any order (a plan keeps the release's order whatever the list's)."""
    every = tuple(values)
    return parameter(every, meaning=meaning, choices=every, unique=True)
