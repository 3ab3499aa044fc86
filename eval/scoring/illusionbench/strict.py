"""Read IllusionBench+ answers as a person would: the verdict or option the reply commits to.

True/false questions (rules in order, on the lower-cased reply with markdown and quotes removed and
any quoted "true or false" instruction dropped):

1. A leading verdict decides: "True", "False.", "Answer: false", or, when the reply names neither
   true nor false, a lone "Yes." / "No," / "Correct." / "Incorrect" (a leading "No visual
   illusion ..." is a determiner, not a verdict).
2. Otherwise explicit phrases decide: "the statement is false", "the answer is true", "the
   description is not correct"; the last such phrase wins (a reply may correct itself).
3. Otherwise every free-standing "true"/"false" (negated by a preceding "not", "n't" or "not
   entirely") must agree.

Multiple-choice questions (options i-iv):

1. A reply that is only a label reads as that label: "ii", "(iii)", "iv.", "Option ii", "Answer: i".
2. Otherwise "answer is ii" / "answer: (iii)" phrases decide, the last one winning.
3. Otherwise every labelled mention ("option ii" or "option 2", "(iii)", "iv." or "ii)" standing
   alone, a bare "ii"/"iii"/"iv") must name the same option. A bare "i" is never read: it is the
   English "I". Other digits are never read: "the answer is 4" may be a count, not option iv.

A reply with no verdict, or with two that disagree, is unparsed (`status` says which); the reply
is never cut short and first letters are never guessed. `gold_true_false` and `gold_option` read
the dataset's answer column the same way, so a gold "Option ii" is option ii. Every function is
total: any string in, a `Reading` out.
"""

from __future__ import annotations

import dataclasses
import re

PARSED = "parsed"
EMPTY = "empty"  # nothing but whitespace and markup
NO_ANSWER = "no_answer"  # no verdict or option label anywhere
AMBIGUOUS = "ambiguous"  # verdicts or options that disagree

OPTIONS = ("i", "ii", "iii", "iv")
_DIGITS = {"1": "i", "2": "ii", "3": "iii", "4": "iv"}

_MARKUP = re.compile(r"[*_`#\"“”‘’«»]")
_QUOTED_INSTRUCTION = re.compile(r"\b(?:true\s*(?:/|or)\s*false|false\s*(?:/|or)\s*true)\b")
_VERDICT_VALUES = {
    "true": "true",
    "yes": "true",
    "correct": "true",
    "false": "false",
    "no": "false",
    "incorrect": "false",
}
_LEADING = re.compile(
    r"[\s:.\-]*(?:(?:final\s+)?answer\s*[:\-]\s*)?"
    r"(?:(true|false)\b|(yes|no|correct|incorrect)(?=\s*(?:[.,!;:]|$)))"
)
_NOT = r"(?:\bnot|n't)\s+(?:\w+ly\s+)?"  # "not", "isn't", "not entirely"
_PHRASE = re.compile(
    rf"\b(?:answer|statement|description|claim)\s+(?:is|would\s+be)\s+({_NOT})?(true|false|correct|incorrect)\b"
)
_FREE = re.compile(rf"({_NOT})?\b(true|false)\b")

#: An option label; a lone "i" followed by a word is the pronoun ("the answer is I think ii").
_LABEL = r"\(?\s*(iv|i{2,3}|i(?!\s*[a-z]))\s*\)?"
_ONLY_LABEL = re.compile(
    rf"[\s:.\-]*(?:the\s+)?(?:(?:final\s+|correct\s+)?(?:answer|option|choice)\s*(?:is\s*)?[:\-]?\s*)?"
    rf"{_LABEL}[\s.:;!]*"
)
_ANSWER_PHRASE = re.compile(rf"\banswer\s*(?:is|:|-)\s*(?:option\s*)?{_LABEL}(?![a-z0-9'])")
_MENTIONS = (
    re.compile(r"\b(?:option|choice)\s*\(?\s*(iv|i{1,3}|[1-4])\b(?!')"),
    re.compile(r"\(\s*(iv|i{1,3})\s*\)"),
    re.compile(r"(?:^|(?<=\s))(iv|i{1,3})[.)](?=\s|$)"),
    re.compile(r"\b(ii|iii|iv)\b(?!')"),
)


