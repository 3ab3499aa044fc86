"""A build process without pandas: pyarrow asks for pandas only to ask whether rows are pandas objects.

Kept apart from `shards` (which imports pyarrow) so the command line can enter it before a build's
request is checked: a refused build then imports none of pyarrow, pandas or `datasets`.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import sys
from collections.abc import Iterator
from typing import Any


class _NoPandas(importlib.abc.MetaPathFinder):
    """An import finder for which pandas is not installed."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name == "pandas":
            raise ModuleNotFoundError("pandas is left out of this build", name=name)


@contextlib.contextmanager
def pandas_unavailable() -> Iterator[None]:
    """Within it, pyarrow runs as where pandas is not installed (unless pandas is imported already).

    The first time pyarrow converts Python objects it imports pandas (about 0.4 s, the drawing of a
    dozen images) only to ask whether they are pandas objects; a build's rows never are. pyarrow
    remembers the answer for the rest of the process (it then treats pandas objects as plain
    sequences), so only a process that is one build command should use this: `python -m builders
    build`, not a library caller of `build()`. pandas can be imported again afterwards.
    """
    if "pandas" in sys.modules:
        yield
        return
    finder = _NoPandas()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
