"""Patterned-grid prompts (paper Appendix I), ground truth and expected bias."""

from __future__ import annotations

from builders.vlmbias.patterned_grids.spec import GridSpec
from builders.vlmbias.questions import Question, count_question, yes_no_question

NOUNS = {"dice": "circles", "tally": "lines"}


def grid_questions(spec: GridSpec) -> list[Question]:
    """Q1, Q2 (count in the anomaly cell) and Q3 (does it hold the pattern's count?)."""
    noun = NOUNS[spec.pattern]
    return [
        count_question("Q1", f"How many {noun} are there in cell {spec.cell}?", spec.actual, spec.standard),
        count_question("Q2", f"Count the {noun} in cell {spec.cell}.", spec.actual, spec.standard),
        yes_no_question("Q3", f"Does cell {spec.cell} contain {spec.standard} {noun}?", False, True),
    ]
