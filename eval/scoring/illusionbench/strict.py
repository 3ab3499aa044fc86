"""Read IllusionBench+ answers as a person would: the verdict or option the reply commits to.

Self-correction comes first: when a reply corrects itself ("wait", "actually", "on second
thought", "correction", "I mean", "scratch that", each optionally followed by "no"), the part
after the last such marker is read on its own, and if it commits to an answer that answer counts
("ii. Actually, iii." is iii; "True. Wait, no: false." is False). Otherwise the whole reply is
read by the rules below.

True/false questions (rules in order, on the lower-cased reply with markdown and quotes removed and
any quoted "true or false" instruction dropped):

1. A leading verdict decides: "True", "False.", "Answer: false", a lone "T" or "F", or, when the
   reply names neither true nor false, a lone "Yes." / "No," / "Correct." / "Incorrect" /
   "Right." / "Wrong." / "Untrue." (a leading "No visual illusion ..." is a determiner, not a
   verdict).
2. Otherwise explicit phrases decide: "the statement is false", "the answer is true", "the
   description is not correct", "the claim is wrong"; the last such phrase wins.
3. Otherwise every free-standing "true"/"false"/"untrue" (negated by a preceding "not", "n't" or
   "not entirely") must agree.

Multiple-choice questions (options i-iv):

1. A reply that is only a label reads as that label: "ii", "(iii)", "iv.", "Option ii", "Answer: i".
2. Otherwise "answer is ii" / "answer: (iii)" phrases decide, the last one winning, unless the
   label is hedged with another ("the answer is ii or iii").
3. Otherwise every labelled mention ("option ii" or "option 2", "(iii)", "iv." or "ii)" standing
   alone, a bare "ii"/"iii"/"iv") must name the same option; a mention after "not" is a
   rejection and does not count ("iii, not ii" is iii). A bare "i" is read only when it is
   coordinated with another label ("i or iv", "both i and iv": a hedge, so unparsed); otherwise it
   is the English "I". Other digits are never read: "the answer is 4" may be a count, not option iv.

A reply with no verdict, or with two that disagree (a hedge), is unparsed (`status` says which);
first letters are never guessed. A reply is read whole up to 32,768 characters; `metrics.grade`
passes a longer one as its first and last 16,384 (`eval.scoring.window.reading_window`), so a
100 MB reply is read in milliseconds. `gold_true_false` and
`gold_option` read the dataset's answer column the same way, so a gold "Option ii" is option ii;
a gold given as an option's text ("The fins") resolves through the row's options. Every function
is total: any string in, a `Reading` out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

PARSED = "parsed"
EMPTY = "empty"  # nothing but whitespace and markup
NO_ANSWER = "no_answer"  # no verdict or option label anywhere
AMBIGUOUS = "ambiguous"  # verdicts or options that disagree

OPTIONS = ("i", "ii", "iii", "iv")
_DIGITS = {"1": "i", "2": "ii", "3": "iii", "4": "iv"}

_MARKUP = re.compile(r"[*_`#\"“”‘’«»]")
_CORRECTION = re.compile(
    r"\b(?:wait|actually|on second thought|correction|i mean|scratch that)\b(?:[\s,:;.!-]*no\b)?"
)
_QUOTED_INSTRUCTION = re.compile(r"\b(?:true\s*(?:/|or)\s*false|false\s*(?:/|or)\s*true)\b")
_VERDICT_VALUES = {
    "true": "true", "t": "true", "yes": "true", "correct": "true", "right": "true",
    "false": "false", "f": "false", "no": "false", "incorrect": "false", "wrong": "false",
    "untrue": "false",
}  # fmt: skip
_LEAD = r"[\s:.,;\-]*"
_LEADING = re.compile(
    rf"{_LEAD}(?:(?:final\s+)?answer\s*[:\-]\s*)?"
    r"(?:(true|false)\b|(yes|no|correct|incorrect|right|wrong|untrue)(?=\s*(?:[.,!;:]|$)))"
)
_LONE_LETTER = re.compile(rf"{_LEAD}([tf])[\s.!]*")
_NOT = r"(?:\bnot|n't)\s+(?:\w+ly\s+)?"  # "not", "isn't", "not entirely"
_PHRASE = re.compile(
    rf"\b(?:answer|statement|description|claim)\s+(?:is|would\s+be)\s+({_NOT})?"
    r"(true|false|correct|incorrect|right|wrong|untrue)\b"
)
_FREE = re.compile(rf"({_NOT})?\b(true|false|untrue)\b")

#: An option label; a lone "i" followed by a word is the pronoun ("the answer is I think ii").
_LABEL = r"\(?\s*(iv|i{2,3}|i(?!\s*[a-z]))\s*\)?"
_ONLY_LABEL = re.compile(
    rf"{_LEAD}(?:the\s+)?(?:(?:final\s+|correct\s+)?(?:answer|option|choice)\s*(?:is\s*)?[:\-]?\s*)?"
    rf"{_LABEL}[\s.:;!]*"
)
_ANY_LABEL = r"\(?\s*(?:option\s*)?(?:iv|i{1,3})\b"
#: After a bare "i": not a word, unless a plural verb ("ii and i are plausible"), so not the pronoun.
_NOT_PRONOUN = r"(?!\s*(?!(?:are|both|seem|look)\b)[a-z'])"
_HEDGE = rf"\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*(?:maybe\s+|perhaps\s+|possibly\s+)?{_ANY_LABEL}"
_ANSWER_PHRASE = re.compile(rf"\banswer\s*(?:is|:|-)\s*(?:option\s*)?{_LABEL}(?![a-z0-9'])({_HEDGE})?")
_MENTIONS = (
    re.compile(r"\b(?:option|choice)\s*\(?\s*(iv|i{1,3}|[1-4])\b(?!')"),
    re.compile(r"\(\s*(iv|i{1,3})\s*\)"),
    re.compile(r"(?:^|(?<=\s))(iv|i{1,3})[.)](?=\s|$)"),
    re.compile(r"\b(ii|iii|iv)\b(?!')"),
    re.compile(rf"\b(i)\b(?={_HEDGE})"),  # "i or iv": a bare "i" coordinated with another label
    re.compile(
        rf"(?:\b(?:ii|iii|iv)\b|\))\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*(?:option\s*)?(i)\b{_NOT_PRONOUN}"
    ),
)
_REJECTED = re.compile(r"(?:\bnot|\bnor)\s*(?:option\s*)?\(?\s*$")


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


def _last_committed(text: str, read: Callable[[str], Reading]) -> Reading:
    """The reading of what follows the last self-correction marker, if it commits; else of all of it."""
    markers = list(_CORRECTION.finditer(text))
    if markers:
        corrected = read(text[markers[-1].end() :])
        if corrected.parsed:
            return corrected
    return read(text)


def read_true_false(reply: str) -> Reading:
    """The true/false verdict a reply commits to.

    >>> read_true_false("The statement is false.").value, read_true_false("**True**").value
    ('false', 'true')
    >>> read_true_false("I don't know.").status, read_true_false("Partly true, partly false.").status
    ('no_answer', 'ambiguous')
    >>> read_true_false("No visual illusion is present, so the statement is not true.").value
    'false'
    >>> [read_true_false(reply).value for reply in ("Untrue.", "T", "True. Wait, no: false.")]
    ['false', 'true', 'false']
    """
    text = _QUOTED_INSTRUCTION.sub(" ", _plain(reply))
    if not text.strip(" .:-"):
        return Reading(None, EMPTY)
    return _last_committed(text, _true_false)


def _true_false(text: str) -> Reading:
    lone = _LONE_LETTER.fullmatch(text)
    if lone:
        return Reading(_VERDICT_VALUES[lone.group(1)], PARSED)
    leading = _LEADING.match(text)
    if leading and (leading.group(1) or not _FREE.search(text)):
        return Reading(_VERDICT_VALUES[leading.group(1) or leading.group(2)], PARSED)
    phrases = _PHRASE.findall(text)
    if phrases:
        negated, word = phrases[-1]
        return Reading(_negate(_VERDICT_VALUES[word], bool(negated)), PARSED)
    return _agree([_negate(_VERDICT_VALUES[word], bool(negated)) for negated, word in _FREE.findall(text)])


def _negate(value: str, negated: bool) -> str:
    return ("false" if value == "true" else "true") if negated else value


def read_option(reply: str) -> Reading:
    """The option (i-iv) a reply commits to.

    >>> read_option("iii").value, read_option("Option ii").value, read_option("(iv) The vase.").value
    ('iii', 'ii', 'iv')
    >>> read_option("I think the answer is iii.").value, read_option("iii, not ii").value
    ('iii', 'iii')
    >>> [read_option(reply).status for reply in ("I think so.", "Either ii or iii.", "i or iv")]
    ['no_answer', 'ambiguous', 'ambiguous']
    """
    text = _plain(reply)
    if not text.strip(" .:-()"):
        return Reading(None, EMPTY)
    return _last_committed(text, _option_reading)


def _option_reading(text: str) -> Reading:
    only = _ONLY_LABEL.fullmatch(text)
    if only:
        return Reading(_option(only.group(1)), PARSED)
    phrases = _ANSWER_PHRASE.findall(text)
    if phrases:
        label, hedge = phrases[-1]
        return Reading(None, AMBIGUOUS) if hedge else Reading(_option(label), PARSED)
    mentions: dict[int, str] = {}
    for pattern in _MENTIONS:
        for match in pattern.finditer(text):
            if not (_rejected(text, match.start(1)) or _rejected(text, match.start())):
                mentions[match.start(1)] = _option(match.group(1))
    return _agree([value for _, value in sorted(mentions.items())])


def _rejected(text: str, start: int) -> bool:
    """Whether "not" or "nor" (and an optional "option") comes right before position `start`."""
    return _REJECTED.search(text[max(0, start - 16) : start]) is not None


def _option(label: str) -> str:
    return _DIGITS.get(label, label)


def gold_true_false(answer: str) -> str | None:
    """The dataset's true/false answer as "true"/"false" ("True", "F", "false." ...), else None.

    >>> gold_true_false(" True "), gold_true_false("F"), gold_true_false("maybe")
    ('true', 'false', None)
    """
    return read_true_false(answer).value


def gold_option(answer: str, options: Sequence[str] = ()) -> str | None:
    """The dataset's option answer as "i".."iv" ("ii", "Option ii", "(iii)" ...), else None.

    A gold written as an option's text resolves through the row's `options` (in i-iv order),
    compared without case, spaces or punctuation at the ends.

    >>> gold_option("Option ii"), gold_option("iv"), gold_option("B")
    ('ii', 'iv', None)
    >>> gold_option("The fins.", ("The colour", "The fins", "The width", "The light"))
    'ii'
    """
    reading = read_option(answer)
    if reading.parsed or len(options) != len(OPTIONS):
        return reading.value
    wanted = _text_key(answer)
    matches = [label for label, option in zip(OPTIONS, options, strict=True) if _text_key(option) == wanted]
    return matches[0] if len(matches) == 1 else None


def _text_key(text: str) -> str:
    return " ".join(_plain(text).strip(" .,;:!?()").split())
