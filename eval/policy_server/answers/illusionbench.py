"""IllusionBench+: True or False, an option's numeral (i-iv), or a description, as its prompts ask.

The bias is the one the paper names in its true/false questions, the yes-bias (it makes 57 % of
them false against it): "True" to every statement, so every true/false error is a false positive
(R_FP = 1); multiple-choice questions get the first option, "i"; the illusion prompt gets "Yes,
there is a visual illusion in the image." and the semantic prompt the golden description. A row is
asked with the paper's prompt, with lmms-eval's (its question and answer instruction) or, in a
circular run, with its options rotated, each rotation answered by its own numeral.
"""

from __future__ import annotations

from collections.abc import Sequence

from eval.policy_server.family_answers import FamilyAnswers, Row
from eval.scoring.illusionbench.circular import expand
from eval.scoring.illusionbench.metrics import question_type_name
from eval.tasks.illusionbench.utils import doc_to_text

ILLUSION = "Yes, there is a visual illusion in the image."


def truth(row: Row) -> str:
    return str(row["answer"])


def bias(row: Row) -> str:
    kind = question_type_name(row["question_type"])
    return {"tf": "True", "mc": "i", "illusion": ILLUSION}.get(kind, str(row["answer"]))


def forms(row: Row) -> Sequence[tuple[str, Row]]:
    """The paper's prompt and lmms-eval's, of the row and of each rotation of its options."""
    if question_type_name(row["question_type"]) not in ("tf", "mc"):
        return [(row["prompt"], row)]
    return [
        (doc_to_text(turned, {"prompt": prompt}), turned)
        for turned in expand(dict(row))
        for prompt in ("paper", "lmms-eval")
    ]


ANSWERS = FamilyAnswers(
    truth=truth,
    bias=bias,
    bias_means='yes-bias: "True" to every statement, option i, an illusion in every image',
    forms=forms,
)
