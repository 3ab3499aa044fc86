"""Every family grades a 100 MB reply in bounded time and memory (issue 29, item 15).

AIpsych's scorers (its strict trap taxonomy included) and IllusionBench+'s parsers read the whole
reply; they took 25-32 s and about 2 GB on one 100 MB reply (VLMBias's lmms-eval reading and
VISaGE's recognition too, on a reply of many digits or names). Each family's `grade_rows` now reads
a bounded window of a reply (`eval.scoring.window.reading_window`, or the answer parser's tail).
The rows are the smallest rows each family's scoring reads.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from eval.registry import family_eval
from eval.scoring.window import ANSWER_WINDOW, reading_window
from tests.test_reliability_parsing import at_most

HUNDRED_MB = 100_000_000

VLMBIAS = {
    "id": "v", "ID": "v", "topic": "Game Boards", "sub_topic": "Go Grid", "pixel": 384,
    "type_of_question": "Q1", "ground_truth": "18", "expected_bias": "19", "answer_type": 0,
    "is_counterfactual": True,
}  # fmt: skip
VIPROBE = {
    "id": "p", "pair_id": "p", "case_name": "muller_lyer", "category": "size", "variant_code": "V1",
    "polarity": "pos", "label": 1, "strength": 1.0,
}  # fmt: skip
VISAGE = [
    {"id": "s", "tuple_id": "t", "category": "deer", "image_type": "drawn", "condition": "violated",
     "label": "yes", "name_reveals": False},
    {"id": "r", "tuple_id": "t", "category": "deer", "category_pl": "deer", "image_type": "drawn",
     "condition": None, "label": None, "answers": ["deer", "fawn"], "name_reveals": False},
]  # fmt: skip
AIPSYCH = [
    {"id": f"a-{n}", "set_id": "a", "prompt_idx": n, "set_kind": "mixed", "image_id": "img",
     "true_position": "bottom left", "true_colour": "red", "offered_positions": ["top right", "bottom right"],
     "offered_colours": ["blue", "green"]}
    for n in (1, 2, 3, 4)
]  # fmt: skip
ILLUSIONBENCH = [
    {"id": f"i-{kind}", "image_id": "i", "category": 0, "difficulty": 2, "question_type": kind,
     "answer": answer, "options": ["a", "b", "c", "d"] if kind == 1 else []}
    for kind, answer in ((0, "True"), (1, "ii"))
]  # fmt: skip

#: Replies that make a reader of the whole reply work hardest: every word a verdict, a position,
#: a colour or the object's name, so no early exit and a match at every step.
HOSTILE = {
    "vlmbias": "<think>7 and {18} ",
    "viprobe": "<answer>1</answer> ",
    "visage": "It does: a deer, the deer-like fawn. ",
    "aipsych": "Yes, not top right, but blue or red at the bottom left? No. ",
    "illusionbench": "True, not false; option ii or (iii). Actually, the answer is i. ",
}


def grading(family: str, reply: str) -> Callable[[], list[Any]]:
    """Grade `reply` as the answer to every row of the family's fixture rows."""
    rows: list[dict[str, Any]] = {
        "vlmbias": [VLMBIAS],
        "viprobe": [VIPROBE],
        "visage": VISAGE,
        "aipsych": AIPSYCH,
        "illusionbench": ILLUSIONBENCH,
    }[family]
    replies = {row["id"]: reply for row in rows}
    scoring = family_eval(family).scorer
    options = scoring.options.given(family, {"scorer": "strict"} if family == "aipsych" else {})

    def grade() -> list[Any]:
        units = scoring.grade_rows(rows, replies, options)
        if family == "aipsych":  # the release's scorer too
            units += scoring.grade_rows(rows, replies, scoring.options.given(family, {"scorer": "v4"}))
        return units

    return grade


@pytest.mark.parametrize("family", sorted(HOSTILE))
def test_a_100_mb_reply_is_graded_in_bounded_time_and_memory(family: str) -> None:
    """Defect 15: AIpsych and IllusionBench+ took 25-32 s and 1.8-2.1 GB on one 100 MB reply."""
    pattern = HOSTILE[family]
    reply = pattern * (HUNDRED_MB // len(pattern))
    grade = grading(family, reply)
    with at_most(20):
        started = time.perf_counter()
        units = grade()
        seconds = time.perf_counter() - started
    assert units, "the reply was not graded"
    tracemalloc.start()
    try:
        with at_most(60):
            grade()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert seconds < 1.0, f"{family}: {seconds:.2f} s"
    assert peak < 8 * ANSWER_WINDOW * 64, f"{family}: {peak / 1e6:.1f} MB"  # 8 MB: the window, not the reply


def test_the_window_keeps_a_short_reply_whole_and_both_ends_of_a_long_one() -> None:
    short = "x" * (2 * ANSWER_WINDOW)
    assert reading_window(short) is short
    long = "True. " + "y" * (3 * ANSWER_WINDOW) + " False."
    window = reading_window(long)
    assert window.startswith("True. ") and window.endswith(" False.")
    assert len(window) == 2 * ANSWER_WINDOW + 2


def test_a_verdict_at_either_end_of_a_long_reply_is_still_read() -> None:
    """The window keeps the reading of a long reply whose verdict leads or ends it."""
    filler = " The stripes look curved." * (HUNDRED_MB // 2500)
    scoring = family_eval("illusionbench").scorer
    for reply in ("False." + filler, filler + " The statement is false."):
        [graded] = scoring.grade_rows(ILLUSIONBENCH[:1], {"i-0": reply}, scoring.options())
        assert graded.reading == "false", reply[:40]
