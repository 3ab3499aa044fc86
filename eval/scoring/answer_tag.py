"""Read a binary answer from `<answer>...</answer>` tags (VI-Probe's response protocol).

Total: any string gives a `TaggedAnswer`, never an exception. The last tag
wins (models often quote the format in their reasoning first); a final tag cut
off by the token limit still counts; the tag's content may carry whitespace,
quotes, markdown emphasis or a full stop around the digit. Anything else is
unparsed, with a reason, and scored as wrong.

Only the last `ANSWER_WINDOW` (16,384) characters of a reply are read, as for VLMBias replies
(`eval.scoring.vlmbias.answers`): the answer tag comes at the end, and a bounded tail keeps parsing linear
and its memory fixed for any reply length. A tag that opens before the window is not seen.
"""

from __future__ import annotations

import dataclasses
import re

from eval.scoring.window import ANSWER_WINDOW

PARSED = "parsed"
NO_TAG = "no_tag"  # no <answer> tag at all
NOT_BINARY = "not_binary"  # the last tag holds something other than 0 or 1

_TAG = re.compile(r"<answer>(.*?)(?:</answer>|$)", re.IGNORECASE | re.DOTALL)
_BINARY = re.compile(r"[\s\"'`*_.]*([01])[\s\"'`*_.]*")


@dataclasses.dataclass(frozen=True)
class TaggedAnswer:
    """`value` is 1 (yes), 0 (no) or None; `status` says why when it is None."""

    value: int | None
    status: str

    @property
    def parsed(self) -> bool:
        return self.value is not None


def parse_answer_tag(reply: str) -> TaggedAnswer:
    """The binary answer in the reply's last `<answer>` tag.

    >>> parse_answer_tag("<reasons>They match.</reasons><answer>1</answer>")
    TaggedAnswer(value=1, status='parsed')
    >>> parse_answer_tag('Format: <answer>0 or 1</answer>. So <answer> **0** </answer>').value
    0
    >>> parse_answer_tag("The lines are equal.").status, parse_answer_tag("<answer>yes</answer>").status
    ('no_tag', 'not_binary')
    """
    tags = _TAG.findall((reply or "")[-ANSWER_WINDOW:])
    if not tags:
        return TaggedAnswer(None, NO_TAG)
    match = _BINARY.fullmatch(tags[-1])
    if match is None:
        return TaggedAnswer(None, NOT_BINARY)
    return TaggedAnswer(int(match.group(1)), PARSED)
