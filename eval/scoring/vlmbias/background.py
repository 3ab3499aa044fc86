"""With versus without the background: VLMBias replies about an image and about its subject alone.

A row of `remove_background_q1q2` (`remove_background_q3`) asks a question about the subject of a
`main` image drawn alone; its image is named as the `main` one with `nobackground` for `notitle`
(`<stem>_nobackground_px384` and `<stem>_notitle_px384`). When one `eval score` reads both splits
(`--split main+remove_background_q1q2`), each background-removed row pairs with the row of the same
image and question type, and `compared` reports accuracy and the bias-aligned rate with and without
the background, their difference (without - with: the later paper versions' "+21.09 points" is a task
mean of it), and the same per topic. Paired rows share their cluster (`drawing`), so the bootstrap
draws both or neither and every difference gets a paired interval.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from eval.scoring.blind import difference, grouped
from eval.scoring.vlmbias.grading import Graded
from eval.scoring.vlmbias.metrics import accuracy, bias_aligned_rate, task_mean

#: The token a background-removed image has in its id in place of the `main` image's `notitle`.
NO_BACKGROUND, WITH_BACKGROUND = "nobackground", "notitle"
_TOKEN = re.compile(rf"_{NO_BACKGROUND}(?=_|$)")

Pair = tuple[Graded, Graded]


def is_background_removed(unit: Graded) -> bool:
    return _TOKEN.search(unit.image_id) is not None


def drawing(unit: Graded) -> str:
    """The cluster of a row: its drawing, a background-removed one's being its `main` image's.

    >>> from eval.scoring.vlmbias.grading import grade
    >>> row = {"ID": "q", "topic": "Flags", "sub_topic": "s", "pixel": 384, "type_of_question": "Q1",
    ...        "ground_truth": "5", "expected_bias": "6", "image_id": "flag_7_nobackground_px384"}
    >>> drawing(grade(row, "{5}"))
    'flag_7_notitle'
    """
    return _with_background(unit.drawing)


def _with_background(name: str) -> str:
    """An image id or drawing of a background-removed image, as its `main` image's."""
    return _TOKEN.sub(f"_{WITH_BACKGROUND}", name, count=1)


def pairs(units: Sequence[Graded]) -> list[Pair]:
    """(with background, without) rows about the same image and question, in the second's order."""
    seen = {(unit.image_id, unit.type_of_question): unit for unit in units if not is_background_removed(unit)}
    found = []
    for unit in units:
        if is_background_removed(unit):
            match = seen.get((_with_background(unit.image_id), unit.type_of_question))
            if match is not None:
                found.append((match, unit))
    return found


def compared(units: Sequence[Graded], parser: str = "strict") -> dict[str, Any] | None:
    """Accuracy, bias-aligned rate and task mean with and without the background on the paired rows, their
    differences (without - with), and per topic; None when no background-removed row has its pair."""
    found = pairs(units)
    if not found:
        return None
    topics = grouped(found, lambda pair: pair[0].topic)

    def rates(side: int) -> dict[str, Any]:
        rows = [pair[side] for pair in found]
        by_topic = {
            topic: accuracy([pair[side] for pair in group], parser) for topic, group in topics.items()
        }
        return {
            "accuracy": accuracy(rows, parser),
            "bias_aligned_rate": bias_aligned_rate(rows, parser),
            "task_mean": task_mean(by_topic),
        }

    with_background, without_background = rates(0), rates(1)
    return {
        "pairs": len(found),
        "with_background": with_background,
        "without_background": without_background,
        "difference": {
            name: difference(without_background[name], value) for name, value in with_background.items()
        },
        "by_topic": {topic: _topic(group, parser) for topic, group in topics.items()},
    }


def _topic(group: list[Pair], parser: str) -> dict[str, Any]:
    with_background = accuracy([pair[0] for pair in group], parser)
    without_background = accuracy([pair[1] for pair in group], parser)
    return {
        "pairs": len(group),
        "with_background": with_background,
        "without_background": without_background,
        "difference": difference(without_background, with_background),
    }
