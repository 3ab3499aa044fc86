"""Prompts, ground truth and expected bias for the animals (the paper's Appendix A).

Counterfactual images: Q1 and Q2 count the legs (truth: the legs drawn, 3 or
5; bias: the standard 2 or 4), Q3 asks whether the animal has its standard
number of legs (truth No, bias Yes). Original images are asked Q1 with the
standard count as truth and no bias, as the project site's human study asks the
unmodified photos.
"""

from __future__ import annotations

from builders.vlmbias.animals.spec import AnimalSpec
from builders.vlmbias.questions import Question, count_question, yes_no_question

Q1_TEXT = "How many legs does this animal have?"
Q2_TEXT = "Count the legs of this animal."


def identity_text(standard: int) -> str:
    """Q3 without the answer instruction: "Is this an animal with 4 legs?"."""
    return f"Is this an animal with {standard} legs?"


def animal_questions(spec: AnimalSpec) -> list[Question]:
    """Q1, Q2, Q3 for an animal with an added leg; Q1 for an unmodified one."""
    standard = spec.entry.legs
    if spec.is_original:
        return [count_question("Q1", Q1_TEXT, standard, None)]
    return [
        count_question("Q1", Q1_TEXT, spec.legs, standard),
        count_question("Q2", Q2_TEXT, spec.legs, standard),
        yes_no_question("Q3", identity_text(standard), False, True),
    ]
