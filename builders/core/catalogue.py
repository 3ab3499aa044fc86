"""Catalogues of one-file entries: a package lists its modules' names, each module defines one entry.

Adding an illusion case, a drawn object or a concept is then one file and one
name in its package's list.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any


def entries(package: str, modules: Iterable[str], attribute: str) -> tuple[Any, ...]:
    """`attribute` of each module `package.<module>`, in the order given."""
    return tuple(getattr(importlib.import_module(f"{package}.{module}"), attribute) for module in modules)
