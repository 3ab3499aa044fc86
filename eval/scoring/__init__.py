"""Answer parsing and metrics: pure functions, no lmms-eval import.

VLMBias (exported here): `parse_answer` reads one reply (rules in `eval.scoring.answers`), `grade`
compares it with a dataset row, and `report` turns graded rows into every metric (definitions in
`eval.scoring.metrics`). VI-Probe: `eval.scoring.answer_tag` reads `<answer>` tags and
`eval.scoring.viprobe` grades rows and computes the paired metrics. AIpsych:
`eval.scoring.aipsych` classifies each 4-prompt set and computes the release's rates and ReS.

Any family: `score_pairs(family, [(row, reply), ...])` (or `score_replies`) gives the JSON `python
-m eval score` writes, every metric with its 95 % interval (`eval.scoring.score`); harness adapters
call it rather than scoring themselves.
"""

from eval.scoring.answers import AnswerKind, ParsedAnswer, canonical_answer, infer_answer_type, parse_answer
from eval.scoring.grading import Graded, grade
from eval.scoring.metrics import (
    BREAKDOWN_FIELDS,
    Summary,
    accuracy,
    accuracy_breakdown,
    bias_aligned_rate,
    bias_aligned_share_of_wrong,
    breakdown,
    original_vs_counterfactual,
    parse_failure_rate,
    report,
    summarize,
    task_mean,
)
from eval.scoring.score import score_pairs, score_replies

__all__ = [
    "BREAKDOWN_FIELDS",
    "AnswerKind",
    "Graded",
    "ParsedAnswer",
    "Summary",
    "accuracy",
    "accuracy_breakdown",
    "bias_aligned_rate",
    "bias_aligned_share_of_wrong",
    "breakdown",
    "canonical_answer",
    "grade",
    "infer_answer_type",
    "original_vs_counterfactual",
    "parse_answer",
    "parse_failure_rate",
    "report",
    "score_pairs",
    "score_replies",
    "summarize",
    "task_mean",
]
