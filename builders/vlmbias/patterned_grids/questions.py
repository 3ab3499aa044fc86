"""Patterned-grid prompts (paper Appendix I), ground truth and expected bias."""

from __future__ import annotations

from builders.vlmbias.patterned_grids.spec import GridSpec
from builders.vlmbias.questions import Question, count_question, yes_no_question

NOUNS = {"dice": "circles", "tally": "lines"}


def grid_questions(spec: GridSpec) -> list[Question]:
    """Q1, Q2 (count in the anomaly cell) and Q3 (does it hold the pattern's count?).

    Originals get Q1 and Q2 only, answered by the pattern count, with no bias.
    """
    noun = NOUNS[spec.pattern]
    original = spec.modification == "none"
    bias = None if original else spec.standard
    questions = [
        count_question("Q1", f"How many {noun} are there in cell {spec.cell}?", spec.actual, bias),
        count_question("Q2", f"Count the {noun} in cell {spec.cell}.", spec.actual, bias),
    ]
    if not original:
        questions.append(
            yes_no_question("Q3", f"Does cell {spec.cell} contain {spec.standard} {noun}?", False, True)
        )
    return questions
