"""`--parser lmms-eval` agrees with the installed lmms-eval 0.7.3 `illusionbench` functions, item by item.

lmms-eval's task reads true/false only when the question type is exactly "TF" (anything else,
"tf", "Select", "MC" and "T/F" included, is read as options, gold too), strips each reply, and
compares readings as strings. The corpus crosses question types as the release may write them
(every spelling the release reader accepts, and some it refuses), golds and replies; every (type,
gold, reply) goes through lmms-eval's `illusionbench_process_results` and through ours: the bare
function, a row of our schema carrying the release's type, a row whose own type is the release's
string, `is_correct`, a release build holding every spelling, and `eval score`'s aggregate over a
built dataset's rows.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders.core.raster import encode_png
from builders.illusionbench import rows as illusionbench_rows
from builders.illusionbench.columns import question_kind
from builders.illusionbench.release import read_release
from eval.data import load_rows
from eval.scoring import score_rows
from eval.scoring.illusionbench import lmms_eval_compat as compat
from eval.scoring.illusionbench.metrics import QUESTION_TYPES, grade, is_correct
from eval.scoring.illusionbench.scorer import outcomes
from eval.tasks.illusionbench import utils
from tests.illusionbench.release_fixture import entry, write_release


@functools.cache
def upstream() -> ModuleType:
    """lmms-eval's `illusionbench` task module, imported by the first test that reads it: the import
    takes torch (seconds of CPU), which collecting this file need not pay."""
    return pytest.importorskip("lmms_eval.tasks.illusionbench.utils")


#: Question types as a release may write them; only "TF" is true/false to lmms-eval. All but the last
#: two are spellings the release reader accepts.
TYPES = (
    "TF", "select", "tf", "Select", "SELECT", "MC", "mc", "T/F", "t/f", "True/False", "TrueFalse",
    "multiple choice", "Multiple Choice", "multiple-choice", "TF ", " select", "Tf", "", "essay",
)  # fmt: skip
#: The spellings the release reader accepts, each read as the release writes it.
WRITTEN = tuple(kind for kind in TYPES if question_kind(kind) is not None)
TF_REPLIES = (
    "True", "False", "true.", "FALSE", " **True** ", "True.\nThe lines are equal.", "False, they differ.",
    "The statement is false.", "The statement is true.", "The description is correct.",
    "The description is incorrect.", "That is not true.", "It is true, because the shapes match.",
    "I don't know.", "I cannot tell from the image.", "Yes", "No", "No.", "no visual illusion here",
    "Nope", "yes, it is", "Answer: False", "Answer: True", "T", "F", "t", "f", "", "   ",
    "Not true", "Not false", "Partly true, partly false.", "The answer is false; the lower one is larger.",
    "Looking closely, the statement is false.", "True or False: False", "'True'", "\"False\"",
    "The claim is true", "Think step by step... the answer is True", "truely", "falsehood", "Maybe.",
    "I'd say the lines are equal, so True.", "Knowing the illusion, false.", "fifty-fifty", "Untrue.",
    "The image shows two lines; no, they are not equal.", "Correct", "Incorrect.", "✓ True", "ＴＲＵＥ",
    "Wrong.", "True. Wait, no: false.", "İ", "\tfalse\n",
)  # fmt: skip
MC_REPLIES = (
    "i", "ii", "iii", "iv", "I", "II", "III", "IV", "(i)", "(ii)", "(iii) The vase", "iv.", "ii)", "i:",
    "Option ii", "Option iv.", "option 3", "Answer: iii", "The answer is iii.", "The answer is (iv)",
    "I think the answer is iii.", "I think so.", "I am not sure.", "It is ii, not iii.", "iii, not ii",
    "Either ii or iii.", "**ii**", "`iv`", "iia", "ivy", "vi", "x", "xi", "The correct option is iv",
    "i. They are equal", "ii. The lower line is longer", "   iii   ", "", "B", "2", "Option B",
    "I'd go with option ii.", "My answer: i", "In my view, iii is right because the shapes differ.",
    "The image shows a vase. Answer: i", "iiii", "(iv", "iv)", "The Müller-Lyer illusion", "i or iv",
    "iii\nBecause the lines converge.", "ⅱ", "Ii", "None of the options.", "Both i and iv seem plausible.",
    "I. The image shows two faces and a vase and the answer is ii which is the vase option here",
)  # fmt: skip
GOLDS = (
    "True", "False", " true ", "FALSE", "T", "yes", "i", "ii", "iii", "iv", "Option ii", "(iii)", "iv.",
    "B", "option iv", "2", "The fins", "",
)  # fmt: skip
CORPUS = list(itertools.product(TYPES, GOLDS, TF_REPLIES + MC_REPLIES))


def upstream_verdict(question_type: str, answer: str, reply: str) -> bool:
    """lmms-eval's verdict on a reply as its task hands it over (stripped, reasoning already removed)."""
    doc = {"question_type": question_type, "answer": answer, "category": "A", "image_name": "x.png"}
    return upstream().illusionbench_process_results(doc, [reply.strip()])["illusionbench_acc"]["is_correct"]


