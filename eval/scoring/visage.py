"""VISaGE scoring: the first word of a reply as yes or no, accuracy per condition, and the paper's effects.

The paper scores the first generated token (Sec. 4, App. D). Here the first
word of the reply counts: its first run of letters, whatever punctuation,
dashes, brackets, quotes or markdown come before or after it ("Yes—it does.",
"(Yes)", "**No**"), case folded; it must be "yes" or "no". Anything else is a
parse failure, scored wrong and counted apart.

Grading is per row (`grade`, one `VisageGraded` each); every metric is an
aggregate of a list of graded rows (`summary`, `recognition`, `report`), so a
subset of rows (a category, the tuples whose name gives nothing away, a
bootstrap resample) is scored by the same functions.

Metrics over condition rows (Sec. 4, Fig. 3; specs/other_benchmarks.md §4.4):
accuracy per condition 1a-2c; congruency (pragmatic-prior) effects 1a-1b and
1c-1d; the semantic-prior effect 2a-2b; naming rescue 2c-2b; concept minus
instance per image condition, 1a-2a, 1b-2b, 1c-2c. Each is given overall, per
category, and again over the tuples whose exception's name does not state the
violation (`name_reveals` false: "lioness", not "maneless lion"), where 1c, 1d
and 2c cannot be answered from the words alone. Recognition rows ("What is
this object?") are right when the reply names one of the row's accepted
answers as a noun (`names`); the category-level rate also accepts the
category's own name.

Rows read from Parquet without `datasets` carry class indices: names or
indices are both accepted. Rows are resampled by tuple for the 95 % intervals:
a tuple's typical and exceptional images share its generic and its exception.
Without the image (`--blind`), the answers per condition are the semantic prior
itself: what the names in the question alone suggest.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from eval.scoring.blind import difference, paired
from eval.scoring.bootstrap import rate
from eval.scoring.options import ScoreOptions
from eval.scoring.scorer import Scorer
from eval.scoring.window import reading_window

#: The schema's ClassLabel names, in index order.
CONDITIONS = ("1a", "1b", "1c", "1d", "2a", "2b", "2c")
IMAGE_TYPES = ("typical", "exceptional")
LABELS = ("no", "yes")

EMPTY = "empty"  # no letters at all: whitespace, punctuation, markdown, digits
NOT_YES_NO = "not_yes_no"  # the first word is something else ("The", "Yeah", "I")

#: A run of letters of any script (no digits, no underscore).
_WORD = re.compile(r"[^\W\d_]+")
#: Words before a name that make it a verb ("it does", "what does"), and after it ("does not").
_SUBJECTS = frozenset({"it", "this", "that", "which", "who", "what", "he", "she", "one", "so", "nor"})
_VERB_FOLLOWERS = frozenset({"not", "it", "this", "that", "he", "she", "they", "you", "we"})

#: Effects as (minuend, subtrahend) conditions, grouped as the paper discusses them.
EFFECTS: dict[str, tuple[tuple[str, str], ...]] = {
    "congruency": (("1a", "1b"), ("1c", "1d")),
    "semantic_prior": (("2a", "2b"),),
    "naming_rescue": (("2c", "2b"),),
    "concept_minus_instance": (("1a", "2a"), ("1b", "2b"), ("1c", "2c")),
}


@dataclasses.dataclass(frozen=True)
class YesNo:
    """`answer` is "yes", "no" or None; `status` is the answer, or why there is none; `word` as read."""

    answer: str | None
    status: str
    word: str


def parse_yes_no(reply: str) -> YesNo:
    """The reply's first word (its first run of letters) as yes or no.

    >>> parse_yes_no("Yes—it does.").answer, parse_yes_no("(Yes)").answer, parse_yes_no('**No**.').answer
    ('yes', 'yes', 'no')
    >>> parse_yes_no("The answer is no.").status, parse_yes_no("  ").status
    ('not_yes_no', 'empty')
    """
    found = _WORD.search(reply or "")
    if found is None:
        return YesNo(None, EMPTY, "")
    word = found.group().casefold()
    if word in ("yes", "no"):
        return YesNo(word, word, word)
    return YesNo(None, NOT_YES_NO, word)


def names(reply: str, name: str) -> bool:
    """Whether the reply names `name` as a noun: the whole name, not part of a word or a compound.

    Spacing and hyphens inside the name are free and case is folded. A match followed by a
    hyphen and a word modifies another noun ("fawn-coloured", "deer-like"), and one after a
    subject or before "not" is a verb ("it does not", "what does"): neither names the object.

    >>> names("It is a digital alarm clock.", "clock"), names("A digital-clock", "digital clock")
    (True, True)
    >>> names("A clockwork toy", "clock"), names("It does not have antlers.", "does")
    (False, False)
    >>> names("A fawn-coloured dog", "fawn"), names("Two does and a fawn.", "does")
    (False, True)
    """
    parts = [re.escape(part) for part in re.split(r"[\s-]+", name.casefold().strip()) if part]
    if not parts:
        return False
    text = (reply or "").casefold()
    pattern = re.compile(r"(?<!\w)" + r"[\s-]+".join(parts) + r"(?!\w|-\w)")
    return any(_as_noun(text, match) for match in pattern.finditer(text))


def _as_noun(text: str, match: re.Match[str]) -> bool:
    after = _WORD.search(text, match.end())
    if _word_before(text, match.start()) in _SUBJECTS:
        return False
    return not (after is not None and after.group() in _VERB_FOLLOWERS)


def _word_before(text: str, end: int) -> str:
    """The last word of `text[:end]`, read backwards: each match scans only the gap before it."""
    stop = end
    while stop > 0 and not _WORD.match(text, stop - 1, stop):
        stop -= 1
    start = stop
    while start > 0 and _WORD.match(text, start - 1, start):
        start -= 1
    return text[start:stop]


@dataclasses.dataclass(frozen=True)
class VisageGraded:
    """One row's reply, graded; recognition rows have no condition and no label."""

    id: str
    tuple_id: str
    category: str
    image_type: str
    condition: str | None
    label: str | None
    answer: str | None
    status: str
    recognised: bool | None = None
    category_named: bool | None = None
    #: The exception's name states the violation; None for rows of builds without the column.
    name_reveals: bool | None = None

    @property
    def correct(self) -> bool:
        if self.condition is None:
            return bool(self.recognised)
        return self.answer is not None and self.answer == self.label

    @property
    def parsed(self) -> bool:
        return self.condition is None or self.answer is not None

    def to_record(self) -> dict[str, Any]:
        """JSON form for lmms-eval's aggregations and samples log (the report's reader keys it by `ID`)."""
        return {"ID": self.id, **dataclasses.asdict(self)}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> VisageGraded:
        """The graded row back from its record (records of older logs lack `name_reveals`)."""
        return cls(
            **{field.name: record[field.name] for field in dataclasses.fields(cls) if field.name in record}
        )


