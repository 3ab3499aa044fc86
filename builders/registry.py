"""The families the CLI knows, imported lazily so `list` and errors stay fast."""

from __future__ import annotations

import functools
import importlib

from builders.core.errors import UsageError
from builders.core.family import Family

#: family name -> module that defines `FAMILY`.
FAMILY_MODULES: dict[str, str] = {
    "vlmbias": "builders.vlmbias",
    "viprobe": "builders.viprobe",
}


@functools.cache
def get_family(name: str) -> Family:
    """The family called `name`, or a UsageError listing the known ones."""
    if name not in FAMILY_MODULES:
        known = ", ".join(sorted(FAMILY_MODULES))
        raise UsageError(f"unknown family {name!r}; choose one of: {known}")
    return importlib.import_module(FAMILY_MODULES[name]).FAMILY
