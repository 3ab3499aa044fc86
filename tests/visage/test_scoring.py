"""VISaGE scoring: the first-word parser on real replies, grading, and the metrics known policies imply."""

from __future__ import annotations

import json

import pytest

from eval.scoring import score_rows
from eval.scoring.visage import EMPTY, NOT_YES_NO, grade, names, parse_yes_no
from tests.visage.policies import IMPLIED, choose

# Replies in the shapes chat models give them; the first run of letters decides.
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
    ("- Yes", "yes"),
    ("YES!", "yes"),
    # Dashes, brackets and quotes before or after the word are not part of it.
    ("Yes—it does.", "yes"),
    ("No–the sign is triangular.", "no"),
    ("(Yes)", "yes"),
    ("[No]", "no"),
    ("«Yes»", "yes"),
    ("“No,” it has none.", "no"),
    ("...Yes", "yes"),
    ("__No__", "no"),
    ("Yes/No", "yes"),
    ("No-", "no"),
    ("## Answer\nYes", None),
    ("The answer is yes.", None),
    ("I think so, yes.", None),
    ("Yeah, it does.", None),
    ("Nope.", None),
    ("Yess", None),
    ("Answer: No", None),
    ("Noun", None),
    ("", None),
    ("***", None),
    ("1. 2.", None),
]


@pytest.mark.parametrize(("reply", "expected"), REPLIES)
def test_the_first_word_must_be_yes_or_no(reply: str, expected: str | None) -> None:
    parsed = parse_yes_no(reply)
    assert parsed.answer == expected
    if expected is None:
        assert parsed.status in (EMPTY, NOT_YES_NO)


def test_the_first_word_is_the_one_reported() -> None:
    assert parse_yes_no("—Yeah.").word == "yeah" and parse_yes_no("(Yes)").word == "yes"
    assert parse_yes_no("…").status == EMPTY


# (reply, name, named?): a name counts as a noun, whole, not as a verb or the start of a compound.
RECOGNITION = [
    ("A doe standing in a field.", "doe", True),
    ("Two does and their fawn.", "does", True),
    ("It does not have antlers; it is a deer.", "does", False),
    ("What does this show? A deer.", "does", False),
    ("This does look like a deer.", "does", False),
    ("A fawn-coloured dog.", "fawn", False),
    ("A fawn-colored dog.", "fawns", False),
    ("A fawn, a young deer.", "fawn", True),
    ("A deer-like animal.", "deer", False),
    ("A deer.", "deer", True),
    ("The deer's antlers are large.", "deer", True),
    ("A clockwork toy.", "clock", False),
    ("An alarm clock.", "clock", True),
    ("A digital-clock.", "digital clock", True),
    ("A lioness resting.", "lion", False),
    ("A tripod cat", "tripod cat", True),
    ("A Manx Cat.", "manx cat", True),
]


@pytest.mark.parametrize(("reply", "name", "named"), RECOGNITION)
def test_recognition_matches_whole_names_as_nouns(reply: str, name: str, named: bool) -> None:
    assert names(reply, name) is named


def test_the_parser_is_total() -> None:
    for reply in (None, "\x00", "ÿ" * 10_000, "\u200b yes"):
        assert parse_yes_no(reply).status in ("yes", "no", EMPTY, NOT_YES_NO)  # type: ignore[arg-type]


def answer(row: dict, policy: str) -> str:
    return f"{choose(row, policy).capitalize()}, based on the picture."


@pytest.mark.parametrize("policy", list(IMPLIED))
def test_each_policy_gives_the_accuracies_it_implies(lite_rows, policy: str) -> None:
    test = lite_rows["test"]
    result = score_rows("visage", test, {row["id"]: answer(row, policy) for row in test})
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
    result = score_rows("visage", test, replies)
    assert result["accuracy_by_condition"]["1a"] == 0.0 and result["accuracy_by_condition"]["1b"] == 1.0
    assert result["parse_failure_rate_by_condition"]["1a"] == 1.0
    assert result["parse_failures"] == {NOT_YES_NO: result["n_by_condition"]["1a"]}
    assert result["parse_failure_rate"] == pytest.approx(result["n_by_condition"]["1a"] / len(test))


def test_rows_without_a_reply_are_left_out(lite_rows) -> None:
    test = lite_rows["test"]
    result = score_rows("visage", test, {row["id"]: "Yes" for row in test if row["condition"] == 0})
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
    result = score_rows("visage", recognition, replies)
    assert result["condition_rows"] == 0 and result["accuracy"] is None
    rates = result["recognition"]
    assert rates["by_image_type"]["typical"]["accuracy"] == 1.0
    assert rates["by_image_type"]["exceptional"]["category_accuracy"] == 1.0
    # "lioness" is not named by "a lion"; "digital clock" is not by "a clock".
    assert rates["by_image_type"]["exceptional"]["accuracy"] == 0.0
    graded = grade(recognition[1], "A digital-clock on a table")
    assert graded.recognised and graded.correct


def test_effects_are_reported_again_without_tuples_whose_name_reveals_the_violation(lite_rows) -> None:
    """A policy right only where the name gives the answer away shows it: perfect on those tuples, and
    at chance-free zero on 1c, 1d and 2c of the others."""
    test = lite_rows["test"]
    revealing = {row["tuple_id"] for row in test if row["name_reveals"]}
    hidden = {row["tuple_id"] for row in test if not row["name_reveals"]}
    assert revealing and hidden  # the lite preset has both kinds

    def reply(row: dict) -> str:
        named = row["name_type"] == 1  # the question names the exception
        right = choose(row, "truth")
        if named and row["tuple_id"] in hidden:
            return "yes" if right == "no" else "no"
        return right

    result = score_rows("visage", test, {row["id"]: reply(row) for row in test})
    subset = result["name_reveals_false"]
    assert subset["condition_rows"] == sum(1 for row in test if row["tuple_id"] in hidden)
    assert {code: subset["accuracy_by_condition"][code] for code in ("1c", "1d", "2c")} == {
        "1c": 0.0,
        "1d": 0.0,
        "2c": 0.0,
    }
    assert (
        subset["accuracy_by_condition"]["1a"] == 1.0 and subset["effects"]["naming_rescue"]["2c-2b"] == -1.0
    )
    assert 0.0 < result["accuracy_by_condition"]["1c"] < 1.0
