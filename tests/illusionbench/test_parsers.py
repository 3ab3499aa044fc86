"""IllusionBench+ parsers: `lmms-eval` mode matches the installed lmms-eval; `strict` reads as people do."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eval.scoring.illusionbench import is_correct
from eval.scoring.illusionbench import lmms_eval_compat as compat
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

upstream = pytest.importorskip("lmms_eval.tasks.illusionbench.utils")

TF_REPLIES = (
    "True", "False", "true.", "FALSE", " **True** ", "True.\nThe lines are equal.", "False, they differ.",
    "The statement is false.", "The statement is true.", "The description is correct.",
    "The description is incorrect.", "That is not true.", "It is true, because the shapes match.",
    "I don't know.", "I cannot tell from the image.", "Yes", "No", "No.", "no visual illusion here",
    "Nope", "yes, it is", "Answer: False", "Answer: True", "T", "F", "t", "f", "", "   ",
    "Not true", "Not false", "Partly true, partly false.", "The answer is false; the lower one is larger.",
    "Looking closely, the statement is false.", "True or False: False", "'True'", "\"False\"",
    "The claim is true", "Think step by step... the answer is True", "truely", "falsehood", "Maybe.",
    "I'd say the lines are equal, so True.", "Knowing the illusion, false.", "fifty-fifty",
    "The image shows two lines; no, they are not equal.", "Correct", "Incorrect.", "✓ True", "ＴＲＵＥ",
)  # fmt: skip

MC_REPLIES = (
    "i", "ii", "iii", "iv", "I", "II", "III", "IV", "(i)", "(ii)", "(iii) The vase", "iv.", "ii)", "i:",
    "Option ii", "Option iv.", "option 3", "Answer: iii", "The answer is iii.", "The answer is (iv)",
    "I think the answer is iii.", "I think so.", "I am not sure.", "It is ii, not iii.",
    "Either ii or iii.", "**ii**", "`iv`", "iia", "ivy", "vi", "x", "xi", "The correct option is iv",
    "i. They are equal", "ii. The lower line is longer", "   iii   ", "", "B", "2", "Option B",
    "I'd go with option ii.", "My answer: i", "In my view, iii is right because the shapes differ.",
    "The image shows a vase. Answer: i", "iiii", "(iv", "iv)", "The Müller-Lyer illusion",
    "iii\nBecause the lines converge.", "ⅱ", "Ii", "None of the options.",
    "I. The image shows two faces and a vase and the answer is ii which is the vase option here",
)  # fmt: skip

GOLD_TF = ("True", "False", " true ", "FALSE", "T", "yes")
GOLD_MC = ("i", "ii", "iii", "iv", "Option ii", "(iii)", "iv.", "B", "option iv")


def upstream_verdict(question_type: str, answer: str, reply: str) -> bool:
    doc = {"question_type": question_type, "answer": answer, "category": "A", "image_name": "x.png"}
    return upstream.illusionbench_process_results(doc, [reply])["illusionbench_acc"]["is_correct"]


@pytest.mark.parametrize("reply", TF_REPLIES)
def test_lmms_eval_mode_reads_true_false_replies_as_lmms_eval(reply: str) -> None:
    assert compat.tf_reading(reply) == upstream._parse_tf_answer(reply)
    for gold in GOLD_TF:
        expected = upstream_verdict("TF", gold, reply)
        assert compat.is_correct("TF", gold, reply) == expected
        assert is_correct("tf", gold, reply, parser="lmms-eval") == expected


@pytest.mark.parametrize("reply", MC_REPLIES)
def test_lmms_eval_mode_reads_options_as_lmms_eval(reply: str) -> None:
    assert compat.mc_reading(reply) == upstream._parse_mc_answer(reply)
    for gold in GOLD_MC:
        assert compat.gold_reading("select", gold) == upstream._normalize_mc_answer(gold)
        expected = upstream_verdict("select", gold, reply)
        assert is_correct("mc", gold, reply, parser="lmms-eval") == expected


TOKENS = st.sampled_from(
    ["true", "false", "yes", "no", "know", "t", "f", "i", "ii", "iii", "iv", "v", "x", "option", "answer",
     "is", "the", " ", "  ", ".", ":", "(", ")", "\n", "not", "I", "T", "F", "İ", "a", "statement", "ⅱ"]
)  # fmt: skip
REPLY = st.lists(TOKENS, max_size=14).map("".join) | st.text(max_size=60)


@settings(max_examples=400, deadline=None)
@given(REPLY, st.sampled_from(GOLD_TF + GOLD_MC))
def test_lmms_eval_mode_agrees_on_generated_replies(reply: str, gold: str) -> None:
    assert compat.tf_reading(reply) == upstream._parse_tf_answer(reply)
    assert compat.mc_reading(reply) == upstream._parse_mc_answer(reply)
    for kind, ours in (("TF", "tf"), ("select", "mc")):
        assert is_correct(ours, gold, reply, parser="lmms-eval") == upstream_verdict(kind, gold, reply)


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
        ("It is ii, not iii.", None, AMBIGUOUS),
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
