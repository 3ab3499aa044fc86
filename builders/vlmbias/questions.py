"""Question text shared by the VLMBias topics: answer instructions and the Question record."""

from __future__ import annotations

import dataclasses

NUMBER_SUFFIX = "Answer with a number in curly brackets, e.g., {9}."
YES_NO_SUFFIX = "Answer in curly brackets, e.g., {Yes} or {No}."


@dataclasses.dataclass(frozen=True)
class Question:
    """One prompt about one image, with its ground truth and the answer a biased model gives."""

    type: str  # "Q1", "Q2", "Q3" or, for original images, "ID"
    prompt: str
    ground_truth: str
    expected_bias: str | None
    answer_type: str  # one of schema.ANSWER_TYPES


def count_question(type_: str, text: str, truth: int, bias: int | None) -> Question:
    """A counting question answered with a number in curly brackets."""
    return Question(
        type_, f"{text} {NUMBER_SUFFIX}", str(truth), None if bias is None else str(bias), "number"
    )


def yes_no_question(type_: str, text: str, truth: bool, bias: bool | None) -> Question:
    """A Yes/No question answered in curly brackets."""
    return Question(
        type_,
        f"{text} {YES_NO_SUFFIX}",
        "Yes" if truth else "No",
        None if bias is None else ("Yes" if bias else "No"),
        "yes_no",
    )


def naming_question(text: str, example: str, truth: str) -> Question:
    """A sanity question naming the subject, e.g. "What board game is this?"."""
    return Question("ID", f"{text} Answer in curly brackets, e.g., {{{example}}}.", truth, None, "text")
