"""lmms-eval 0.7.3's `vlms_are_biased` scoring, rule for rule (`eval score vlmbias --parser lmms-eval`).

Its `process_results` reads a reply and a row like this, and its `accuracy` and `bias_ratio` are the
means of the two verdicts over every row (item means):

1. the reply, the ground truth and the expected bias are each `str.strip()`-ed, lower-cased, stripped
   of braces at both ends (`strip("{}")`) and stripped again;
2. correct when the reply equals the truth, bias-aligned when it equals the expected bias;
3. only when neither holds, the digits of each string are joined (`str.isdigit`, so "²" and "٣" are
   digits too) and compared: "4 stripes, not 3" reads "43", "-7" reads "7", "3.5" reads "35"; a side
   without digits is not compared.

So a row without an expected bias (our `original` split holds null there) is compared with "none",
the text of a missing value, as lmms-eval would compare it. Replies
are read as lmms-eval hands them to `process_results`, after its own removal of `<think>` and
`<analysis>` blocks (an lmms-eval samples log already holds them so). Tests check every verdict
against the installed lmms-eval on a corpus of replies. One bound is ours: a reply over 32,768
characters (lmms-eval's 1,024-token replies are far shorter) is read in its
`eval.scoring.window.reading_window`, its first and last 16,384 characters, as every reader of
replies here reads one; lmms-eval reads a 100 MB reply whole, in tens of seconds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from eval.scoring.window import reading_window


@dataclasses.dataclass(frozen=True)
class Verdict:
    """lmms-eval's reading of one reply: the normalised text and its two verdicts."""

    answer: str
    correct: bool
    bias_aligned: bool


def _normalise(text: str) -> str:
    return text.lower().strip("{}").strip()


def _digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())


def verdict(row: Mapping[str, Any], reply: str) -> Verdict:
    """lmms-eval's `vlms_are_biased_process_results` on `row` and `reply`.

    >>> row = {"ground_truth": "4", "expected_bias": "3"}
    >>> verdict(row, "{4}").correct, verdict(row, "4 stripes, not 3").correct
    (True, False)
    >>> verdict({"ground_truth": "43", "expected_bias": "3"}, "4 stripes, not 3").correct  # digits joined
    True
    """
    pred = _normalise(reading_window(reply).strip())
    truth = _normalise(str(row["ground_truth"]).strip())
    bias = _normalise(str(row.get("expected_bias")).strip())
    correct, aligned = pred == truth, pred == bias
    if not correct and not aligned:
        pred_digits = _digits(pred)
        if pred_digits and (truth_digits := _digits(truth)):
            correct = pred_digits == truth_digits
        if pred_digits and (bias_digits := _digits(bias)):
            aligned = pred_digits == bias_digits
    return Verdict(pred, correct, aligned)
