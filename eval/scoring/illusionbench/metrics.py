"""IllusionBench+ metrics over graded true/false and multiple-choice rows, under either parser.

Every row is graded by both parsers at once (`strict` and `lmms-eval`), so a report can show their
accuracies side by side; `parser` picks which one the headline numbers use. Definitions (paper
Sec. III-B and Appendix A2):

- accuracy: correct answers over graded rows, per question type, category and difficulty; an
  unparsed reply is wrong and counted in the parse-failure rate;
- false-positive ratio R_FP = FP / (FP + FN) over true/false errors, FP = "True" for a false
  statement, FN = "False" for a true one (0.5 is unbiased, near 1 a bias towards "True");
  unparsed replies are errors of neither kind.

Rows read from Parquet without `datasets` carry class labels as indices; names work too.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from eval.scoring.bootstrap import rate
from eval.scoring.illusionbench import lmms_eval_compat, strict

#: The schema's ClassLabel names, in index order (rows read without `datasets` carry the index).
CATEGORIES = ("classic", "real_scene", "no_illusion", "ishihara", "trap")
DIFFICULTIES = ("easy", "neutral", "hard")
QUESTION_TYPES = ("tf", "mc", "semantic", "illusion")
PARSERS = ("strict", "lmms-eval")
#: The rates reported for both parsers side by side, overall and per category and difficulty.
HEADLINE = ("accuracy", "tf_accuracy", "mc_accuracy", "fp_ratio", "parse_failure_rate")
#: Our question types as lmms-eval's task names them.
_LMMS_EVAL_TYPES = {"tf": "TF", "mc": "select"}
_ALIASES = {"TF": "tf", "select": "mc", "MC": "mc"}


def name(value: int | str, names: Sequence[str]) -> str:
    """A class label as its name, whether it arrives as an index or a name.

    >>> name(1, QUESTION_TYPES), name("tf", QUESTION_TYPES)
    ('mc', 'tf')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return names[value]
    return str(value)


def question_type_name(value: int | str) -> str:
    """ "tf" or "mc" (or a description type) from an index, our name or the release's ("TF", "select")."""
    text = name(value, QUESTION_TYPES)
    text = _ALIASES.get(text, text)
    if text not in QUESTION_TYPES:
        raise ValueError(f"unknown question type {value!r}; expected one of {QUESTION_TYPES}")
    return text


def is_correct(question_type: int | str, answer: str, reply: str, *, parser: str = "strict") -> bool:
    """Whether `reply` answers a true/false or multiple-choice question whose gold is `answer`.

    `parser="strict"` reads the verdict or option the reply commits to (unparsed is wrong);
    `parser="lmms-eval"` reproduces lmms-eval 0.7.3's `illusionbench` task.

    >>> is_correct("tf", "False", "The statement is false."), is_correct("mc", "Option ii", "ii")
    (True, True)
    >>> is_correct("tf", "False", "The statement is false.", parser="lmms-eval")
    False
    """
    kind = question_type_name(question_type)
    if kind not in _LMMS_EVAL_TYPES:
        raise ValueError(f"{kind!r} rows are open-ended; score them with the description judge")
    if parser == "lmms-eval":
        return lmms_eval_compat.is_correct(_LMMS_EVAL_TYPES[kind], answer, reply)
    if parser != "strict":
        raise ValueError(f"unknown parser {parser!r}; choose from {PARSERS}")
    gold, reading = _strict(kind, answer, reply)
    return gold is not None and reading.value == gold


def _strict(kind: str, answer: str, reply: str) -> tuple[str | None, strict.Reading]:
    if kind == "tf":
        return strict.gold_true_false(answer), strict.read_true_false(reply)
    return strict.gold_option(answer), strict.read_option(reply)


@dataclasses.dataclass(frozen=True)
class Graded:
    """One row's reply read by both parsers, with the row facts the breakdowns group by."""

    id: str
    image_id: str
    category: str
    difficulty: str
    question_type: str  # "tf" or "mc"
    gold: str | None  # the strict reading of the answer column; None if it does not read
    reading: str | None  # the strict reading of the reply
    status: str  # why `reading` is None, or "parsed"
    lmms_eval_gold: str
    lmms_eval_reading: str

    def correct(self, parser: str = "strict") -> bool:
        if parser == "lmms-eval":
            return self.lmms_eval_reading == self.lmms_eval_gold
        return self.gold is not None and self.reading == self.gold

    def parsed(self, parser: str = "strict") -> bool:
        if parser == "lmms-eval":
            allowed = ("true", "false") if self.question_type == "tf" else strict.OPTIONS
            return self.lmms_eval_reading in allowed
        return self.reading is not None

    def said_true(self, parser: str = "strict") -> bool | None:
        """For true/false rows: whether the reply read as "true" (None if it did not parse)."""
        reading = self.lmms_eval_reading if parser == "lmms-eval" else self.reading
        return None if reading not in ("true", "false") else reading == "true"

    def to_record(self) -> dict[str, Any]:
        """JSON form for lmms-eval's aggregation and samples log (`ID` lets `eval.predictions` find it)."""
        return {"ID": self.id, **dataclasses.asdict(self)}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Graded:
        return cls(**{field.name: record[field.name] for field in dataclasses.fields(cls)})


