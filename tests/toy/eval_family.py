"""The toy family's eval side: what `eval.registry` names when a test registers it."""

from __future__ import annotations

from eval.family import FamilyEval, on_demand
from tests.toy.scoring import SCORER

FAMILY_EVAL = FamilyEval(
    name="toy",
    scorer=SCORER,
    tasks=on_demand("tests.toy.tasks.declaration:TASKS"),
    section=on_demand("tests.toy.report:SECTION"),
)
