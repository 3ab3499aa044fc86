"""Circular multiple choice: rotations of a row's options; plain vs circular accuracy of known policies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builders.illusionbench.options import split_options
from builders.illusionbench.questions import MC_PROMPT
from eval.data import load_rows
from eval.scoring import score_rows
from eval.scoring.bootstrap import flatten, wilson
from eval.scoring.illusionbench.circular import expand, rotatable, rotated
from eval.scoring.illusionbench.circular import row_id as row_id_of
from eval.scoring.illusionbench.scorer import outcomes
from eval.scoring.illusionbench.strict import OPTIONS, gold_option
from eval.scoring.score import score_replies

QUESTION = "How do the lines compare?\ni. Equal\nii. Upper longer\niii. Lower longer\niv. Crossed"


def mc(row_id: str, answer: str, question: str = QUESTION, **extra: Any) -> dict[str, Any]:
    _, options = split_options(question)
    return {
        "id": row_id, "image_id": row_id.split("-")[0], "category": "trap", "difficulty": "hard",
        "question_type": "mc", "question": question, "options": list(options), "answer": answer,
        "prompt": MC_PROMPT.format(question=question), **extra,
    }  # fmt: skip


def test_every_rotation_moves_the_correct_option_through_every_label() -> None:
    row = mc("a-mc1", "iii")
    turned = expand(row)
    assert [r["id"] for r in turned] == ["a-mc1", "a-mc1#r1", "a-mc1#r2", "a-mc1#r3"]
    assert turned[0]["question"] == QUESTION and turned[0]["prompt"] == row["prompt"]
    assert sorted(r["answer"] for r in turned) == list(OPTIONS)
    for r in turned:
        stem, options = split_options(r["question"])
        assert stem == "How do the lines compare?" and r["options"] == list(options)
        assert options[OPTIONS.index(r["answer"])] == "Lower longer"  # the same option, wherever it is
        assert r["prompt"] == MC_PROMPT.format(question=r["question"]) and r["rotations"] == 4
        assert row_id_of(r["id"]) == "a-mc1"


def test_release_layouts_and_text_golds_rotate_and_unreadable_rows_do_not() -> None:
    inline = mc(
        "r-q3", "The fins", "What causes it?\n(i) The colour\n(ii) The fins\n(iii) The width\n(iv) The light"
    )
    assert rotatable(inline) and gold_option(inline["answer"], inline["options"]) == "ii"
    second = rotated(inline, 2)
    assert second["question"] == "What causes it?\ni. The width\nii. The light\niii. The colour\niv. The fins"
    assert second["answer"] == "iv"
    assert not rotatable(mc("r-q4", "B")) and not rotatable(mc("r-q5", "ii", "Which one? A or B"))
    assert [r["rotations"] for r in expand(mc("r-q5", "ii", "Which one? A or B"))] == [1]
    assert not rotatable({**mc("r-q6", "True"), "question_type": "tf", "options": []})


def replies(rows: list[dict[str, Any]], policy: Any) -> dict[str, str]:
    return {turned["id"]: policy(turned) for row in rows for turned in expand(row)}


ROWS = [mc(f"{image}-mc1", answer) for image, answer in zip("abcd", ("i", "ii", "iii", "iv"), strict=True)]
TF = {"id": "a-tf1", "image_id": "a", "category": "trap", "difficulty": "hard", "question_type": "tf",
      "question": "The lines are equal.", "options": [], "answer": "False", "prompt": "..."}  # fmt: skip


@pytest.mark.parametrize(
    ("policy", "plain", "circular"),
    [
        (lambda row: row["answer"], 1.0, 1.0),  # sees the option: right under every order
        (lambda row: "i", 0.25, 0.0),  # position bias: right only where the answer sits at i
        # remembers the label of the question's first showing: right at rotation 0 only
        (lambda row: next(r for r in ROWS if r["id"] == row_id_of(row["id"]))["answer"], 1.0, 0.0),
        (lambda row: "Upper longer" if row["rotation"] % 2 else row["answer"], 1.0, 0.0),  # unparsed at 1, 3
    ],
)
def test_plain_and_circular_accuracy_of_known_policies(policy: Any, plain: float, circular: float) -> None:
    result = score_rows("illusionbench", [*ROWS, TF], {**replies(ROWS, policy), "a-tf1": "False"})
    block = result["circular"]
    assert result["mc_accuracy"] == plain and result["n"] == 5  # the plain numbers read rotation 0
    assert block["questions"] == 4 and block["true_false"] == 1 and not block["incomplete"]
    strict = block["strict"]
    assert (strict["mc_accuracy"], strict["mc_circular_accuracy"]) == (plain, circular)
    assert strict["accuracy"] == (4 * plain + 1) / 5 and strict["circular_accuracy"] == (4 * circular + 1) / 5
    assert set(block) >= {"strict", "lmms-eval"}


def test_incomplete_and_unrotatable_questions_are_listed_not_scored() -> None:
    fixed = mc("e-mc1", "B", "Which one? A or B")  # no options to rotate
    answers = replies([*ROWS, fixed], lambda row: row["answer"])
    del answers["b-mc1#r2"]
    block = score_rows("illusionbench", [*ROWS, fixed], answers)["circular"]
    assert block["incomplete"] == ["b-mc1"] and block["not_rotatable"] == ["e-mc1"]
    assert block["questions"] == 3 and block["strict"]["mc_by_rotation"] == dict.fromkeys("0123", 1.0)
    assert "circular" not in score_rows(
        "illusionbench", ROWS, {row["id"]: "i" for row in ROWS}
    )  # a plain run


def test_a_built_config_rotates_every_drawn_question(illusionbench_lite: Path) -> None:
    rows = load_rows(illusionbench_lite, "drawn", "test")
    questions = [row for row in rows if row["question_type"] == 1]
    assert questions and all(rotatable(row) for row in questions)
    graded = outcomes(rows, replies(rows, lambda row: row["answer"]))
    assert len(graded) == len(rows) + 3 * len(questions) and all(g.correct() for g in graded)


def test_circular_rates_get_intervals_like_every_other_metric() -> None:
    """Through `eval.scoring.score`, every rate under `circular` (per rotation too) has its `ci95`,
    resampled by image with the question's rotations; a blind run pairs by rotation 0. Sixteen images:
    below ten an interval would be null (tests/test_interval_clusters.py)."""
    rows = [mc(f"{image}-mc1", OPTIONS[i % 4]) for i, image in enumerate("abcdefghijklmnop")]

    def seeing_policy(row: dict[str, Any]) -> str:  # images i-p: wrong at rotation 2 only
        wrong = row["rotation"] == 2 and row["id"] >= "i"
        return OPTIONS[(OPTIONS.index(row["answer"]) + wrong) % 4]

    seeing = replies(rows, seeing_policy)
    blind = replies(rows, lambda row: "i")
    result = score_replies("illusionbench", rows, seeing, blind=blind, resamples=200)
    rates = {
        path: value
        for path, value in flatten(result["circular"], "circular").items()
        if isinstance(value, float)
    }
    assert "circular.strict.mc_by_rotation.2" in rates and rates.keys() <= result["ci95"].keys()
    low, high = result["ci95"]["circular.strict.mc_circular_accuracy"]
    assert low < rates["circular.strict.mc_circular_accuracy"] == 0.5 < high
    # Right on every image, one question each: Wilson's interval of 16 out of 16, not [1, 1].
    assert result["ci95"]["circular.strict.mc_accuracy"] == wilson(16, 16)
    assert result["blind"]["n"] == len(rows)
    assert result["ci95"]["blind.seeing_minus_blind.accuracy"] is not None
