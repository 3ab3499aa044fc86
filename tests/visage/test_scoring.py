"""VISaGE scoring: the first-word parser on real replies, grading, and the metrics known policies imply."""

from __future__ import annotations

import json

import pytest

from eval.scoring.visage import (
    EMPTY,
    NOT_YES_NO,
    grade,
    parse_yes_no,
    score_rows,
)
from tests.visage.policies import IMPLIED, choose

# Replies in the shapes chat models give them; the first word decides.
REPLIES = [
    ("Yes", "yes"),
    ("No", "no"),
    ("Yes.", "yes"),
    ("No, a lioness does not have a mane.", "no"),
    ("yes, lions have manes", "yes"),
    ("  \n\nYes. Lions are known for their manes.", "yes"),
    ("**Yes**", "yes"),
    ("**No**, this is a digital clock, which shows the time with digits.", "no"),
    ('"Yes"', "yes"),
    ("'no'", "no"),
    ("`yes`", "yes"),
    ("> No.", "no"),
    ("## Answer\nYes", None),
    ("- Yes", "yes"),
    ("YES!", "yes"),
    ("No—the sign is triangular.", None),
    ("Yes/No", None),
    ("The answer is yes.", None),
    ("I think so, yes.", None),
    ("Yeah, it does.", None),
    ("Nope.", None),
    ("Answer: No", None),
    ("", None),
    ("***", None),
]


@pytest.mark.parametrize(("reply", "expected"), REPLIES)
def test_the_first_word_must_be_yes_or_no(reply: str, expected: str | None) -> None:
    parsed = parse_yes_no(reply)
    assert parsed.answer == expected
    if expected is None:
        assert parsed.status in (EMPTY, NOT_YES_NO)


def test_the_parser_is_total() -> None:
    for reply in (None, "\x00", "ÿ" * 10_000, "\u200b yes"):
        assert parse_yes_no(reply).status in ("yes", "no", EMPTY, NOT_YES_NO)  # type: ignore[arg-type]


def answer(row: dict, policy: str) -> str:
    return f"{choose(row, policy).capitalize()}, based on the picture."


@pytest.mark.parametrize("policy", list(IMPLIED))
def test_each_policy_gives_the_accuracies_it_implies(lite_rows, policy: str) -> None:
    test = lite_rows["test"]
    result = score_rows(test, {row["id"]: answer(row, policy) for row in test})
    assert result["n"] == len(test) and result["parse_failure_rate"] == 0.0
    assert result["accuracy_by_condition"] == IMPLIED[policy]
    json.dumps(result)  # the CLI writes it as JSON
    acc = IMPLIED[policy]
    effects = result["effects"]
    assert effects["congruency"] == {"1a-1b": acc["1a"] - acc["1b"], "1c-1d": acc["1c"] - acc["1d"]}
    assert effects["semantic_prior"] == {"2a-2b": acc["2a"] - acc["2b"]}
    assert effects["naming_rescue"] == {"2c-2b": acc["2c"] - acc["2b"]}
    assert effects["concept_minus_instance"] == {
        "1a-2a": acc["1a"] - acc["2a"],
        "1b-2b": acc["1b"] - acc["2b"],
        "1c-2c": acc["1c"] - acc["2c"],
    }
    for category in ("clock", "lion", "banana"):
        assert result["by_category"][category]["accuracy_by_condition"] == acc


def test_unparsed_replies_are_wrong_and_counted(lite_rows) -> None:
    test = lite_rows["test"]
    replies = {
        row["id"]: ("I cannot tell." if row["condition"] == 0 else answer(row, "truth")) for row in test
    }
    result = score_rows(test, replies)
    assert result["accuracy_by_condition"]["1a"] == 0.0 and result["accuracy_by_condition"]["1b"] == 1.0
    assert result["parse_failure_rate_by_condition"]["1a"] == 1.0
    assert result["parse_failures"] == {NOT_YES_NO: result["n_by_condition"]["1a"]}
    assert result["parse_failure_rate"] == pytest.approx(result["n_by_condition"]["1a"] / len(test))


def test_rows_without_a_reply_are_left_out(lite_rows) -> None:
    test = lite_rows["test"]
    result = score_rows(test, {row["id"]: "Yes" for row in test if row["condition"] == 0})
    assert result["n"] == result["n_by_condition"]["1a"] > 0 and result["accuracy_by_condition"]["1b"] is None
    assert result["effects"]["congruency"]["1a-1b"] is None


def test_recognition_accepts_the_objects_names(lite_rows) -> None:
    recognition = lite_rows["recognition"]
    replies = {}
    for row in recognition:
        typical = row["image_type"] == 0
        # Typical images named right; exceptional ones by their category only ("a clock").
        replies[row["id"]] = (
            f"This is a {row['category']}." if typical else f"It looks like a {row['category']}."
        )
    result = score_rows(recognition, replies)
    assert result["condition_rows"] == 0 and result["accuracy"] is None
    rates = result["recognition"]
    assert rates["by_image_type"]["typical"]["accuracy"] == 1.0
    assert rates["by_image_type"]["exceptional"]["category_accuracy"] == 1.0
    # "lioness" is not named by "a lion"; "digital clock" is not by "a clock".
    assert rates["by_image_type"]["exceptional"]["accuracy"] == 0.0
    graded = grade(recognition[1], "A digital-clock on a table")
    assert graded.recognised and graded.correct
