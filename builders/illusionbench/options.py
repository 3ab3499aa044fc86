"""Multiple-choice options in question text: listed after the stem as "i. ...", or read back out.

Drawn questions are written by `list_options`; the release's questions carry their options inside
the text in the authors' own layout, which `split_options` reads (the stem is everything before
the first label). Circular evaluation (`eval.scoring.illusionbench.circular`) re-lists a question's
options in another order with the same two functions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

NUMERALS = ("i", "ii", "iii", "iv")

_OPTION_MARK = re.compile(r"(?<![a-z])\(?(iv|iii|ii|i)[.):]\s*", re.IGNORECASE)


def list_options(stem: str, options: Sequence[str]) -> str:
    """A question's text: its stem, then one line per option labelled i-iv.

    >>> list_options("Which is longer?", ["The top", "The bottom", "Neither", "Both"])
    'Which is longer?\\ni. The top\\nii. The bottom\\niii. Neither\\niv. Both'
    """
    listed = "\n".join(f"{numeral}. {option}" for numeral, option in zip(NUMERALS, options, strict=True))
    return f"{stem}\n{listed}"


def split_options(question: str) -> tuple[str, tuple[str, ...]]:
    """(stem, the four options i-iv in order) of a question's text; (question, ()) if they are not all there.

    >>> split_options("Which is longer? i. The top line ii. The bottom line iii. Neither iv. Both")
    ('Which is longer?', ('The top line', 'The bottom line', 'Neither', 'Both'))
    >>> split_options("Is the top line longer?")
    ('Is the top line longer?', ())
    """
    marks, position = [], 0
    for numeral in NUMERALS:
        found = next(
            (m for m in _OPTION_MARK.finditer(question, position) if m.group(1).lower() == numeral), None
        )
        if found is None:
            return question, ()
        marks.append(found)
        position = found.end()
    ends = [mark.start() for mark in marks[1:]] + [len(question)]
    options = tuple(
        question[mark.end() : end].strip(" \t\n;,") for mark, end in zip(marks, ends, strict=True)
    )
    return question[: marks[0].start()].strip(), options
