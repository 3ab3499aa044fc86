"""VLMBias's eval side: its scoring, its lmms-eval tasks and its section of the report page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from eval.family import FamilyEval
from eval.scoring.vlmbias.scorer import SCORER

if TYPE_CHECKING:
    from eval.policy_server.family_answers import FamilyAnswers
    from eval.report.section import FamilySection
    from eval.tasks.declaration import FamilyTasks


def tasks() -> FamilyTasks:
    """Its lmms-eval task declaration (read on use: it imports the builder's family for its configs)."""
    from eval.tasks.vlmbias.declaration import TASKS

    return TASKS


def section() -> FamilySection:
    """The report's VLMBias section (imported when a report is drawn: it draws with matplotlib)."""
    from eval.report.vlmbias import SECTION

    return SECTION


def dry_run() -> FamilyAnswers:
    """How the dry-run model answers its rows (imported when `python -m eval policy-server` starts)."""
    from eval.policy_server.answers.vlmbias import ANSWERS

    return ANSWERS


FAMILY_EVAL = FamilyEval(name="vlmbias", scorer=SCORER, tasks=tasks, section=section, dry_run=dry_run)