def row(question_type: str, answer: str) -> dict[str, Any]:
    """A row of our schema whose release wrote `question_type` (our type: what the reader makes of it)."""
    ours = "tf" if question_type.strip().lower() in ("tf", "t/f", "true/false") else "mc"
    return {
        "id": "x-q1", "image_id": "x", "category": 0, "difficulty": 2, "answer": answer,
        "question_type": QUESTION_TYPES.index(ours), "source_question_type": question_type, "options": [],
    }  # fmt: skip


def test_the_corpus_is_large_and_every_item_agrees() -> None:
    assert len(CORPUS) > 15_000
    disagreements = [
        item
        for item in CORPUS
        if compat.is_correct(*item) != upstream_verdict(*item)
        or grade(row(*item[:2]), item[2]).correct("lmms-eval") != upstream_verdict(*item)
    ]
    assert disagreements == []


@pytest.mark.parametrize("reply", TF_REPLIES + MC_REPLIES)
def test_readings_are_lmms_evals(reply: str) -> None:
    assert compat.tf_reading(reply) == upstream()._parse_tf_answer(reply.strip())
    assert compat.mc_reading(reply) == upstream()._parse_mc_answer(reply.strip())
    for gold in GOLDS:
        assert compat.gold_reading("select", gold) == upstream()._normalize_mc_answer(gold.strip())


def test_the_true_false_branch_runs_only_for_exactly_TF() -> None:
    """The exact-string branch, not a normalisation: "tf" and "TF " are multiple choice to lmms-eval."""
    assert upstream_verdict("TF", "False", "The statement is false.") is False  # first letter t: true
    assert upstream_verdict("tf", "False", "False") is True  # read as options: "false" == "false"
    assert upstream_verdict("tf", "False", "The statement is false.") is False  # its first 20 characters
    for question_type in ("TF", "tf", "TF ", "T/F", ""):
        for reply in ("False", "The statement is false.", "f"):
            expected = upstream_verdict(question_type, "False", reply)
            assert compat.is_correct(question_type, "False", reply) == expected
            assert grade(row(question_type, "False"), reply).correct("lmms-eval") == expected


def test_our_type_names_are_the_releases() -> None:
    for ours, theirs in (("tf", "TF"), ("mc", "select")):
        for gold, reply in itertools.product(GOLDS[:10], TF_REPLIES[:20] + MC_REPLIES[:20]):
            assert is_correct(ours, gold, reply, parser="lmms-eval") == upstream_verdict(theirs, gold, reply)


def test_the_lmms_eval_prompt_is_lmms_evals() -> None:
    kwargs = upstream().config["lmms_eval_specific_kwargs"]["default"]
    for question_type in TYPES:
        doc = {
            **row(question_type, "ii"),
            "question": "Which line is longer?\ni. Top\nii. Bottom\niii. Both\niv. Neither",
        }
        expected = upstream().illusionbench_doc_to_text({**doc, "question_type": question_type}, kwargs)
        assert utils.doc_to_text(doc, {"prompt": "lmms-eval"}) == expected


TOKENS = st.sampled_from(
    ["true", "false", "yes", "no", "know", "t", "f", "i", "ii", "iii", "iv", "v", "x", "option", "answer",
     "is", "the", " ", "  ", ".", ":", "(", ")", "\n", "not", "I", "T", "F", "İ", "a", "statement", "ⅱ"]
)  # fmt: skip
REPLY = st.lists(TOKENS, max_size=14).map("".join) | st.text(max_size=60)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(TYPES), st.sampled_from(GOLDS), REPLY)
def test_generated_replies_agree(question_type: str, gold: str, reply: str) -> None:
    assert compat.is_correct(question_type, gold, reply) == upstream_verdict(question_type, gold, reply)


