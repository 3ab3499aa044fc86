"""IllusionBench+ per-row outcomes (`Graded`) and the metrics aggregated over them, under any grader.

Every reply is read by both parsers at once (`strict` and `lmms-eval`) and, when a judge graded it,
carries the judge's votes, so one set of outcomes gives every grader's numbers side by side;
`grader` picks which one the headline numbers use. Definitions (paper Sec. III-B, Appendices A2
and B):

- accuracy: correct answers over graded rows, per question type, category and difficulty; an
  unparsed reply is wrong and counted in the parse-failure rate; under the judge a reply is
  correct when more than half its votes say so (3 of the paper's 5), or when a person who reviewed
  the verdict says so (`review`: the person's verdict replaces the judge's);
- false-positive ratio R_FP = FP / (FP + FN) over true/false errors, FP = "True" for a false
  statement, FN = "False" for a true one (0.5 is unbiased, near 1 a bias towards "True");
  unparsed replies are errors of neither kind; under the judge every error on a false statement
  is FP and every error on a true one FN, as the paper counted them;
- circular runs (`circular`) add each multiple-choice question's rotations as outcomes of their
  own: the plain metrics use rotation 0 only, `circular.circular_report` the rest.

Rows read from Parquet without `datasets` carry class labels as indices; names work too.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from builders.illusionbench.columns import question_kind
from eval.scoring.bootstrap import rate
from eval.scoring.illusionbench import lmms_eval_compat, strict
from eval.scoring.window import reading_window

#: The schema's ClassLabel names, in index order (rows read without `datasets` carry the index).
CATEGORIES = ("classic", "real_scene", "no_illusion", "ishihara", "trap")
DIFFICULTIES = ("easy", "neutral", "hard")
QUESTION_TYPES = ("tf", "mc", "semantic", "illusion")
PARSERS = ("strict", "lmms-eval")
JUDGE = "judge"
GRADERS = (*PARSERS, JUDGE)
#: The rates reported for every grader side by side, overall and per category and difficulty.
HEADLINE = ("accuracy", "tf_accuracy", "mc_accuracy", "fp_ratio", "parse_failure_rate")
#: Our question types as the release (and lmms-eval's task) names them.
_LMMS_EVAL_TYPES = {"tf": "TF", "mc": "select"}


def name(value: int | str, names: Sequence[str]) -> str:
    """A class label as its name, whether it arrives as an index or a name.

    >>> name(1, QUESTION_TYPES), name("tf", QUESTION_TYPES)
    ('mc', 'tf')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return names[value]
    return str(value)


def question_type_name(value: int | str) -> str:
    """ "tf" or "mc" (or a description type) from an index, our name or any spelling the release uses
    ("TF", "select", "Select", "MC", "T/F", ...).

    >>> question_type_name(0), question_type_name("Select"), question_type_name("T/F")
    ('tf', 'mc', 'tf')
    """
    text = name(value, QUESTION_TYPES)
    if text in QUESTION_TYPES:
        return text
    kind = question_kind(text)
    if kind is None:
        raise ValueError(
            f"unknown question type {value!r}; expected one of {QUESTION_TYPES} or the release's"
        )
    return kind


def lmms_eval_type(question_type: int | str, source: str | None = None) -> str:
    """The question type lmms-eval's task branches on, exactly as it would read it: the release's own
    string (`source`, a row's `source_question_type`; or a type written in the release's spelling),
    else our type's name in the release ("TF", "select") for a class index or our own name.

    lmms-eval reads a question as true/false only when this is exactly "TF", so a release row typed
    "tf", "Select" or "MC" is multiple choice to it (`lmms_eval_compat`). A row without the source
    column whose type is our own "tf" is ours: true/false.

    >>> lmms_eval_type(0), lmms_eval_type("tf"), lmms_eval_type("tf", "tf"), lmms_eval_type("Select")
    ('TF', 'TF', 'tf', 'Select')
    """
    if source:
        return source
    if isinstance(question_type, str) and question_type not in QUESTION_TYPES:
        question_type_name(question_type)  # refuses a type that is no question type at all
        return question_type
    return _LMMS_EVAL_TYPES[question_type_name(question_type)]


def is_correct(
    question_type: int | str,
    answer: str,
    reply: str,
    *,
    parser: str = "strict",
    options: Sequence[str] = (),
) -> bool:
    """Whether `reply` answers a true/false or multiple-choice question of our schema whose gold is `answer`.

    `parser="strict"` reads the verdict or option the reply commits to (unparsed is wrong; a gold
    written as option text resolves through `options`); `parser="lmms-eval"` reproduces lmms-eval
    0.7.3's `illusionbench` task, branching on `lmms_eval_type(question_type)`: our "tf" is its "TF"
    and our "mc" its "select", and a type in the release's spelling ("Select", "MC", "T/F") is taken
    as written, as lmms-eval takes it.

    >>> is_correct("tf", "False", "The statement is false."), is_correct("mc", "Option ii", "ii")
    (True, True)
    >>> is_correct("tf", "False", "The statement is false.", parser="lmms-eval")
    False
    """
    kind = question_type_name(question_type)
    if kind not in _LMMS_EVAL_TYPES:
        raise ValueError(f"{kind!r} rows are open-ended; score them with the description judge")
    if parser == "lmms-eval":
        return lmms_eval_compat.is_correct(lmms_eval_type(question_type), answer, reply)
    if parser != "strict":
        raise ValueError(f"unknown parser {parser!r}; choose from {PARSERS}")
    gold, reading = _strict(kind, answer, reply, options)
    return gold is not None and reading.value == gold


