"""Prompts, ground truth and expected bias for the illusions (the paper's Appendix H and N).

Q1/Q2 ask whether the targets are equal (aligned, parallel); Q3 whether this is
an example of the illusion. As released, every question of a difference-0 image
has truth Yes and expected bias No, and every question of a modified image has
truth No and expected bias Yes. The unmodified image of the `original` split gets
the paper's naming question (its second sanity question, "what question does this
illusion typically ask, and what is the correct answer?", has a free-text answer
no exact-match scorer can grade, so it is not asked).
"""

from __future__ import annotations

import dataclasses

from builders.vlmbias.optical_illusions.illusion import Illusion
from builders.vlmbias.questions import Question, naming_question, yes_no_question

NAMING_PROMPT, NAMING_EXAMPLE = "What optical illusion is this?", "Delboeuf illusion"


def main_questions(illusion: Illusion, equal: bool) -> list[Question]:
    """Q1, Q2 (are the targets equal?) and Q3 (is this an example of the illusion?)."""
    return [
        yes_no_question(type_, text, equal, not equal)
        for type_, text in (("Q1", illusion.q1), ("Q2", illusion.q2), ("Q3", illusion.q3))
    ]


def without_inducers(q3: Question) -> Question:
    """Q3 about the targets alone: the picture is no example of the illusion (truth No), though a model
    recalling it would say it is (bias Yes)."""
    return dataclasses.replace(q3, ground_truth="No", expected_bias="Yes")


def sanity_questions(illusion: Illusion) -> list[Question]:
    """Name the illusion (`ID`)."""
    return [naming_question(NAMING_PROMPT, NAMING_EXAMPLE, illusion.label)]
