"""The toy family's eval side: what `eval.registry` names when a test registers it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from eval.family import FamilyEval
from tests.toy.scoring import SCORER

if TYPE_CHECKING:
    from eval.report.section import FamilySection
    from eval.tasks.declaration import FamilyTasks


def tasks() -> FamilyTasks:
    from tests.toy.tasks.declaration import TASKS

    return TASKS


def section() -> FamilySection:
    from tests.toy.report import SECTION

    return SECTION


FAMILY_EVAL = FamilyEval(name="toy", scorer=SCORER, tasks=tasks, section=section)
