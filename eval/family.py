"""What the eval side needs from a benchmark family, declared once: its `FamilyEval`.

The build side's `builders.core.family.Family` says how a family is built; its `FamilyEval` says
how it is scored and run:

- `scorer`: its scoring (`eval.scoring.scorer.Scorer`): grading, metrics, clusters, blind runs, the
  typed options that make its `eval score` flags, its unit and headline metrics;
- `tasks()`: its task declaration (`eval.tasks.declaration.FamilyTasks`), from which its lmms-eval
  YAML, the prompt and settings inspect_ai asks a row with, the columns a VLMEvalKit export fills
  and the report's reading of task names all follow; loaded when a command needs it (it reads the
  builder's configs, which scoring does not need, so `eval score` and `--help` never pay for it);
- `section()`: its part of the report page (`eval.report.section.FamilySection`), loaded only when a
  report is drawn (drawing imports matplotlib);
- `dry_run()`: optional, how the dry-run model (`python -m eval policy-server`) answers its rows
  (`eval.policy_server.family_answers.FamilyAnswers`), loaded only when that server starts.

Every consumer (the command line, `eval.scoring.score`, the report, inspect, VLMEvalKit, the
score-shape check) takes a family's `FamilyEval` from `eval.registry`, where each family is one
line, and never imports a family's modules by name.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from eval.scoring.scorer import Scorer

if TYPE_CHECKING:  # loaded on demand (see the module docstring)
    from eval.policy_server.family_answers import FamilyAnswers
    from eval.report.section import FamilySection
    from eval.tasks.declaration import FamilyTasks


@dataclasses.dataclass(frozen=True)
class FamilyEval:
    """One family's eval side (see the module docstring)."""

    name: str
    scorer: Scorer[Any, Any]
    tasks: Callable[[], FamilyTasks]
    section: Callable[[], FamilySection]
    dry_run: Callable[[], FamilyAnswers] | None = None


def on_demand(target: str) -> Callable[[], Any]:
    """A loader of `target` (`"package.module:NAME"`) that imports its module on first call, once.

    A family's `tasks`, `section` and `dry_run` are given this way, so declaring the family imports
    none of what they need (the builder's configs, matplotlib, the dry-run model's pixels).
    """
    module, name = target.split(":")

    @functools.cache
    def load() -> Any:
        return getattr(importlib.import_module(module), name)

    return load
