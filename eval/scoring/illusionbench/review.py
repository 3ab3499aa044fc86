"""A person's review of the judge's verdicts: the end of the paper's grading protocol.

The paper's authors re-checked by hand every reply their judge marked incorrect and corrected the
verdicts (Sec. III-B, Appendix B). `--write-review FILE` writes that list ready to edit (into a new
file: one that exists is refused before the judge is asked), one JSON line per reply the judge
marked incorrect, its verdict pre-filled:

    {"id": "trap-003-ponzo-tf1", "correct": false, "question": "...", "gold": "false",
     "votes": [0, 0, 1, 0, 0], "reply": "..."}

(one line in the file). A person sets `correct` (true or false) where the judge was wrong, may drop
lines or add any other judged reply, and hands the file back with `--review FILE`: its verdicts
replace the judge's in every metric, and the score JSON's `judge.reviewed` says how many replies
were reviewed and whose verdicts changed. Only `id` and `correct` are read (the other keys are the
context written for the person); an id that is no judged reply of the run, a repeated id or a
malformed line is one sentence.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from builders.core.atomic import write_file
from builders.core.errors import UsageError
from builders.core.user_files import parse_json, text_lines
from eval.scoring.illusionbench.circular import rotated, row_id
from eval.scoring.illusionbench.metrics import Graded

#: What a review line holds: the reply's id and the person's verdict.
REVIEW_KEYS = ("id", "correct")
#: What `--write-review` adds for the person reading each line; ignored when the file is read back.
CONTEXT_KEYS = ("question", "gold", "votes", "reply")
_SHAPE = '{"id": ROW_ID, "correct": true|false}'


@dataclasses.dataclass(frozen=True)
class Verdict:
    """A person's verdict on one judged reply, and the line of the review file it was read from."""

    correct: bool
    line: int


def read_review(path: Path) -> dict[str, Verdict]:
    """The verdicts of a review file, by reply id.

    Raises:
        UsageError: the file cannot be read, a line is not a review line, or an id repeats.
    """
    name = f"review file {str(path)!r}"
    fix = f"write it with --write-review and keep one {_SHAPE} per line"
    verdicts: dict[str, Verdict] = {}
    for number, line in enumerate(text_lines(path, name, fix), start=1):
        if not line.strip():
            continue
        where = f"line {number} of {name}"
        item = parse_json(line, where, f"each line is {_SHAPE}")
        reply_id, correct = _review_line(item, where)
        if reply_id in verdicts:
            raise UsageError(
                f"{where} reviews {reply_id!r} again (first on line {verdicts[reply_id].line}); keep one "
                "verdict per id"
            )
        verdicts[reply_id] = Verdict(correct, number)
    return verdicts


def _review_line(item: Any, where: str) -> tuple[str, bool]:
    """(id, verdict) of one parsed review line, or one sentence saying what is wrong with it."""
    if not isinstance(item, dict):
        raise UsageError(f"{where} is not a JSON object; each line is {_SHAPE}")
    unknown = sorted(key for key in item if key not in (*REVIEW_KEYS, *CONTEXT_KEYS))
    if unknown:
        raise UsageError(
            f"{where} has the key {unknown[0]!r}, which no review line has (id and correct, and "
            f"{', '.join(CONTEXT_KEYS)} as --write-review writes them); fix or remove it"
        )
    reply_id, correct = item.get("id"), item.get("correct")
    if not isinstance(reply_id, str) or not reply_id:
        raise UsageError(f"{where} has no string id; each line is {_SHAPE}")
    if not isinstance(correct, bool):
        raise UsageError(
            f"{where} says correct is {json.dumps(correct)} for {reply_id!r}, not true or false; "
            "write the person's verdict as true or false"
        )
    return reply_id, correct


def apply_review(graded: Sequence[Graded], verdicts: Mapping[str, Verdict], path: Path) -> list[Graded]:
    """`graded` with the person's verdict of every reviewed reply (the judge's votes kept beside it).

    Raises:
        UsageError: the review names a reply that is not among `graded`.
    """
    known = {row.id for row in graded}
    unknown = [reply_id for reply_id in verdicts if reply_id not in known]
    if unknown:
        first = unknown[0]
        raise UsageError(
            f"review file {str(path)!r} names {first!r} (line {verdicts[first].line}), which is no judged "
            f"reply of this run ({len(unknown)} such ids); review the ids of this run's judge.review, or "
            "score the predictions the review was written for"
        )
    return [
        row if row.id not in verdicts else dataclasses.replace(row, reviewed=verdicts[row.id].correct)
        for row in graded
    ]


def reviewed(graded: Sequence[Graded]) -> dict[str, Any]:
    """How many judged replies a person reviewed, and every one whose verdict the person changed."""
    found = [row for row in graded if row.reviewed is not None]
    return {
        "rows": len(found),
        "changed": [
            {"id": row.id, "judge": row.judged_correct, "reviewed": row.reviewed}
            for row in found
            if row.reviewed != row.judged_correct
        ],
    }


def review_lines(
    graded: Sequence[Graded], rows: Sequence[Mapping[str, Any]], replies: Mapping[str, str]
) -> str:
    """The review file to fill in: one line per reply the judge marked incorrect, its verdict pre-filled."""
    by_id = {row["id"]: row for row in rows}
    lines = []
    for row in graded:
        if row.judged_correct:
            continue
        asked = by_id.get(row_id(row.id), {})
        question = rotated(dict(asked), row.rotation)["question"] if row.rotation else asked.get("question")
        line = {
            "id": row.id,
            "correct": False,
            "question": question,
            "gold": row.gold,
            "votes": list(row.judge_votes),
            "reply": replies.get(row.id, ""),
        }
        lines.append(json.dumps(line) + "\n")
    return "".join(lines)


def write_review(path: Path, text: str) -> None:
    """Write the review file in one rename (an old file at `path` is kept until then)."""
    try:
        write_file(path, text)
    except OSError as error:
        raise UsageError(
            f"cannot write the review file {str(path)!r} ({error.strerror}); choose another --write-review"
        ) from None
