"""Scoring options a family declares for `python -m eval score` (e.g. AIpsych's `--scorer`).

A family's scoring module may define `OPTIONS`, a tuple of `ScoreOption`; the command line adds
each flag once and passes the values given to that family's `score_rows` as keyword arguments.
A flag given for a family that does not declare it is refused in one sentence.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any


@dataclasses.dataclass(frozen=True)
class ScoreOption:
    """One `--flag VALUE` of `eval score`, passed to `score_rows` as `keyword=value`."""

    flag: str
    keyword: str
    help: str
    choices: tuple[str, ...] | None = None
    type: Callable[[str], Any] = str

    @property
    def dest(self) -> str:
        """The argparse attribute the value lands in."""
        return self.flag.lstrip("-").replace("-", "_")