@dataclasses.dataclass(frozen=True)
class Reading:
    """The committed answer ("true"/"false", or "i".."iv") or None, and why."""

    value: str | None
    status: str

    @property
    def parsed(self) -> bool:
        return self.value is not None


def _plain(text: str) -> str:
    text = _MARKUP.sub(" ", (text or "").lower())
    return " ".join(text.split())


def _agree(values: list[str]) -> Reading:
    if not values:
        return Reading(None, NO_ANSWER)
    if len(set(values)) > 1:
        return Reading(None, AMBIGUOUS)
    return Reading(values[0], PARSED)


def read_true_false(reply: str) -> Reading:
    """The true/false verdict a reply commits to.

    >>> read_true_false("The statement is false.").value, read_true_false("**True**").value
    ('false', 'true')
    >>> read_true_false("I don't know.").status, read_true_false("Partly true, partly false.").status
    ('no_answer', 'ambiguous')
    >>> read_true_false("No visual illusion is present, so the statement is not true.").value
    'false'
    """
    text = _QUOTED_INSTRUCTION.sub(" ", _plain(reply))
    if not text.strip(" .:-"):
        return Reading(None, EMPTY)
    leading = _LEADING.match(text)
    if leading and (leading.group(1) or not _FREE.search(text)):
        return Reading(_VERDICT_VALUES[leading.group(1) or leading.group(2)], PARSED)
    phrases = _PHRASE.findall(text)
    if phrases:
        negated, word = phrases[-1]
        return Reading(_negate(_VERDICT_VALUES[word], bool(negated)), PARSED)
    return _agree([_negate(word, bool(negated)) for negated, word in _FREE.findall(text)])


def _negate(value: str, negated: bool) -> str:
    return ("false" if value == "true" else "true") if negated else value


def read_option(reply: str) -> Reading:
    """The option (i-iv) a reply commits to.

    >>> read_option("iii").value, read_option("Option ii").value, read_option("(iv) The vase.").value
    ('iii', 'ii', 'iv')
    >>> read_option("I think the answer is iii.").value
    'iii'
    >>> read_option("I think so.").status, read_option("Either ii or iii.").status
    ('no_answer', 'ambiguous')
    """
    text = _plain(reply)
    if not text.strip(" .:-()"):
        return Reading(None, EMPTY)
    only = _ONLY_LABEL.fullmatch(text)
    if only:
        return Reading(_option(only.group(1)), PARSED)
    phrases = _ANSWER_PHRASE.findall(text)
    if phrases:
        return Reading(_option(phrases[-1]), PARSED)
    mentions: list[tuple[int, str]] = []
    for pattern in _MENTIONS:
        mentions.extend((match.start(1), _option(match.group(1))) for match in pattern.finditer(text))
    return _agree([value for _, value in sorted(mentions)])


def _option(label: str) -> str:
    return _DIGITS.get(label, label)


def gold_true_false(answer: str) -> str | None:
    """The dataset's true/false answer as "true"/"false" ("True", "F", "false." ...), else None.

    >>> gold_true_false(" True "), gold_true_false("F"), gold_true_false("maybe")
    ('true', 'false', None)
    """
    word = _plain(answer).strip(" .!")
    if word in ("t", "f"):
        return "true" if word == "t" else "false"
    reading = read_true_false(answer)
    return reading.value


def gold_option(answer: str) -> str | None:
    """The dataset's option answer as "i".."iv" ("ii", "Option ii", "(iii)" ...), else None.

    >>> gold_option("Option ii"), gold_option("iv"), gold_option("B")
    ('ii', 'iv', None)
    """
    reading = read_option(answer)
    return reading.value