def grade(row: Mapping[str, Any], reply: str) -> VisageGraded:
    """Grade one reply against a row of the VISaGE schema (class labels as names or indices); a long
    reply is read in its `reading_window`."""
    reply = reading_window(reply or "")
    condition = _name(row.get("condition"), CONDITIONS)
    common = {
        "id": row["id"],
        "tuple_id": row["tuple_id"],
        "category": row["category"],
        "image_type": _name(row["image_type"], IMAGE_TYPES) or "",
        "name_reveals": row.get("name_reveals"),
    }
    if condition is None:
        accepted = list(row.get("answers") or [])
        recognised = any(names(reply, name) for name in accepted)
        category = recognised or any(names(reply, row[c]) for c in ("category", "category_pl"))
        return VisageGraded(
            **common,
            condition=None,
            label=None,
            answer=None,
            status="recognised" if recognised else "not_recognised",
            recognised=recognised,
            category_named=category,
        )
    parsed = parse_yes_no(reply)
    return VisageGraded(
        **common,
        condition=condition,
        label=_name(row["label"], LABELS),
        answer=parsed.answer,
        status=parsed.status,
    )


def _name(value: int | str | None, names_: tuple[str, ...]) -> str | None:
    return names_[value] if isinstance(value, int) else value


def _rate(items: Sequence[Any], test: Callable[[Any], bool]) -> Any:
    return rate(items, test)


def accuracy_by_condition(graded: Iterable[VisageGraded]) -> dict[str, float | None]:
    """Accuracy of each condition 1a-2c (None when a condition has no rows).

    >>> rows = [VisageGraded("r1", "t", "lion", "typical", "1a", "yes", "yes", "yes"),
    ...         VisageGraded("r2", "t", "lion", "exceptional", "1b", "yes", "no", "no")]
    >>> found = accuracy_by_condition(rows)
    >>> found["1a"], found["1b"], found["2c"]
    (1.0, 0.0, None)
    """
    by: dict[str, list[VisageGraded]] = defaultdict(list)
    for row in graded:
        if row.condition is not None:
            by[row.condition].append(row)
    return {code: _rate(by[code], lambda r: r.correct) for code in CONDITIONS}


def effects(accuracy: Mapping[str, float | None]) -> dict[str, dict[str, float | None]]:
    """The paper's condition differences from per-condition accuracies.

    >>> smolvlm2 = {"1a": .8657, "1b": .4372, "1c": .6833, "1d": .5340, "2a": .8513, "2b": .6540, "2c": .6677}
    >>> {k: round(v, 4) for k, v in effects(smolvlm2)["congruency"].items()}  # paper Table 2
    {'1a-1b': 0.4285, '1c-1d': 0.1493}
    """
    return {
        group: {f"{a}-{b}": difference(accuracy.get(a), accuracy.get(b)) for a, b in pairs}
        for group, pairs in EFFECTS.items()
    }


