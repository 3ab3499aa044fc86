"""Read the answer out of a model's reply: one total function, `parse_answer`, and its result type.

The rules, in order:

1. Reasoning blocks are skipped: only the text after the last `</think>` (also `</thinking>`,
   `</reasoning>`, `</analysis>`) is read, and an unclosed `<think>` ends the answer region, so a reply
   cut off mid-thought is unparsed.
2. Echoes of the instruction's own example ("e.g., {9}", "e.g., {Yes} or {No}") and offers of
   choices ("{Yes} or {No}") are ignored.
3. If the region holds a non-empty `{...}` group, the **last** one is the answer; nested braces are
   read innermost (`\\boxed{5}`, `{"answer": {4}}`). Its content must read as the question's answer
   type, else the reply is unparsed: a number question wants exactly one distinct number in the group
   ("{4 rows}" and "{four}" read 4; "{3 or 4}" does not), a yes/no question exactly one of the words
   yes/no ("{Yes, they are}"), a text question any non-empty text.
4. With no brace group, only an unambiguous bare answer counts: for a number question, every number
   in the region (digits or words) must have the same value ("There are 4 rows." reads 4; "4 stripes,
   not 3" and chains of thought with several numbers are unparsed; digits are never joined); for a
   yes/no question, the first or last word must be yes/no and the other word must not occur ("Yes, it
   is", "The answer is No."); for a text question, the whole reply must be one line of at most four
   words and hold no brace at all (an echoed "e.g., {Shogi}" is not an answer).
5. Anything else is an explicit `UNPARSED` result. No string makes `parse_answer` raise.

Numbers keep a minus sign written right before their digits ("{-7}" reads -7, a different answer from 7);
a hyphen joined to a word or number ("C-3", "4-5") is not a sign.

Only the last `ANSWER_WINDOW` (16,384) characters of the answer region are read: a model's answer
comes at the end of its reply, and reading a bounded tail keeps parsing linear in the reply's length
with a fixed memory cost (a 50 MB reply parses in a fraction of a second). Locating the region
scans the reply back from its end for the last closing reasoning tag, then on for an opening one.
Replies whose answer region is shorter than the window, which covers the 1,024-token replies our
tasks ask for many times over, read exactly as the rules above say; in a longer one, text before
the window is ignored (`eval.scoring.window`).
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterator

from eval.scoring.vlmbias.numbers import find_numbers
from eval.scoring.window import ANSWER_WINDOW


class AnswerKind(enum.Enum):
    """What an answer is; the first three are the dataset's `answer_type` class labels, in order."""

    NUMBER = "number"
    YES_NO = "yes_no"
    TEXT = "text"
    UNPARSED = "unparsed"

    def __repr__(self) -> str:
        return f"AnswerKind.{self.name}"


#: The dataset's `answer_type` ClassLabel names, by label index.
ANSWER_TYPES = (AnswerKind.NUMBER, AnswerKind.YES_NO, AnswerKind.TEXT)


@dataclasses.dataclass(frozen=True)
class ParsedAnswer:
    """One reply's answer: canonical `value` ("4", "Yes", "flag of vietnam") and where it was read.

    `raw` is exactly `response[span[0]:span[1]]`: the brace group or the bare words the value came
    from. An unparsed reply keeps the offending brace group in `raw`/`span` when there was one, so a
    reader can see why it failed; `value` is then None.
    """

    value: str | None
    kind: AnswerKind
    raw: str = ""
    span: tuple[int, int] | None = None

    @property
    def parsed(self) -> bool:
        return self.kind is not AnswerKind.UNPARSED


