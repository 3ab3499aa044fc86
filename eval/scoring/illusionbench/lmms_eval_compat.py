"""lmms-eval 0.7.3's `illusionbench` scoring, reproduced rule for rule so existing numbers compare.

Its quirks are kept on purpose (they are what this mode exists to reproduce):

- true/false: "true" or "false" anywhere in the first 15 lower-cased characters, else the first
  letter (t/f), else "yes"/"no" as substrings of the first 15 characters; so "The statement is
  false" reads true (first letter t) and "I don't know" reads false ("no" in "know");
- options: the first of three regular expressions that matches the first 50 characters: a
  leading label followed by punctuation or space, then any standalone run of i, v and x (so the
  English "I" is option i), then a run glued to the start ("iia" -> "ii"); failing all, the
  first 20 characters stand as the answer;
- the gold option is the first run of i, v, x in the lower-cased answer, so "Option ii" becomes "i"
  (from "opt-i-on");
- a question is true/false exactly when its type is "TF"; every other type ("tf", "T/F", "select",
  "") is scored as options, gold included (so "False" as an option gold reads "false" and a
  reply "False" matches it).

These are lmms-eval's functions; its harness first removes reasoning blocks (`<think>...`) and
surrounding white space from each reply, so an lmms-eval samples log holds exactly what they read.

Tests check every function against the installed lmms-eval on a corpus of replies.
"""

from __future__ import annotations

import re
from collections.abc import Callable

UNKNOWN = "unknown"  # lmms-eval's true/false reading when no rule applies

_HEAD_TF = 15
_HEAD_MC = 50
_FALLBACK_MC = 20

#: (rule, reading) in lmms-eval's order; `text` is the reply lower-cased, then stripped.
_TF_RULES: tuple[tuple[Callable[[str], bool], str], ...] = (
    (lambda text: "true" in text[:_HEAD_TF], "true"),
    (lambda text: "false" in text[:_HEAD_TF], "false"),
    (lambda text: text.startswith("t"), "true"),
    (lambda text: text.startswith("f"), "false"),
    (lambda text: "yes" in text[:_HEAD_TF], "true"),
    (lambda text: "no" in text[:_HEAD_TF], "false"),
)

#: Searched in order over the first 50 characters; group 1 is the option.
_MC_PATTERNS = (
    re.compile(r"^\s*\(?([ivx]+)\)?[.)\s:]"),  # "ii.", "(iii) ...", "iv: ..."
    re.compile(r"\b([ivx]+)\b"),  # anywhere, the English "i" included
    re.compile(r"^\s*\(?\s*([ivx]+)"),  # a run at the start, even inside a word
)
_GOLD_RUN = re.compile(r"[ivx]+")


def tf_reading(reply: str) -> str:
    """lmms-eval's reading of a true/false reply: "true", "false" or "unknown".

    >>> tf_reading("The statement is false"), tf_reading("I don't know"), tf_reading("")
    ('true', 'false', 'unknown')
    """
    text = reply.lower().strip()
    for rule, reading in _TF_RULES:
        if rule(text):
            return reading
    return UNKNOWN


def mc_reading(reply: str) -> str:
    """lmms-eval's reading of a multiple-choice reply (a run of i/v/x, or the reply's first 20 characters).

    >>> mc_reading("I think it is iii."), mc_reading("(ii) the vase"), mc_reading("Option B")
    ('i', 'ii', 'option b')
    """
    text = reply.strip().lower()
    head = text[:_HEAD_MC]
    for pattern in _MC_PATTERNS:
        match = pattern.search(head)
        if match:
            return match.group(1)
    return text[:_FALLBACK_MC]


def gold_reading(question_type: str, answer: str) -> str:
    """The gold answer as lmms-eval compares it.

    >>> gold_reading("TF", " True "), gold_reading("select", "Option ii"), gold_reading("select", "B")
    ('true', 'i', 'b')
    """
    answer = answer.strip()
    if question_type == "TF":
        return answer.lower().strip()
    text = answer.lower()
    match = _GOLD_RUN.search(text)
    return match.group(0) if match else text


def reading(question_type: str, reply: str) -> str:
    """lmms-eval's reading of a reply: as true/false when the type is exactly "TF", else as an option.

    >>> reading("TF", "True"), reading("tf", "True"), reading("select", "(ii)")
    ('true', 'true', 'ii')
    """
    return tf_reading(reply) if question_type == "TF" else mc_reading(reply)


def is_correct(question_type: str, answer: str, reply: str) -> bool:
    """lmms-eval's verdict on one reply, `question_type` as the release writes it.

    Exactly "TF" is true/false; every other value ("tf", "T/F", "select", "") is read as options,
    as lmms-eval's `illusionbench_process_results` branches.

    >>> is_correct("TF", "False", "False"), is_correct("tf", "False", "False"), is_correct("tf", "ii", "ii")
    (True, True, True)
    """
    return reading(question_type, reply) == gold_reading(question_type, answer)
