"""The toy family's eval side: what `eval.registry` names when a test registers it."""

from __future__ import annotations

from eval.family import FamilyEval
from eval.report.section import FamilySection
from tests.toy.scoring import SCORER
from tests.toy.tasks.declaration import TASKS


def section() -> FamilySection:
    from tests.toy.report import SECTION

    return SECTION


FAMILY_EVAL = FamilyEval(name="toy", scorer=SCORER, tasks=TASKS, section=section)
