"""VLMBias's eval side: its scoring, its lmms-eval tasks and its section of the report page."""

from __future__ import annotations

from eval.family import FamilyEval, on_demand
from eval.scoring.vlmbias.scorer import SCORER

FAMILY_EVAL = FamilyEval(
    name="vlmbias",
    scorer=SCORER,
    tasks=on_demand("eval.tasks.vlmbias.declaration:TASKS"),  # reads the builder's configs
    section=on_demand("eval.report.vlmbias:SECTION"),  # draws with matplotlib
    dry_run=on_demand("eval.policy_server.answers.vlmbias:ANSWERS"),  # when the dry-run server starts
)