def _strict(kind: str, answer: str, reply: str, options: Sequence[str]) -> tuple[str | None, strict.Reading]:
    if kind == "tf":
        return strict.gold_true_false(answer), strict.read_true_false(reply)
    return strict.gold_option(answer, options), strict.read_option(reply)


def majority(votes: Sequence[int | None]) -> bool:
    """The judge's verdict: more than half the votes say correct (1); unparsed votes count against.

    >>> majority((1, 1, 0, None, 1)), majority((1, 1, 0, 0, None)), majority(())
    (True, False, False)
    """
    return sum(vote == 1 for vote in votes) * 2 > len(votes)


@dataclasses.dataclass(frozen=True)
class Graded:
    """One reply's outcome: the row facts breakdowns group by, each parser's reading, the judge's votes."""

    id: str  # the row's id; a rotation's reply: "<row id>#r<k>"
    image_id: str
    category: str
    difficulty: str
    question_type: str  # "tf" or "mc"
    gold: str | None  # the strict reading of the answer column; None if it does not read
    reading: str | None  # the strict reading of the reply
    status: str  # why `reading` is None, or "parsed"
    lmms_eval_type: str  # the type lmms-eval's task branches on ("TF" is true/false, anything else options)
    lmms_eval_gold: str
    lmms_eval_reading: str
    rotation: int = 0  # which rotation of the options was asked (circular runs)
    rotations: int = 1  # how many rotations of this row were asked: 4 in a circular run, else 1
    judge_votes: tuple[int | None, ...] = ()  # 1 correct, 0 incorrect, None unparsed; () if not judged
    judge_models: tuple[str, ...] = ()  # the model the endpoint reported for each vote
    judge_fingerprints: tuple[str, ...] = ()  # and its system fingerprint ("" when it gave none)
    reviewed: bool | None = None  # a person's verdict on the judged reply (`review`); None: not reviewed

    @property
    def judged_correct(self) -> bool:
        """The judge's own verdict: the majority of its votes, whatever a person made of it."""
        return majority(self.judge_votes)

    def correct(self, grader: str = "strict") -> bool:
        if grader == JUDGE:  # the paper's protocol: the judge's verdict, a person's where reviewed
            return self.judged_correct if self.reviewed is None else self.reviewed
        if grader == "lmms-eval":
            return self.lmms_eval_reading == self.lmms_eval_gold
        return self.gold is not None and self.reading == self.gold

    def parsed(self, grader: str = "strict") -> bool:
        if grader == JUDGE:
            return self.reviewed is not None or any(vote is not None for vote in self.judge_votes)
        if grader == "lmms-eval":
            allowed = ("true", "false") if self.lmms_eval_type == "TF" else strict.OPTIONS
            return self.lmms_eval_reading in allowed
        return self.reading is not None

    def said_true(self, grader: str = "strict") -> bool | None:
        """For true/false rows: whether the reply said "true" (None if unknown).

        Under the judge only errors tell: a wrong reply to a false statement said "true".
        """
        if grader == JUDGE:
            wrong = not self.correct(JUDGE)
            return None if self.gold is None or not wrong else self.gold == "false"
        reading = self.lmms_eval_reading if grader == "lmms-eval" else self.reading
        return None if reading not in ("true", "false") else reading == "true"

    def to_record(self) -> dict[str, Any]:
        """JSON form for lmms-eval's aggregation and samples log (`ID` lets `eval.predictions` find it)."""
        return {"ID": self.id, **dataclasses.asdict(self)}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Graded:
        fields = {field.name: record[field.name] for field in dataclasses.fields(cls) if field.name in record}
        fields.setdefault("lmms_eval_type", _LMMS_EVAL_TYPES[record["question_type"]])  # logs before it
        for key in ("judge_votes", "judge_models", "judge_fingerprints"):
            fields[key] = tuple(fields.get(key, ()))
        return cls(**fields)


def grade(row: dict[str, Any], reply: str) -> Graded:
    """Grade one reply against a true/false or multiple-choice row of the IllusionBench+ schema.

    A circular run's rows carry `rotation` and `rotations` (`circular.expand`). lmms-eval's reading
    branches on `lmms_eval_type`: the row's `source_question_type` (the release's own string) when
    it has one, else its type as written.
    """
    kind = question_type_name(row["question_type"])
    answer = str(row["answer"])
    reply = reading_window(reply)
    gold, reading = _strict(kind, answer, reply, row.get("options") or ())
    lmms_type = lmms_eval_type(row["question_type"], row.get("source_question_type"))
    return Graded(
        id=row["id"],
        image_id=row["image_id"],
        category=name(row["category"], CATEGORIES),
        difficulty=name(row["difficulty"], DIFFICULTIES),
        question_type=kind,
        gold=gold,
        reading=reading.value,
        status=reading.status,
        lmms_eval_type=lmms_type,
        lmms_eval_gold=lmms_eval_compat.gold_reading(lmms_type, answer),
        lmms_eval_reading=lmms_eval_compat.reading(lmms_type, reply),
        rotation=int(row.get("rotation") or 0),
        rotations=int(row.get("rotations") or 1),
    )


