"""VISaGE: Yes. or No. to the seven conditions' questions, a name to "What is this object?".

The bias is the semantic prior: the name decides, not the picture. A question naming the kind
gets the generic's answer (yes), one naming the exception gets no, whatever image is shown, so
the model is wrong exactly where an exceptional image is asked about as its kind (2b); asked what
the object is, it names the kind.
"""

from __future__ import annotations

from eval.policy_server.family_answers import FamilyAnswers, Row

LABELS = ("no", "yes")
NAME_TYPES = ("category", "exception")


def _name(value: int | str, names: tuple[str, ...]) -> str:
    return names[value] if isinstance(value, int) else str(value)


def _said(word: str) -> str:
    return f"{word.capitalize()}."


def truth(row: Row) -> str:
    if row["condition"] is None:  # recognition
        return f"It is a {row['answers'][0]}."
    return _said(_name(row["label"], LABELS))


def bias(row: Row) -> str:
    if row["condition"] is None:
        return f"It is a {row['category']}."
    return _said("yes" if _name(row["name_type"], NAME_TYPES) == "category" else "no")


ANSWERS = FamilyAnswers(
    truth=truth,
    bias=bias,
    bias_means="the semantic prior: yes when the question names the kind, no when it names the exception",
)