_TAG_NAMES = r"(?:think|thinking|reasoning|analysis)\s*>"
# The greedy prefix makes the engine scan back from the end for the last closing tag, in C.
_LAST_CLOSING_TAG = re.compile(rf".*</{_TAG_NAMES}", re.IGNORECASE | re.DOTALL)
_OPENING_TAG = re.compile(rf"<{_TAG_NAMES}", re.IGNORECASE)
_GROUP = r"[{｛][^{}｛｝]*[}｝]"
# The instruction's example ("e.g., {9}") and any offer of choices ("{Yes} or {No}") are not answers.
_ECHO = re.compile(rf"e\.\s?g\.?,?\s*{_GROUP}(?:\s*or\s*{_GROUP})?|{_GROUP}\s*or\s*{_GROUP}", re.IGNORECASE)
_INNERMOST_GROUP = re.compile(r"[{｛]([^{}｛｝]*)[}｝]")
_BRACE = re.compile(r"[{}｛｝]")
_YES_NO = re.compile(r"(?<![^\W\d_])(yes|no)(?![^\W\d_])", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_EDGE_JUNK = " \t\r\n*_`~#>\"'“”‘’.,;:!?()[]$"
_ARTICLE = re.compile(r"^(?:the|a|an)\s+")
_MAX_BARE_TEXT_WORDS = 4
_MINUS = "-\u2212"  # hyphen-minus and the minus sign


def parse_answer(response: str, answer_type: AnswerKind | str = AnswerKind.NUMBER) -> ParsedAnswer:
    """Read the answer of kind `answer_type` ("number", "yes_no" or "text") from `response`.

    >>> parse_answer("Counting each row... I see {7}.")
    ParsedAnswer(value='7', kind=AnswerKind.NUMBER, raw='{7}', span=(27, 30))
    >>> parse_answer("4 stripes, not 3").kind
    AnswerKind.UNPARSED
    >>> parse_answer("<think>Is it 8? No.</think>**Yes**, it is.", "yes_no").value
    'Yes'

    Raises:
        ValueError: `answer_type` is not an answer kind (the reply itself never makes it raise).
    """
    kind = AnswerKind(answer_type)
    if kind is AnswerKind.UNPARSED:
        raise ValueError("answer_type must be 'number', 'yes_no' or 'text', not 'unparsed'")
    if not isinstance(response, str):
        return ParsedAnswer(None, AnswerKind.UNPARSED)
    start, end = _answer_region(response)
    region = _ECHO.sub(lambda echo: " " * len(echo.group()), response[start:end])
    groups = [group for group in _INNERMOST_GROUP.finditer(region) if group.group(1).strip()]
    if groups:
        last = groups[-1]
        span = (start + last.start(), start + last.end())
        value = _read(last.group(1), kind)
        return ParsedAnswer(
            value, kind if value is not None else AnswerKind.UNPARSED, response[slice(*span)], span
        )
    if kind is AnswerKind.TEXT and _BRACE.search(response, start, end):
        return ParsedAnswer(None, AnswerKind.UNPARSED)  # braces but no answer group: no bare text either
    found = _read_bare(region, kind)
    if found is None:
        return ParsedAnswer(None, AnswerKind.UNPARSED)
    value, (left, right) = found
    span = (start + left, start + right)
    return ParsedAnswer(value, kind, response[slice(*span)], span)


def canonical_answer(text: str, answer_type: AnswerKind | str) -> str | None:
    """The canonical form of an expected answer (a `ground_truth` or `expected_bias` cell).

    >>> canonical_answer("07", "number"), canonical_answer("yes", "yes_no")
    ('7', 'Yes')
    >>> canonical_answer("The Flag of Cuba", "text")
    'flag of cuba'
    """
    return _read(text, AnswerKind(answer_type))


def infer_answer_type(ground_truth: str) -> AnswerKind:
    """The answer kind a ground truth implies, for rows without an `answer_type` column.

    >>> infer_answer_type("12"), infer_answer_type("No"), infer_answer_type("Flag of Vietnam")
    (AnswerKind.NUMBER, AnswerKind.YES_NO, AnswerKind.TEXT)
    """
    text = ground_truth.strip()
    if _YES_NO.fullmatch(text):
        return AnswerKind.YES_NO
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return AnswerKind.NUMBER
    return AnswerKind.TEXT


def _answer_region(response: str) -> tuple[int, int]:
    """After the last closing reasoning tag, up to an unclosed opening one; at most its last window."""
    closing = _LAST_CLOSING_TAG.match(response)  # linear, O(1) memory, no match object per tag
    start = closing.end() if closing else 0
    unclosed = _OPENING_TAG.search(response, start)
    end = len(response) if unclosed is None else unclosed.start()
    return max(start, end - ANSWER_WINDOW), end


def _numbers(text: str) -> Iterator[tuple[str, tuple[int, int]]]:
    """`find_numbers`, with a minus sign written right before digits kept: "-7" is not 7.

    >>> [value for value, _ in _numbers("{-7} or −2, not C-3 or 4-5")]
    ['-7', '-2', '3', '4', '5']
    """
    for value, (left, right) in find_numbers(text):
        signed = (
            left > 0
            and text[left - 1] in _MINUS
            and text[left].isdecimal()
            and (left < 2 or not (text[left - 2].isalnum() or text[left - 2] == "_"))
            and value != "0"
        )
        yield (f"-{value}", (left - 1, right)) if signed else (value, (left, right))


def _read(content: str, kind: AnswerKind) -> str | None:
    """The value of one answer cell or brace group, or None when it is not one answer of `kind`."""
    if kind is AnswerKind.NUMBER:
        values = {value for value, _ in _numbers(content)}
        return values.pop() if len(values) == 1 else None
    if kind is AnswerKind.YES_NO:
        words = {word.casefold() for word in _YES_NO.findall(content)}
        return words.pop().capitalize() if len(words) == 1 else None
    return _normalize_text(content) or None


def _read_bare(region: str, kind: AnswerKind) -> tuple[str, tuple[int, int]] | None:
    """An unambiguous answer in a region without brace groups, with its span in the region."""
    if kind is AnswerKind.NUMBER:
        numbers = list(_numbers(region))
        if len({value for value, _ in numbers}) != 1:
            return None
        return numbers[-1]
    if kind is AnswerKind.YES_NO:
        words = list(_WORD.finditer(region))
        polar = [word for word in words if word.group().casefold() in ("yes", "no")]
        if not polar or len({word.group().casefold() for word in polar}) != 1:
            return None
        if polar[0] is not words[0] and polar[-1] is not words[-1]:
            return None
        return polar[-1].group().casefold().capitalize(), polar[-1].span()
    text = region.strip(_EDGE_JUNK)
    if not text or "\n" in text or len(text.split()) > _MAX_BARE_TEXT_WORDS:
        return None
    left = region.index(text)
    return _normalize_text(text), (left, left + len(text))


def _normalize_text(text: str) -> str:
    """Case-, space- and markdown-insensitive form of a short text answer, without a leading article."""
    words = " ".join(text.replace("**", " ").replace("__", " ").split()).strip(_EDGE_JUNK).casefold()
    return _ARTICLE.sub("", words)
