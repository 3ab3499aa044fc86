"""Grade one reply against one dataset row: the `Graded` record every metric is computed from.

Each reply is read by both parsers at once: our strict one (`eval.scoring.vlmbias.answers`) and lmms-eval
0.7.3's `vlms_are_biased` rules (`eval.scoring.vlmbias.lmms_eval_compat`), so one predictions file gives
either parser's numbers. It is also read by VLMEvalKit's brace template
(`eval.scoring.vlmbias.vlmevalkit_compat`), whose misses the judge grader sends to a judge
(`eval.scoring.vlmbias.judging`); a record the judge grader made carries the judge's readings, so it
gives that grader's numbers too.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from eval.scoring.vlmbias.answers import (
    ANSWER_TYPES,
    AnswerKind,
    ParsedAnswer,
    canonical_answer,
    infer_answer_type,
    parse_answer,
)
from eval.scoring.vlmbias.lmms_eval_compat import verdict
from eval.scoring.vlmbias.vlmevalkit_compat import YES, read_template

ILLUSION_TOPIC = "Optical Illusion"
PARSERS = ("strict", "lmms-eval")
#: The grader that reads with VLMEvalKit's template and asks a judge where it misses.
JUDGE = "judge"
_RESOLUTION = re.compile(r"_px\d+$")


@dataclasses.dataclass(frozen=True)
class Graded:
    """The outcome of one row: its grouping fields, the parsed answer, and how it compares.

    `bias_aligned` is None when the row names no expected bias (the `original` split), so bias rates
    are computed over the rows that have one. The `lmms_eval_*` fields are lmms-eval's reading of the
    same reply, the `template_*` fields VLMEvalKit's template's (None in records logged before they
    existed); `image_id` names the row's image. `judge_votes` is None unless the judge grader graded
    the row: then () for a template hit, else the judge's reading of each answer ("yes", "no", None
    for neither), with the model and system fingerprint the endpoint reported for each.
    """

    ID: str
    topic: str
    sub_topic: str
    pixel: int
    type_of_question: str
    is_counterfactual: bool
    answer: ParsedAnswer
    correct: bool
    bias_aligned: bool | None
    image_id: str = ""
    lmms_eval_answer: str | None = None
    lmms_eval_correct: bool | None = None
    lmms_eval_bias_aligned: bool | None = None
    template_answer: str | None = None
    template_correct: bool | None = None
    template_bias_aligned: bool | None = None
    judge_votes: tuple[str | None, ...] | None = None
    judge_models: tuple[str, ...] = ()
    judge_fingerprints: tuple[str, ...] = ()

    @property
    def drawing(self) -> str:
        """The image at every resolution (`<stem>_notitle_px384` -> `<stem>_notitle`): the cluster its
        rows are resampled by, as the three sizes of one drawing ask one question; the row id when the
        record names no image."""
        return _RESOLUTION.sub("", self.image_id) if self.image_id else self.ID

    def answer_under(self, parser: str) -> str | None:
        """The answer as `parser` (or the judge grader: the template's reading) reads it (None: unparsed)."""
        if parser == JUDGE:
            return self.template_answer
        return self.lmms_eval_answer if parser == "lmms-eval" else self.answer.value

    def correct_under(self, parser: str) -> bool:
        if parser == JUDGE:
            return bool(self.template_correct) or self._judged() == YES
        return bool(self.lmms_eval_correct) if parser == "lmms-eval" else self.correct

    def parsed_under(self, parser: str) -> bool:
        """lmms-eval reads every reply as an answer; the strict parser may not; under the judge grader a
        reply is unparsed when neither the template nor any of the judge's answers gave a verdict."""
        if parser == JUDGE:
            return bool(self.template_correct) or self._judged() is not None
        return parser == "lmms-eval" or self.answer.parsed

    def bias_aligned_under(self, parser: str) -> bool | None:
        """Whether the answer is the expected bias; lmms-eval also compares rows without one (with "none");
        the judge grader compares the template's reading (VLMEvalKit's `VLMBias` has no bias rate)."""
        if parser == JUDGE:
            return self.template_bias_aligned
        return bool(self.lmms_eval_bias_aligned) if parser == "lmms-eval" else self.bias_aligned

    def _judged(self) -> str | None:
        """The judge's verdict: its last answer's reading (it is asked until one reads as yes or no)."""
        return self.judge_votes[-1] if self.judge_votes else None

    def to_record(self) -> dict[str, Any]:
        """A JSON-safe dict (lmms-eval passes per-sample records through its logs)."""
        record = dataclasses.asdict(self)
        record["answer"] = {**record["answer"], "kind": self.answer.kind.value}
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Graded:
        """Inverse of `to_record`."""
        answer = dict(record["answer"])
        span = answer["span"]
        parsed = ParsedAnswer(
            answer["value"], AnswerKind(answer["kind"]), answer["raw"], None if span is None else tuple(span)
        )
        judged = {
            key: tuple(record[key])
            for key in ("judge_votes", "judge_models", "judge_fingerprints")
            if record.get(key) is not None
        }
        return cls(**{**record, "answer": parsed, **judged})


def grade(row: Mapping[str, Any], response: str) -> Graded:
    """Parse `response` as the row's answer type and compare it with the row's truth and bias.

    `row` needs `ID`, `topic`, `sub_topic`, `pixel`, `type_of_question`, `ground_truth` and
    `expected_bias` (the released columns); `answer_type`, `is_counterfactual` and `modification`
    are used when present.

    >>> row = {"ID": "q1", "topic": "Game Boards", "sub_topic": "Go Grid", "pixel": 384,
    ...        "type_of_question": "Q1", "ground_truth": "18", "expected_bias": "19"}
    >>> g = grade(row, "I count {19} lines.")
    >>> g.correct, g.bias_aligned, g.answer.value
    (False, True, '19')
    """
    kind = _answer_kind(row)
    answer = parse_answer(response, kind)
    truth = canonical_answer(str(row["ground_truth"]), kind)
    expected_bias = row.get("expected_bias")
    bias = canonical_answer(str(expected_bias), kind) if expected_bias not in (None, "") else None
    lmms_eval = verdict(row, response) if isinstance(response, str) else None
    template = read_template(row, response) if isinstance(response, str) else None
    return Graded(
        ID=str(row["ID"]),
        topic=str(row["topic"]),
        sub_topic=str(row["sub_topic"]),
        pixel=int(row["pixel"]),
        type_of_question=str(row["type_of_question"]),
        is_counterfactual=_is_counterfactual(row),
        answer=answer,
        correct=answer.parsed and answer.value == truth,
        bias_aligned=None if bias is None else answer.parsed and answer.value == bias,
        image_id=str(row.get("image_id") or ""),
        lmms_eval_answer=None if lmms_eval is None else lmms_eval.answer,
        lmms_eval_correct=None if lmms_eval is None else lmms_eval.correct,
        lmms_eval_bias_aligned=None if lmms_eval is None else lmms_eval.bias_aligned,
        template_answer=None if template is None else template.answer,
        template_correct=None if template is None else template.hit,
        template_bias_aligned=None if template is None else template.bias_aligned,
    )


def _answer_kind(row: Mapping[str, Any]) -> AnswerKind:
    """The row's `answer_type` (a class-label index or name), inferred from the truth when absent."""
    label = row.get("answer_type")
    if label is None:
        return infer_answer_type(str(row["ground_truth"]))
    return ANSWER_TYPES[label] if isinstance(label, int) else AnswerKind(label)


def _is_counterfactual(row: Mapping[str, Any]) -> bool:
    """Whether the row's image was modified. `modification == "none"` or `is_counterfactual` false
    says it was not (unmodified illusions sit in `main`); rows with neither column (the released
    data) follow the paper: unmodified images name no expected bias, except illusion originals, whose
    ground truth is "Yes"."""
    if row.get("modification") == "none":
        return False
    flag = row.get("is_counterfactual")
    if flag is not None:
        return bool(flag)
    if row.get("expected_bias") in (None, ""):
        return False
    return not (row["topic"] == ILLUSION_TOPIC and str(row["ground_truth"]).strip().casefold() == "yes")
