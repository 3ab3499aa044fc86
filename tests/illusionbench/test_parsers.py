"""IllusionBench+'s strict parser reads the answer a reply commits to, as people do (the `lmms-eval`
parser's agreement with the installed lmms-eval is `test_lmms_eval_parity.py`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eval.scoring.illusionbench import lmms_eval_compat as compat
from eval.scoring.illusionbench.metrics import is_correct
from eval.scoring.illusionbench.strict import (
    AMBIGUOUS,
    EMPTY,
    NO_ANSWER,
    PARSED,
    gold_option,
    gold_true_false,
    read_option,
    read_true_false,
)


@pytest.mark.parametrize(
    ("reply", "value", "status"),
    [
        ("The statement is false.", "false", PARSED),  # lmms-eval: true (first letter t)
        ("I don't know.", None, NO_ANSWER),  # lmms-eval: false ("no" in "know")
        ("Thinking about it, the lines are equal: True", "true", PARSED),
        ("Frankly, the statement is true.", "true", PARSED),  # lmms-eval: false (first letter f)
        ("To be precise, it is not true.", "false", PARSED),
        ("The statement is not entirely true.", "false", PARSED),
        ("That isn't false.", "true", PARSED),
        ("No visual illusion is present, so the statement is false.", "false", PARSED),
        ("No.", "false", PARSED),
        ("Yes, it is.", "true", PARSED),
        ("True or False: False", "false", PARSED),
        ("False. The statement says it is true, but it is not.", "false", PARSED),
        ("Partly true, partly false.", None, AMBIGUOUS),
        ("The answer is true. Wait, the answer is false.", "false", PARSED),
        ("Nothing here says anything about the lines, in a long reply " * 2 + "so: true", "true", PARSED),
        ("", None, EMPTY),
        ("**", None, EMPTY),
    ],
)
def test_strict_reads_the_committed_verdict(reply: str, value: str | None, status: str) -> None:
    reading = read_true_false(reply)
    assert (reading.value, reading.status) == (value, status)


@pytest.mark.parametrize(
    ("reply", "value", "status"),
    [
        ("I think the answer is iii.", "iii", PARSED),  # lmms-eval: i (the English "I")
        ("I am not sure.", None, NO_ANSWER),  # lmms-eval: i
        ("I", "i", PARSED),  # a reply that is only the label
        ("(i) Two faces", "i", PARSED),
        ("Option ii", "ii", PARSED),
        ("option 3", "iii", PARSED),
        ("The answer is 4", None, NO_ANSWER),  # a count, not option iv
        ("**iv**", "iv", PARSED),
        ("After comparing the two shapes carefully, and their curvature, the answer is iv.", "iv", PARSED),
        ("It is ii, not iii.", "ii", PARSED),  # a rejected option does not count
        ("The answer is I think ii.", "ii", PARSED),
        ("The answer is i.", "i", PARSED),
        ("Either ii or iii.", None, AMBIGUOUS),
        ("i. They are equal\nii. The top\niii. The bottom\niv. Neither\nAnswer: ii", "ii", PARSED),
        ("iia", None, NO_ANSWER),  # lmms-eval: ii
        ("vi", None, NO_ANSWER),
        ("", None, EMPTY),
    ],
)
def test_strict_reads_the_committed_option(reply: str, value: str | None, status: str) -> None:
    reading = read_option(reply)
    assert (reading.value, reading.status) == (value, status)


@pytest.mark.parametrize(
    ("reply", "value", "status"),
    [
        # Hedges naming two options are unparsed, a bare "i" included when it is coordinated.
        ("i or iv", None, AMBIGUOUS),
        ("Both i and iv seem plausible.", None, AMBIGUOUS),
        ("ii and i are both plausible", None, AMBIGUOUS),
        ("The answer is ii or iii", None, AMBIGUOUS),
        ("The answer is (ii) or maybe (iii)", None, AMBIGUOUS),
        ("ii/iv", None, AMBIGUOUS),
        # ... but the pronoun after a label is no hedge.
        ("ii, I think.", "ii", PARSED),
        ("It is ii and I am sure.", "ii", PARSED),
        # A rejected option does not count.
        ("iii, not ii", "iii", PARSED),
        ("Not ii but iii.", "iii", PARSED),
        ("option 3, not option 2", "iii", PARSED),
        # The last committed answer of a self-corrected reply counts.
        ("ii. Actually, iii.", "iii", PARSED),
        ("I'd say i. Wait, no: iv.", "iv", PARSED),
        ("On second thought, the answer is ii.", "ii", PARSED),
        ("iii. Actually, I am not sure.", "iii", PARSED),  # the correction commits to nothing
    ],
)
def test_strict_options_hedges_rejections_and_corrections(reply: str, value: str | None, status: str) -> None:
    reading = read_option(reply)
    assert (reading.value, reading.status) == (value, status)


@pytest.mark.parametrize(
    ("reply", "value"),
    [
        ("Untrue.", "false"),
        ("Wrong.", "false"),
        ("Right.", "true"),
        ("That is untrue.", "false"),
        ("The claim is wrong.", "false"),
        ("T", "true"),
        ("F", "false"),
        ("f.", "false"),
        ("True. Wait, no: false.", "false"),
        ("False. Actually, the statement is true.", "true"),
        ("No, wait, it's true.", "true"),
        ("Actually, the lines are equal, so True.", "true"),
    ],
)
def test_strict_reads_plain_denials_lone_letters_and_corrections(reply: str, value: str) -> None:
    reading = read_true_false(reply)
    assert (reading.value, reading.status) == (value, PARSED)


def test_a_text_gold_resolves_through_the_rows_options() -> None:
    options = ("The colour", "The fins", "The width", "The light")
    assert gold_option("The fins", options) == "ii" and gold_option("the fins.", options) == "ii"
    assert gold_option("The fins") is None and gold_option("The shadow", options) is None
    assert gold_option("iv", options) == "iv"  # a label stays a label
    assert is_correct("mc", "The fins", "ii", options=options)
    assert not is_correct("mc", "The fins", "i", options=options)
    assert not is_correct("mc", "The fins", "ii")  # without options the gold does not read


def test_strict_reads_the_gold_as_written() -> None:
    assert gold_option("Option ii") == "ii" and compat.gold_reading("select", "Option ii") == "i"
    assert is_correct("mc", "Option ii", "ii") and not is_correct("mc", "Option ii", "ii", parser="lmms-eval")
    assert [gold_true_false(g) for g in ("True", " false ", "T", "F")] == ["true", "false", "true", "false"]
    assert gold_option("B") is None and not is_correct("mc", "B", "B")


def test_strict_fixes_the_issue_examples_that_lmms_eval_gets_wrong() -> None:
    assert is_correct("tf", "False", "The statement is false")
    assert not is_correct("tf", "False", "The statement is false", parser="lmms-eval")
    assert not is_correct("tf", "False", "I don't know")
    assert is_correct("tf", "False", "I don't know", parser="lmms-eval")
    assert not is_correct("mc", "i", "I think it is iii")
    assert is_correct("mc", "i", "I think it is iii", parser="lmms-eval")
    # No 50-character cut: the committed option comes late in a long reply.
    late = "The figure has two curved bands that look different in size; " * 2 + "answer: iv"
    assert is_correct("mc", "iv", late) and not is_correct("mc", "iv", late, parser="lmms-eval")


@given(st.text())
def test_strict_parsers_are_total(reply: str) -> None:
    for reading in (read_true_false(reply), read_option(reply)):
        assert (reading.value is None) == (reading.status != PARSED)
    assert read_true_false(reply).value in (None, "true", "false")
    assert read_option(reply).value in (None, "i", "ii", "iii", "iv")


def test_unknown_parser_and_open_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown parser"):
        is_correct("tf", "True", "True", parser="regex")
    with pytest.raises(ValueError, match="open-ended"):
        is_correct("semantic", "In this picture ...", "A cat.")
