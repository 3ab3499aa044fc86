"""The toy family's scoring: the number in the reply's braces against the count of squares."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from eval.scoring.bootstrap import rate
from eval.scoring.options import RECORDED, Flag, ScoreOptions
from eval.scoring.scorer import Scorer
from eval.scoring.vlmbias.answers import parse_answer


@dataclasses.dataclass(frozen=True)
class ToyOptions(ScoreOptions):
    """`python -m eval score toy` options."""

    tolerance: Annotated[
        int,
        Flag("--tolerance", "a count this many squares off still counts as right (default 0)", parse=int),
        RECORDED,
    ] = 0


@dataclasses.dataclass(frozen=True)
class Counted:
    """One reply: the image it answers, the true count and the count read (None: unparsed)."""

    id: str
    image_id: str
    count: int
    answer: int | None

    def right(self, tolerance: int) -> bool:
        return self.answer is not None and abs(self.answer - self.count) <= tolerance

    def to_record(self) -> dict[str, Any]:
        return {"ID": self.id, **dataclasses.asdict(self)}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Counted:
        return cls(record["id"], record["image_id"], record["count"], record["answer"])


def grade(row: Mapping[str, Any], reply: str) -> Counted:
    parsed = parse_answer(reply, "number")
    answer = None if parsed.value is None or "." in parsed.value else int(parsed.value)
    return Counted(row["id"], row["image_id"], int(row["count"]), answer)


def grade_rows(
    rows: Sequence[Mapping[str, Any]], replies: Mapping[str, str], options: ToyOptions
) -> list[Counted]:
    return [grade(row, replies[row["id"]]) for row in rows if row["id"] in replies]


def aggregate(units: Sequence[Counted], options: ToyOptions) -> dict[str, Any]:
    return {
        "n": len(units),
        "accuracy": rate(units, lambda unit: unit.right(options.tolerance)),
        "parse_failure_rate": rate(units, lambda unit: unit.answer is None),
    }


def blind_summary(seeing: Sequence[Counted], blind: Sequence[Counted], options: ToyOptions) -> dict[str, Any]:
    return {"n": len(blind), "accuracy": rate(blind, lambda unit: unit.right(options.tolerance))}


SCORER = Scorer(
    unit=Counted,
    options=ToyOptions,
    grade_rows=grade_rows,
    aggregate=aggregate,
    cluster=lambda unit: unit.image_id,
    cluster_description="image (image_id)",
    blind_summary=blind_summary,
    headline=("accuracy", "parse_failure_rate"),
    correct=lambda unit, options: unit.right(options.tolerance),
)
