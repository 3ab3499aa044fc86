"""Circular multiple choice: each question asked under every rotation of its four options.

Rotation k (0-3) lists the options starting from the row's k-th: option j of rotation k is option
(j + k) mod 4 of the row, so the correct answer takes every label once. Rotation 0 is the row
itself (its own prompt, answer and id: the plain task's request); rotations 1-3 are rows of their
own with ids `<row id>#r<k>`, the question's stem followed by the rotated options one per line
("i. ..."), the paper's prompt around it, and the correct label as the answer. A question is
right under circular evaluation only when every rotation is answered right.

A question rotates when it has four options and a gold the strict reader resolves; others (release
questions whose options could not be read out of their text) are asked once in a circular run and
listed as `not_rotatable`. True/false rows are asked once and count the same in plain and
circular accuracy. `circular_report` gives, per grader, plain (rotation 0) and circular accuracy
side by side, over the questions whose four rotations were all answered (`incomplete` lists the
others).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from builders.illusionbench.options import NUMERALS, list_options, split_options
from builders.illusionbench.questions import prompt
from eval.scoring.bootstrap import rate
from eval.scoring.illusionbench import strict
from eval.scoring.illusionbench.metrics import CATEGORIES, Graded, question_type_name

ROTATIONS = len(NUMERALS)
_ROTATION_ID = re.compile(r"(.+)#r([1-3])")


def rotation_id(row_id: str, k: int) -> str:
    """The id of rotation `k` of a row (the row's own id for rotation 0).

    >>> rotation_id("trap-003-ponzo-mc1", 0), rotation_id("trap-003-ponzo-mc1", 2)
    ('trap-003-ponzo-mc1', 'trap-003-ponzo-mc1#r2')
    """
    return row_id if k == 0 else f"{row_id}#r{k}"


def row_id(prediction_id: str) -> str:
    """The row a prediction id answers: a rotation's id names its row.

    >>> row_id("trap-003-ponzo-mc1#r2"), row_id("trap-003-ponzo-tf1")
    ('trap-003-ponzo-mc1', 'trap-003-ponzo-tf1')
    """
    match = _ROTATION_ID.fullmatch(prediction_id)
    return match.group(1) if match else prediction_id


def rotatable(row: dict[str, Any]) -> bool:
    """Whether a row is a multiple-choice question with four options and a gold that resolves to one."""
    options = row.get("options") or ()
    return (
        question_type_name(row["question_type"]) == "mc"
        and len(options) == ROTATIONS
        and strict.gold_option(str(row["answer"]), options) is not None
    )


def rotated(row: dict[str, Any], k: int) -> dict[str, Any]:
    """Rotation `k` of a rotatable row: the same row with its options, question, prompt, answer and id turned.

    >>> row = {"id": "x-mc1", "question_type": "mc", "question": "Which?\\ni. A\\nii. B\\niii. C\\niv. D",
    ...        "options": ["A", "B", "C", "D"], "answer": "ii"}
    >>> turned = rotated(row, 1)
    >>> turned["id"], turned["options"], turned["answer"], turned["question"].splitlines()[1]
    ('x-mc1#r1', ['B', 'C', 'D', 'A'], 'i', 'i. B')
    """
    if k == 0:
        return {**row, "rotation": 0}
    options = list(row["options"])
    correct = NUMERALS.index(strict.gold_option(str(row["answer"]), options))
    turned = options[k:] + options[:k]
    stem, _ = split_options(row["question"])
    question = list_options(stem, turned)
    return {
        **row,
        "id": rotation_id(row["id"], k),
        "question": question,
        "options": turned,
        "answer": NUMERALS[(correct - k) % ROTATIONS],
        "prompt": prompt("mc", question),
        "rotation": k,
    }


def expand(row: dict[str, Any]) -> list[dict[str, Any]]:
    """What a circular run asks of a row: every rotation of a rotatable question, else the row once;
    each with `rotations`, how many were asked."""
    asked = [rotated(row, k) for k in range(ROTATIONS)] if rotatable(row) else [rotated(row, 0)]
    return [{**each, "rotations": len(asked)} for each in asked]


def circular_report(graded: Sequence[Graded], graders: Sequence[str]) -> dict[str, Any] | None:
    """Plain and circular accuracy side by side per grader; None when no rotation was asked."""
    if not any(row.rotations > 1 for row in graded):
        return None
    by_row: dict[str, dict[int, Graded]] = defaultdict(dict)
    for row in graded:
        by_row[row_id(row.id)][row.rotation] = row
    complete, incomplete, once = [], [], []
    for key, asked in by_row.items():
        first = asked.get(0) or next(iter(asked.values()))
        if first.question_type == "tf":
            complete.append([first])
        elif first.rotations == 1:
            once.append(key)
        elif len(asked) == ROTATIONS:
            complete.append([asked[k] for k in range(ROTATIONS)])
        else:
            incomplete.append(key)
    questions = [rotations for rotations in complete if rotations[0].question_type == "mc"]
    return {
        "questions": len(questions),
        "true_false": len(complete) - len(questions),
        "incomplete": sorted(incomplete),
        "not_rotatable": sorted(once),
        **{grader: _accuracies(complete, grader) for grader in graders},
    }


def _accuracies(complete: list[list[Graded]], grader: str) -> dict[str, Any]:
    """Plain (rotation 0) and circular (every rotation) accuracy of the complete questions."""

    def mean(items: list[list[Graded]], circular: bool) -> Any:
        # A question weighs what its rotation 0 weighs (all its rotations share its image).
        return rate(
            items,
            lambda rows: all(r.correct(grader) for r in rows) if circular else rows[0].correct(grader),
            by=lambda rows: rows[0],
        )

    mc = [rows for rows in complete if rows[0].question_type == "mc"]
    by_category: dict[str, list[list[Graded]]] = defaultdict(list)
    for rows in complete:
        by_category[rows[0].category].append(rows)
    return {
        "accuracy": mean(complete, False),
        "circular_accuracy": mean(complete, True),
        "mc_accuracy": mean(mc, False),
        "mc_circular_accuracy": mean(mc, True),
        "mc_by_rotation": {  # keyed by rotation, so each rate has its interval (`ci95` skips lists)
            str(k): rate(mc, _right_at(k, grader), by=lambda rows: rows[0]) for k in range(ROTATIONS)
        },
        "circular_accuracy_by_category": {
            category: mean(by_category[category], True) for category in CATEGORIES if category in by_category
        },
    }


def _right_at(k: int, grader: str) -> Callable[[list[Graded]], bool]:
    """Whether a question's rotation `k` is answered right."""
    return lambda rows: rows[k].correct(grader)
