"""The families `python -m eval` scores and runs: one line per family, naming its `FamilyEval`.

A family named `x` declares its eval side in `eval/families/x.py` as `FAMILY_EVAL` (see
`eval.family`); its build side is registered in `builders/families.py`. Families are imported only
when asked for, so `--help` and refused commands stay fast.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING

from eval.errors import UsageError

if TYPE_CHECKING:  # the contract imports the scoring package, whose `score_pairs` looks families up here
    from eval.family import FamilyEval

#: family name -> the module that defines its `FAMILY_EVAL`. Adding a family is one line here.
EVAL_MODULES: dict[str, str] = {
    "vlmbias": "eval.families.vlmbias",
    "viprobe": "eval.families.viprobe",
    "visage": "eval.families.visage",
    "illusionbench": "eval.families.illusionbench",
    "aipsych": "eval.families.aipsych",
}


def family_names() -> tuple[str, ...]:
    """Every family with an eval side, in registration order."""
    return tuple(EVAL_MODULES)


@functools.cache
def family_eval(name: str) -> FamilyEval:
    """The eval side of the family called `name`, or a UsageError listing the known ones."""
    if name not in EVAL_MODULES:
        raise UsageError(f"unknown family {name!r}; choose one of: {', '.join(EVAL_MODULES)}")
    declared: FamilyEval = importlib.import_module(EVAL_MODULES[name]).FAMILY_EVAL
    if declared.name != name:
        raise UsageError(
            f"{EVAL_MODULES[name]}.FAMILY_EVAL is the FamilyEval of {declared.name!r}, not {name!r}"
        )
    return declared
