"""VI-Probe: 1 (yes) or 0 (no) inside `<answer>` tags, as every prompt asks.

The bias is recall (the paper's "memory override"): wherever the illusion's inducer is drawn (O, P,
OH, PH), the model gives the original figure's answer, so it persists when the perturbation changes
the targets; without the inducer (OC, PC) nothing is recalled and it answers what it sees. A
perturbed image's label is always the inverse of its original's for the same question, so its
biased answer is the inverse of its truth: PFA is 1 on O, OH, OC and PC and 0 on P and PH, and the
illusion multiplier is the paper's ceiling, 1 / 0.001 = 1000.
"""

from __future__ import annotations

from eval.policy_server.family_answers import FamilyAnswers, Row

#: The variants drawn with their targets changed by the perturbation, inducer present.
PERTURBED_ILLUSIONS = ("P", "PH")


def _tagged(label: int) -> str:
    return f"<answer>{label}</answer>"


def truth(row: Row) -> str:
    return _tagged(int(row["label"]))


def bias(row: Row) -> str:
    label = int(row["label"])
    return _tagged(1 - label if row["variant_code"] in PERTURBED_ILLUSIONS else label)


ANSWERS = FamilyAnswers(
    truth=truth,
    bias=bias,
    bias_means="the original figure's answer wherever the inducer is drawn (recall), the truth on controls",
)