def graders_of(graded: Iterable[Graded]) -> tuple[str, ...]:
    """The graders these outcomes can be read by: both parsers, and the judge when it voted on them."""
    graded = list(graded)
    judged = bool(graded) and all(row.judge_votes for row in graded)
    return GRADERS if judged else PARSERS


def _rate(items: Sequence[Graded], test: Callable[[Graded], bool]) -> Any:
    return rate(items, test)


def fp_ratio(graded: Iterable[Graded], grader: str = "strict") -> tuple[int, int, Any]:
    """(FP, FN, FP / (FP + FN)) over the true/false rows; the ratio is None without errors.

    >>> rows = [Graded("a", "x", "trap", "hard", "tf", "false", "true", "parsed", "TF", "false", "true")]
    >>> fp_ratio(rows)
    (1, 0, 1.0)
    """
    errors = [
        row
        for row in graded
        if row.question_type == "tf" and row.said_true(grader) is not None and not row.correct(grader)
    ]
    fp = sum(1 for row in errors if row.said_true(grader))
    return fp, len(errors) - fp, _rate(errors, lambda row: bool(row.said_true(grader)))


def summary(graded: Sequence[Graded], grader: str = "strict") -> dict[str, Any]:
    """Accuracy overall and per question type, the FP ratio and the parse-failure rate of some rows."""
    tf = [row for row in graded if row.question_type == "tf"]
    mc = [row for row in graded if row.question_type == "mc"]
    fp, fn, ratio = fp_ratio(tf, grader)
    return {
        "n": len(graded),
        "accuracy": _rate(graded, lambda row: row.correct(grader)),
        "tf_n": len(tf),
        "tf_accuracy": _rate(tf, lambda row: row.correct(grader)),
        "mc_n": len(mc),
        "mc_accuracy": _rate(mc, lambda row: row.correct(grader)),
        "fp": fp,
        "fn": fn,
        "fp_ratio": ratio,
        "parse_failure_rate": _rate(graded, lambda row: not row.parsed(grader)),
    }


def graders_for(graded: Sequence[Graded], grader: str) -> tuple[str, ...]:
    """The graders outcomes can be read by, once `grader` is known to be one of them.

    Raises:
        ValueError: an unknown grader, or the judge for outcomes it did not vote on.
    """
    if grader not in GRADERS:
        raise ValueError(f"unknown grader {grader!r}; choose from {GRADERS}")
    graders = graders_of(graded) if graded else (GRADERS if grader == JUDGE else PARSERS)
    if grader not in graders:
        raise ValueError(f"these outcomes were not graded by {grader!r}; they were by {graders}")
    return graders


def report(graded: Sequence[Graded], grader: str = "strict") -> dict[str, Any]:
    """Every plain metric of one set of outcomes under `grader`, with every grader's headline side by
    side: rotation 0 of each question (a circular run's rotations are `circular.circular_report`'s).
    """
    graders = graders_for(graded, grader)
    plain = [row for row in graded if row.rotation == 0]
    failures = Counter(_failure(row, grader) for row in plain if not row.parsed(grader))
    return {
        "grader": grader,
        **summary(plain, grader),
        "parse_failures": dict(sorted(failures.items())),
        "by_category": _grouped(plain, lambda row: row.category, CATEGORIES, grader, graders),
        "by_difficulty": _grouped(plain, lambda row: row.difficulty, DIFFICULTIES, grader, graders),
        "parsers": side_by_side(plain, graders),
        "parsers_disagree": sum(row.correct("strict") != row.correct("lmms-eval") for row in plain),
        "gold_unreadable": [row.id for row in plain if row.gold is None],
    }


def _failure(row: Graded, grader: str) -> str:
    if grader == JUDGE:
        return "no_vote_parsed"
    return row.status if grader == "strict" else row.lmms_eval_reading or "empty"


def side_by_side(graded: Sequence[Graded], graders: Sequence[str] = PARSERS) -> dict[str, dict[str, Any]]:
    """The headline rates of some rows under each grader."""
    return {
        each: {key: value for key, value in summary(graded, each).items() if key in HEADLINE}
        for each in graders
    }


def _grouped(
    graded: Sequence[Graded],
    key: Callable[[Graded], str],
    order: Sequence[str],
    grader: str,
    graders: Sequence[str],
) -> dict[str, dict[str, Any]]:
    """A summary per group under `grader`, each with every grader's headline rates beside it."""
    groups: dict[str, list[Graded]] = defaultdict(list)
    for row in graded:
        groups[key(row)].append(row)
    return {
        group: {**summary(groups[group], grader), "parsers": side_by_side(groups[group], graders)}
        for group in order
        if group in groups
    }