def grade(row: dict[str, Any], reply: str) -> Graded:
    """Grade one reply against a true/false or multiple-choice row of the IllusionBench+ schema."""
    kind = question_type_name(row["question_type"])
    answer = str(row["answer"])
    gold, reading = _strict(kind, answer, reply)
    lmms_type = _LMMS_EVAL_TYPES[kind]
    return Graded(
        id=row["id"],
        image_id=row["image_id"],
        category=name(row["category"], CATEGORIES),
        difficulty=name(row["difficulty"], DIFFICULTIES),
        question_type=kind,
        gold=gold,
        reading=reading.value,
        status=reading.status,
        lmms_eval_gold=lmms_eval_compat.gold_reading(lmms_type, answer),
        lmms_eval_reading=(
            lmms_eval_compat.tf_reading(reply) if kind == "tf" else lmms_eval_compat.mc_reading(reply)
        ),
    )


def _rate(items: Sequence[Graded], test: Callable[[Graded], bool]) -> Any:
    return rate(items, test)


def fp_ratio(graded: Iterable[Graded], parser: str = "strict") -> tuple[int, int, Any]:
    """(FP, FN, FP / (FP + FN)) over the true/false rows; the ratio is None without errors.

    >>> rows = [Graded("a", "x", "trap", "hard", "tf", "false", "true", "parsed", "false", "true")]
    >>> fp_ratio(rows)
    (1, 0, 1.0)
    """
    errors = [
        row
        for row in graded
        if row.question_type == "tf" and row.said_true(parser) is not None and not row.correct(parser)
    ]
    fp = sum(1 for row in errors if row.said_true(parser))
    return fp, len(errors) - fp, _rate(errors, lambda row: bool(row.said_true(parser)))


def summary(graded: Sequence[Graded], parser: str = "strict") -> dict[str, Any]:
    """Accuracy overall and per question type, the FP ratio and the parse-failure rate of some rows."""
    tf = [row for row in graded if row.question_type == "tf"]
    mc = [row for row in graded if row.question_type == "mc"]
    fp, fn, ratio = fp_ratio(tf, parser)
    return {
        "n": len(graded),
        "accuracy": _rate(graded, lambda row: row.correct(parser)),
        "tf_n": len(tf),
        "tf_accuracy": _rate(tf, lambda row: row.correct(parser)),
        "mc_n": len(mc),
        "mc_accuracy": _rate(mc, lambda row: row.correct(parser)),
        "fp": fp,
        "fn": fn,
        "fp_ratio": ratio,
        "parse_failure_rate": _rate(graded, lambda row: not row.parsed(parser)),
    }


def report(graded: Sequence[Graded], parser: str = "strict") -> dict[str, Any]:
    """Every metric of one set of rows under `parser`, with both parsers' headline numbers side by side."""
    if parser not in PARSERS:
        raise ValueError(f"unknown parser {parser!r}; choose from {PARSERS}")
    failures = Counter(
        row.status if parser == "strict" else row.lmms_eval_reading or "empty"
        for row in graded
        if not row.parsed(parser)
    )
    return {
        "parser": parser,
        **summary(graded, parser),
        "parse_failures": dict(sorted(failures.items())),
        "by_category": _grouped(graded, lambda row: row.category, CATEGORIES, parser),
        "by_difficulty": _grouped(graded, lambda row: row.difficulty, DIFFICULTIES, parser),
        "parsers": side_by_side(graded),
        "parsers_disagree": sum(row.correct("strict") != row.correct("lmms-eval") for row in graded),
        "gold_unreadable": [row.id for row in graded if row.gold is None],
    }


def side_by_side(graded: Sequence[Graded]) -> dict[str, dict[str, Any]]:
    """The headline rates of some rows under each parser."""
    return {
        each: {key: value for key, value in summary(graded, each).items() if key in HEADLINE}
        for each in PARSERS
    }


def _grouped(
    graded: Sequence[Graded], key: Callable[[Graded], str], order: Sequence[str], parser: str
) -> dict[str, dict[str, Any]]:
    """A summary per group under `parser`, each with both parsers' headline rates beside it."""
    groups: dict[str, list[Graded]] = defaultdict(list)
    for row in graded:
        groups[key(row)].append(row)
    return {
        group: {**summary(groups[group], parser), "parsers": side_by_side(groups[group])}
        for group in order
        if group in groups
    }