def summary(graded: Sequence[VisageGraded]) -> dict[str, Any]:
    """Accuracy, parse failures and effects of the condition rows among `graded`."""
    conditions = [row for row in graded if row.condition is not None]
    accuracy = accuracy_by_condition(conditions)
    counts: dict[str, list[VisageGraded]] = defaultdict(list)
    for row in conditions:
        counts[row.condition or ""].append(row)
    return {
        "condition_rows": len(conditions),
        "accuracy": _rate(conditions, lambda r: r.correct),
        "parse_failure_rate": _rate(conditions, lambda r: not r.parsed),
        "accuracy_by_condition": accuracy,
        "n_by_condition": {code: len(counts[code]) for code in CONDITIONS},
        "parse_failure_rate_by_condition": {
            code: _rate(counts[code], lambda r: not r.parsed) for code in CONDITIONS
        },
        "effects": effects(accuracy),
    }


def recognition(graded: Sequence[VisageGraded]) -> dict[str, Any] | None:
    """Recognition rates (exact name, and category level), overall and per image type; None without rows."""
    rows = [row for row in graded if row.condition is None]
    if not rows:
        return None

    def rates(found: Sequence[VisageGraded]) -> dict[str, Any]:
        return {
            "n": len(found),
            "accuracy": _rate(found, lambda r: bool(r.recognised)),
            "category_accuracy": _rate(found, lambda r: bool(r.category_named)),
        }

    by_category: dict[str, list[VisageGraded]] = defaultdict(list)
    for row in rows:
        by_category[row.category].append(row)
    return {
        **rates(rows),
        "by_image_type": {kind: rates([r for r in rows if r.image_type == kind]) for kind in IMAGE_TYPES},
        "by_category": {name: rates(found) for name, found in sorted(by_category.items())},
    }


def report(graded: Sequence[VisageGraded]) -> dict[str, Any]:
    """Every metric: the condition summary overall, per category and over the tuples whose name
    does not state the violation (`name_reveals_false`), failure reasons, recognition."""
    failures: dict[str, int] = defaultdict(int)
    by_category: dict[str, list[VisageGraded]] = defaultdict(list)
    for row in graded:
        if not row.parsed:
            failures[row.status] += 1
        if row.condition is not None:
            by_category[row.category].append(row)
    return {
        **summary(graded),
        "parse_failures": dict(sorted(failures.items())),
        "by_category": {name: summary(found) for name, found in sorted(by_category.items())},
        "name_reveals_false": summary([row for row in graded if row.name_reveals is False]),
        "recognition": recognition(graded),
    }


def grade_rows(
    rows: Iterable[Mapping[str, Any]], replies: Mapping[str, str], options: ScoreOptions
) -> list[VisageGraded]:
    """The graded rows that have a reply (keyed by the rows' `id`)."""
    return [grade(row, replies[row["id"]]) for row in rows if row["id"] in replies]


def aggregate(units: Sequence[VisageGraded], options: ScoreOptions) -> dict[str, Any]:
    return {"n": len(units), **report(units)}


def cluster(unit: VisageGraded) -> str:
    return unit.tuple_id


def blind_summary(
    seeing: Sequence[VisageGraded], blind: Sequence[VisageGraded], options: ScoreOptions
) -> dict[str, Any]:
    """Per condition, what the question alone gets (the semantic prior): accuracy, how often it says
    yes, and seeing minus blind accuracy on the rows answered both ways."""
    conditions = [row for row in blind if row.condition is not None]
    by_condition: dict[str, list[VisageGraded]] = defaultdict(list)
    for row in conditions:
        by_condition[row.condition or ""].append(row)
    both = paired(seeing, conditions, lambda row: row.id)
    seen = accuracy_by_condition(s for s, _ in both)
    unseen = accuracy_by_condition(b for _, b in both)
    return {
        "condition_rows": len(conditions),
        "accuracy": _rate(conditions, lambda r: r.correct),
        "parse_failure_rate": _rate(conditions, lambda r: not r.parsed),
        "accuracy_by_condition": accuracy_by_condition(conditions),
        "yes_rate_by_condition": {
            code: _rate(by_condition[code], lambda r: r.answer == "yes") for code in CONDITIONS
        },
        "seeing_minus_blind": {code: difference(seen[code], unseen[code]) for code in CONDITIONS},
        "recognition": recognition(blind),
    }


SCORER = Scorer(
    unit=VisageGraded,
    options=ScoreOptions,
    grade_rows=grade_rows,
    aggregate=aggregate,
    cluster=cluster,
    cluster_description="tuple (tuple_id): its typical and exceptional images, every condition",
    blind_summary=blind_summary,
    headline=(
        "accuracy",
        *(f"accuracy_by_condition.{code}" for code in CONDITIONS),
        *(f"effects.{group}.{a}-{b}" for group, pairs in EFFECTS.items() for a, b in pairs),
    ),
    correct=lambda unit, options: unit.correct,
)
