"""The families this checkout knows: one line per family, read by both command lines.

A family named `x` owns, by convention, the builder package `builders/<x>/` (whose
`family.py` defines `FAMILY`, its `builders.core.family.Family` object), the card template
`dataset_cards/<repo_name>.md`, the scoring module `eval.scoring.<x>` and the lmms-eval
tasks `eval/tasks/<x>/`.
Families are imported only when asked for, so `list` and errors stay fast.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING

from builders.core.errors import UsageError
from builders.core.family import Family

if TYPE_CHECKING:  # the folder reader imports pyarrow; `list` and errors do not need it
    from builders.core.folder import BuiltFolder

#: family name -> the module that defines its `FAMILY`. Adding a family is one line here.
FAMILY_MODULES: dict[str, str] = {
    "vlmbias": "builders.vlmbias.family",
    "viprobe": "builders.viprobe.family",
    "visage": "builders.visage.family",
    "illusionbench": "builders.illusionbench.family",
    "aipsych": "builders.aipsych.family",
}


def family_names() -> tuple[str, ...]:
    """Every registered family, in registration order."""
    return tuple(FAMILY_MODULES)


@functools.cache
def get_family(name: str) -> Family:
    """The family called `name`, or a UsageError listing the known ones."""
    if name not in FAMILY_MODULES:
        raise UsageError(f"unknown family {name!r}; choose one of: {', '.join(FAMILY_MODULES)}")
    family = importlib.import_module(FAMILY_MODULES[name]).FAMILY
    if not isinstance(family, Family) or family.name != name:
        raise UsageError(f"{FAMILY_MODULES[name]}.FAMILY is not the Family object of {name!r}")
    return family


def family_of(folder: BuiltFolder) -> Family:
    """The family that built `folder`, or one sentence saying this checkout does not know it."""
    try:
        return get_family(folder.family)
    except UsageError as error:
        raise UsageError(f"{str(folder.path)!r} was built by family {folder.family!r}: {error}") from None
