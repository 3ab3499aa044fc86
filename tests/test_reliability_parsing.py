"""Parsing stays linear and bounded on huge replies, and a minus sign is part of a number (issue 18)."""

from __future__ import annotations

import contextlib
import signal
import time
import tracemalloc
from collections.abc import Callable, Iterator

import pytest

from eval.scoring.answer_tag import parse_answer_tag
from eval.scoring.vlmbias.answers import parse_answer
from eval.scoring.vlmbias.grading import grade
from eval.scoring.window import ANSWER_WINDOW

FIFTY_MB = 50_000_000


@contextlib.contextmanager
def at_most(seconds: int) -> Iterator[None]:
    """Fail (instead of hanging for minutes) when the block runs longer than `seconds`."""

    def _timeout(signum: int, frame: object) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def measured(parse: Callable[[], object]) -> tuple[object, float, int]:
    """The result, the seconds it took and the peak bytes Python allocated while parsing."""
    with at_most(10):
        started = time.perf_counter()
        result = parse()
        seconds = time.perf_counter() - started
        tracemalloc.start()
        try:
            parse()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    return result, seconds, peak


@pytest.mark.parametrize(
    ("reply", "kind", "value"),
    [
        ("Row 3 has 7 dots, I think. " * (FIFTY_MB // 27) + "So the answer is {7}.", "number", "7"),
        ("7 " * (FIFTY_MB // 2), "number", "7"),
        ("yes " * (FIFTY_MB // 4), "yes_no", "Yes"),
        ("{" * FIFTY_MB, "number", None),
        ("<think>" + "I see {4} here. " * (FIFTY_MB // 16), "number", None),  # cut off mid-thought
    ],
    ids=["prose", "digits", "words", "open-braces", "unclosed-think"],
)
def test_a_50_mb_reply_parses_in_well_under_a_second_and_little_memory(reply, kind, value):
    """Defect 7: one 50 MB reply took 68 s and 7 GB; only the tail of the answer region is read."""
    answer, seconds, peak = measured(lambda: parse_answer(reply, kind))
    assert answer.value == value
    assert seconds < 0.5, f"{seconds:.2f} s"
    assert peak < 8 * ANSWER_WINDOW * 64, f"{peak / 1e6:.1f} MB"  # a few MB: the window, not the reply


def test_a_50_mb_reply_with_answer_tags_parses_in_well_under_a_second():
    """Defect 7 (VI-Probe's tag parser follows the same rule): the last tag in the tail wins."""
    reply = "Format: <answer>0 or 1</answer>. " * (FIFTY_MB // 33) + "<answer>1</answer>"
    answer, seconds, peak = measured(lambda: parse_answer_tag(reply))
    assert answer.value == 1
    assert seconds < 0.5 and peak < 8 * ANSWER_WINDOW * 64


def test_only_the_documented_window_at_the_end_of_the_answer_region_is_read():
    """Defect 7: the limit is exact and documented; text before the window is ignored."""
    assert parse_answer("{4}" + "x" * (ANSWER_WINDOW - 3)).value == "4"  # starts the window exactly
    assert parse_answer("{4}" + "x" * ANSWER_WINDOW).value is None
    assert parse_answer("{3}" + "." * ANSWER_WINDOW + "</think> {4}").value == "4"
    assert parse_answer_tag("<answer>1</answer>" + " " * ANSWER_WINDOW).status == "no_tag"


@pytest.mark.parametrize(
    ("reply", "value"),
    [
        ("{-7}", "-7"),
        ("{−7}", "-7"),  # U+2212 MINUS SIGN
        ("The count is -7.", "-7"),
        ("{7}", "7"),
        ("{-0}", "0"),
        ("Cell C-7 has {7} dots.", "7"),
        ("{4-5}", None),  # a range is two numbers, not 4 and -5 read as one
        ("There are 8-by-8 squares, so {8}.", "8"),
    ],
)
def test_a_minus_sign_is_part_of_the_number(reply, value):
    """Defect 16: "{-7}" was read as 7."""
    assert parse_answer(reply).value == value


def test_a_negative_count_is_not_the_true_count():
    """Defect 16: a reply {-7} when the truth is 7 counted as correct."""
    row = {
        "ID": "q1",
        "topic": "Game Boards",
        "sub_topic": "Go Grid",
        "pixel": 384,
        "type_of_question": "Q1",
        "ground_truth": "7",
        "expected_bias": "8",
    }
    assert not grade(row, "{-7}").correct
    assert grade(row, "{7}").correct
