"""How much of a reply a reader reads: a bounded window, so any reply is read in linear time and fixed memory.

A model's answer comes at the end of its reply (VLMBias's parser and VI-Probe's `<answer>` tag read
its last `ANSWER_WINDOW` characters); readers that look for a verdict anywhere in a reply
(AIpsych's scorers, IllusionBench+'s parsers and judge prompts, lmms-eval's readings, VISaGE's)
read its `reading_window`: the whole reply up to two windows, else its first and last window. The
1,024-token replies our tasks ask for fit many times over; a 50 MB reply is read in a fraction of
a second.
"""

from __future__ import annotations

#: How many characters at the end of a reply (or at each end, for `reading_window`) are read.
ANSWER_WINDOW = 16_384


def reading_window(reply: str) -> str:
    """What a reader that looks at the whole reply reads: all of a reply of up to two windows, else its
    first and last `ANSWER_WINDOW` characters joined by a blank line (a verdict leads or ends a reply).

    >>> len(reading_window("x" * 100_000)) == 2 * ANSWER_WINDOW + 2
    True
    """
    if len(reply) <= 2 * ANSWER_WINDOW:
        return reply
    return f"{reply[:ANSWER_WINDOW]}\n\n{reply[-ANSWER_WINDOW:]}"
