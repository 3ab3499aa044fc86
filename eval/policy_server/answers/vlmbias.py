"""VLMBias: a number or Yes/No in curly brackets, as every prompt asks.

The bias is the row's `expected_bias`, what the remembered original shows (4 legs, 3 stripes).
Unmodified originals (`original` split) have none: what is remembered is then what is drawn, so the
biased model answers them right.
"""

from __future__ import annotations

from eval.policy_server.family_answers import FamilyAnswers, Row


def truth(row: Row) -> str:
    return f"{{{row['ground_truth']}}}"


def bias(row: Row) -> str:
    return f"{{{row['expected_bias'] or row['ground_truth']}}}"


ANSWERS = FamilyAnswers(
    truth=truth,
    bias=bias,
    bias_means="the expected bias in braces (the truth on unmodified originals, which name none)",
)