def test_eval_score_gives_lmms_evals_accuracy_on_a_build(illusionbench_lite: Path) -> None:
    """Every test row of the lite build, a corpus reply each: the same verdict per row, the same mean."""
    rows = load_rows(illusionbench_lite, "drawn", "test")
    replies = TF_REPLIES + MC_REPLIES + tuple(row["answer"] for row in rows)
    responses = {row["id"]: replies[n * 7 % len(replies)] for n, row in enumerate(rows)}
    verdicts = {
        row["id"]: upstream_verdict(row["source_question_type"], row["answer"], responses[row["id"]])
        for row in rows
    }
    ours = {graded.id: graded.correct("lmms-eval") for graded in outcomes(rows, responses)}
    assert ours == verdicts and 0 < sum(verdicts.values()) < len(rows)
    result = score_rows("illusionbench", rows, responses, parser="lmms-eval")
    assert result["accuracy"] == pytest.approx(sum(verdicts.values()) / len(rows))


def test_every_spelling_the_release_reader_accepts_is_covered() -> None:
    assert len(WRITTEN) == 17 and {question_kind(kind) for kind in WRITTEN} == {"tf", "mc"}


@pytest.mark.parametrize("question_type", [kind for kind in WRITTEN if kind not in QUESTION_TYPES])
def test_a_rows_own_type_in_the_releases_spelling_is_branched_on_as_written(question_type: str) -> None:
    """A row without `source_question_type` whose type is written as the release writes it ("Select",
    "MC", "T/F", "TF", ...): lmms-eval branches on that exact string, and so do we. Only our own names
    ("tf", "mc") mean our types."""
    for gold, reply in itertools.product(GOLDS, TF_REPLIES + MC_REPLIES):
        expected = upstream_verdict(question_type, gold, reply)
        written = {**row(question_type, gold), "question_type": question_type}
        del written["source_question_type"]
        assert grade(written, reply).correct("lmms-eval") == expected, (gold, reply)
        assert is_correct(question_type, gold, reply, parser="lmms-eval") == expected, (gold, reply)


def test_a_release_build_holding_every_spelling_scores_as_lmms_eval(tmp_path: Path) -> None:
    """One release image asked a question in every spelling the reader accepts, true/false and option
    golds alike; replies from the corpus. Per row our verdict is lmms-eval's, and `eval score`'s
    lmms-eval accuracy is what lmms-eval's own aggregation prints."""
    question = "Which line is longer? i. The upper ii. The lower iii. Neither iv. Both"
    qa = [
        {"Question": f"{question} ({n})", "Correct Answer": gold, "Question Type": kind}
        for n, (kind, gold) in enumerate(itertools.product(WRITTEN, ("True", "False", "ii", "Option iv")))
    ]
    spec = read_release(write_release(tmp_path, entries=[entry("classic_01.png", "A", "Easy", qa)])).specs[0]
    found = [
        found for _, found in illusionbench_rows.rows(spec, encode_png(illusionbench_rows.scene(spec).canvas))
    ]
    questions = [r for r in found if r["question_type"] in ("tf", "mc")]
    assert sorted({r["source_question_type"] for r in questions}) == sorted(WRITTEN)
    replies = TF_REPLIES + MC_REPLIES
    responses = {r["id"]: replies[n * 11 % len(replies)] for n, r in enumerate(questions)}
    theirs = [
        upstream().illusionbench_process_results(
            {
                "question_type": r["source_question_type"],
                "answer": r["answer"],
                "image_name": "classic_01.png",
            },
            [responses[r["id"]].strip()],
        )["illusionbench_acc"]
        for r in questions
    ]
    ours = {graded.id: graded.correct("lmms-eval") for graded in outcomes(questions, responses)}
    assert [ours[r["id"]] for r in questions] == [record["is_correct"] for record in theirs]
    assert 0 < sum(ours.values()) < len(questions)
    result = score_rows("illusionbench", questions, responses, parser="lmms-eval")
    assert 100 * result["accuracy"] == pytest.approx(upstream().illusionbench_aggregate_results(theirs))
