"""Flag prompts (paper Appendix E and N, worded "in this flag" as in the released rows), truth and bias.

Counting questions are answered by the drawn count; a biased model answers the
real flag's count. Q3 asks whether this is the country's flag (truth No, bias Yes).
Unmodified flags get the sanity questions: name the flag, then count its element.
"""

from __future__ import annotations

from builders.vlmbias.flags.spec import NONE, FlagSpec
from builders.vlmbias.questions import Question, count_question, naming_question, yes_no_question

NAMING_PROMPT, NAMING_EXAMPLE = "What country flag is this?", "Flag of Vietnam"


def counting_texts(element: str) -> tuple[str, str]:
    """Q1 and Q2 without the answer instruction, e.g. "How many stars are there in this flag?"."""
    return f"How many {element} are there in this flag?", f"Count the {element} in this flag."


def flag_name(spec: FlagSpec) -> str:
    """The naming answer: the flag's title as the release's files name it, e.g. "Flag of Europe"."""
    return spec.definition.file_title


def flag_questions(spec: FlagSpec) -> list[Question]:
    """Q1, Q2, Q3 for a modified flag; the naming question and Q1 for an unmodified one."""
    q1, q2 = counting_texts(spec.element)
    if spec.action == NONE:
        return [
            naming_question(NAMING_PROMPT, NAMING_EXAMPLE, flag_name(spec)),
            count_question("Q1", q1, spec.standard, None),
        ]
    return [
        count_question("Q1", q1, spec.actual, spec.standard),
        count_question("Q2", q2, spec.actual, spec.standard),
        yes_no_question("Q3", f"Is this the flag of {spec.definition.country}?", False, True),
    ]
