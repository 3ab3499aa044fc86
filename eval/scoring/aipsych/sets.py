"""A config's rows as 4-prompt sets, each classified by the chosen scorer and by the one beside it.

A set's four prompts are separate rows (and separate requests); `grade_rows` gathers each set's
replies by `set_id` and `prompt_idx` and classifies them (`classify`), once by the chosen scorer
and once by the scorer reported beside it (`strict` beside the release's, `v4` beside `strict`).
A set with no reply at all is kept, unanswered, and left out of every rate.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from eval.scoring.aipsych.classify import SCORERS, SetOutcome, classify
from eval.scoring.aipsych.trap import Trap, trap_of
from eval.scoring.window import reading_window

#: The schema's `set_kind` names in index order (rows read from Parquet carry the index).
SET_KINDS = ("position", "colour", "mixed")


@dataclasses.dataclass(frozen=True)
class ScoredSet:
    """One 4-prompt set: where it sits, how many prompts have a reply, and its outcome under the chosen
    scorer and under the one reported beside it (both None when no prompt has a reply)."""

    set_id: str
    image_id: str
    kind: str
    replies: int
    outcome: SetOutcome | None
    beside: SetOutcome | None

    def to_record(self) -> dict[str, Any]:
        """JSON form, with the set id as "ID" (score JSON outcomes)."""
        record = dataclasses.asdict(self)
        return {"ID": self.set_id, **record}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ScoredSet:
        def outcome(found: Any) -> SetOutcome | None:
            return None if found is None else SetOutcome(**found)

        return cls(
            str(record["set_id"]),
            str(record["image_id"]),
            str(record["kind"]),
            int(record["replies"]),
            outcome(record["outcome"]),
            outcome(record["beside"]),
        )


def beside_of(scorer: str) -> str:
    """The scorer reported beside `scorer`: `strict` beside the release's, `v4` beside `strict`."""
    return "strict" if scorer != "strict" else "v4"


def grade_rows(
    rows: Sequence[Mapping[str, Any]], replies: Mapping[str, str], scorer: str = "v4"
) -> list[ScoredSet]:
    """Every set of `rows` (`id`, `set_id`, `prompt_idx`, `set_kind`, `image_id` and the trap columns
    `strict` reads), classified by `scorer` and by the scorer beside it from the replies keyed by row `id`."""
    if scorer not in SCORERS:
        raise ValueError(f"unknown AIpsych scorer {scorer!r}; choose from: {', '.join(SCORERS)}")
    sets: dict[str, list[str | None]] = {}
    facts: dict[str, tuple[str, str]] = {}
    traps: dict[str, Trap] = {}
    for row in rows:
        found = sets.setdefault(row["set_id"], [None] * 4)
        reply = replies.get(row["id"])
        found[int(row["prompt_idx"]) - 1] = None if reply is None else reading_window(reply)
        kind = row.get("set_kind")
        kind_name = SET_KINDS[kind] if isinstance(kind, int) else str(kind)
        facts[row["set_id"]] = (str(row.get("image_id") or row["set_id"]), kind_name)
        traps[row["set_id"]] = trap_of(row, kind_name)
    graded = []
    for set_id, found in sets.items():
        answered = sum(reply is not None for reply in found)
        outcome = classify(found, scorer, traps[set_id]) if answered else None
        beside = classify(found, beside_of(scorer), traps[set_id]) if answered else None
        graded.append(ScoredSet(set_id, *facts[set_id], answered, outcome, beside))
    return graded
