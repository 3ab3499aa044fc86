"""VLMEvalKit 0.0.20's `VLMBias` grading, rule for rule (`eval score vlmbias --grader judge`).

VLMEvalKit grades its `VLMBias` benchmark (PR #1221) with its `OmniVerifier`: a brace template,
lower-casing, then an LLM judge only where the template's reading is not the ground truth:

1. the answer is the text of the reply's last `{...}` group (no brace inside it), or the whole
   reply when it has none (`template_reading`);
2. the answer and the ground truth are lower-cased and split on white space, the words "none" and
   "zero" to "twenty" become digits, "a", "an" and "the" are dropped, and the words are joined by
   single spaces (`normalise`);
3. the two equal: correct, and no judge is asked (a template hit);
4. otherwise the judge gets `PROMPT` with the two normalised strings (not the question, not the
   image) and is asked again, up to `ATTEMPTS` times in all, until its answer reads as yes or no
   (`read_vote`): yes is correct, no is wrong, and three answers without either are wrong ("judge
   failed").

`read_vote` reads an answer as VLMEvalKit's `YOrN_Extraction` does: lower-cased, punctuation removed
or turned into spaces by VLMEvalKit's rule (`_strip_punctuation`), then "yes" among its words and not
"no" is yes, the reverse no ("Yes." and '"no"' read; "Yes:" and "**Yes**" do not).

Two differences, both outside what decides a template hit: VLMEvalKit also restores the apostrophe
of about 150 contractions written without one ("dont" to "don't") in both strings, which no VLMBias
ground truth holds, so only the text the judge reads for such a reply differs; and it asks at
temperature 0, then 0.5, then 1, where the judge client here sends each attempt with the endpoint's
default sampling. VLMEvalKit's `VLMBias` reports accuracy only; the bias-aligned rates of this
grader compare the template's reading with the expected bias, normalised alike, without a judge.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from eval.scoring.window import reading_window

#: Which prompt the judge was given: VLMEvalKit 0.0.20's `OmniVerifier` (vlmeval/dataset/utils/
#: omni_verifier.py, Apache-2.0), verbatim, so that a judge reads exactly what VLMEvalKit's reads.
PROMPT_VERSION = "vlmevalkit-0.0.20-omniverifier"
PROMPT = """
You are an AI assistant tasked with evaluating whether a model's response correctly answers
a given visual-language question.
You will be provided with: 1. The model's response; 2. The ground truth answer.
Your task is to determine whether the model's response conveys the same meaning as the ground truth.
The response is considered **correct** if:
- It has the same meaning as the ground truth, even if phrased differently.
- It provides additional relevant details without altering the original meaning.
The response is considered **wrong** if:
- It contradicts the ground-truth
- It misses essential information or include additional incorrect information.
Your evaluation should include a single word (Either `"yes"` (if correct) or `"no"` (if incorrect)).

Now please complete the following task:
[Begin Response]{response}[End Response]
[Begin Ground-Truth]{ground_truth}[End Ground-Truth]
"""
#: How many times the judge is asked about one reply, at most: VLMEvalKit's `VLMBias` passes retry=3.
ATTEMPTS = 3
#: Readings of one judge answer (`read_vote`): yes, no, or None (neither).
YES, NO = "yes", "no"

_LAST_BRACES = re.compile(r"\{([^}]*)\}")
_ZERO_TO_TWENTY = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty"
)
#: VLMEvalKit's number words, "none" and "zero" to "twenty", by the digits each becomes.
_NUMBER_WORDS = {"none": "0", **{word: str(n) for n, word in enumerate(_ZERO_TO_TWENTY.split())}}
_ARTICLES = frozenset({"a", "an", "the"})
_PUNCTUATION = tuple(';/[]"{}()=+\\_-><@`,?!')
_COMMA_IN_NUMBER = re.compile(r"(\d)(,)(\d)")
_LONE_PERIOD = re.compile(r"(?<!\d)\.(?!\d)")
#: VLMEvalKit hands `re.UNICODE` (32) to `sub` where the count goes: at most 32 periods are removed.
_PERIODS_REMOVED = 32


def normalise(text: str) -> str:
    """Lower-cased words, number words as digits, articles dropped, one space between words.

    >>> normalise("  The  Three ")
    '3'
    >>> normalise("a dozen")
    'dozen'
    """
    words = (_NUMBER_WORDS.get(word, word) for word in text.lower().split())
    return " ".join(word for word in words if word not in _ARTICLES)


def template_reading(reply: str) -> str:
    """The reply's answer as VLMEvalKit's brace template reads it, normalised.

    >>> template_reading("I count {4}, not {Three}.")
    '3'
    >>> template_reading("Four legs")
    '4 legs'
    """
    groups = _LAST_BRACES.findall(reading_window(reply))
    return normalise(groups[-1] if groups else reading_window(reply))


@dataclasses.dataclass(frozen=True)
class TemplateReading:
    """VLMEvalKit's reading of one reply before any judge: the normalised answer, whether it is the
    ground truth (a template hit) and whether it is the expected bias (None: the row names none)."""

    answer: str
    hit: bool
    bias_aligned: bool | None


def read_template(row: Mapping[str, Any], reply: str) -> TemplateReading:
    """The template's reading of `reply` to `row` (`ground_truth`, `expected_bias`).

    >>> read_template({"ground_truth": "4", "expected_bias": "3"}, "It has {Three} stripes.")
    TemplateReading(answer='3', hit=False, bias_aligned=True)
    """
    answer = template_reading(reply)
    bias = row.get("expected_bias")
    return TemplateReading(
        answer,
        answer == normalise(str(row["ground_truth"])),
        None if bias in (None, "") else answer == normalise(str(bias)),
    )


def judge_prompt(reading: str, truth: str) -> str:
    """VLMEvalKit's judge prompt for a template reading and the row's ground truth (both normalised)."""
    return PROMPT.format(response=reading, ground_truth=normalise(truth))


def read_vote(answer: str) -> str | None:
    """YES or NO when the judge's answer says exactly one of them in VLMEvalKit's reading, else None.

    >>> [read_vote(text) for text in ("Yes.", '"no"', "yes, not no", "Yes:", "**Yes**", "Yes!")]
    ['yes', 'no', None, None, None, 'yes']
    """
    words = _strip_punctuation(answer.lower()).split()
    if YES in words and NO not in words:
        return YES
    if NO in words and YES not in words:
        return NO
    return None


def _strip_punctuation(text: str) -> str:
    """VLMEvalKit's `process_punctuation`: each mark beside a space (or any mark at all once a comma
    sits between digits) is removed, otherwise it becomes a space; periods not beside a digit go."""
    joined = _COMMA_IN_NUMBER.search(text) is not None
    out = text
    for mark in _PUNCTUATION:
        beside_space = f"{mark} " in text or f" {mark}" in text
        out = out.replace(mark, "" if beside_space or joined else " ")
    return _LONE_PERIOD.sub("", out, count=_PERIODS_REMOVED)
