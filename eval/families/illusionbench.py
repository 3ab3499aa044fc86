"""IllusionBench+'s eval side: its scoring, its lmms-eval tasks and its section of the report page."""

from __future__ import annotations

from eval.family import FamilyEval, on_demand
from eval.scoring.illusionbench.scorer import SCORER

FAMILY_EVAL = FamilyEval(
    name="illusionbench",
    scorer=SCORER,
    tasks=on_demand("eval.tasks.illusionbench.declaration:TASKS"),  # reads the builder's configs
    section=on_demand("eval.report.illusionbench:SECTION"),  # draws with matplotlib
    dry_run=on_demand("eval.policy_server.answers.illusionbench:ANSWERS"),  # when the dry-run server starts
)
