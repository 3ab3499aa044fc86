"""The judge grader of VLMBias (`--grader judge`): VLMEvalKit's `VLMBias` definition, with a judge we name.

Every reply is first read by VLMEvalKit's brace template (`vlmevalkit_compat`, in `grading.grade`);
only the rows it misses go to the judge, asked with VLMEvalKit's prompt until an answer reads as yes
or no, at most `ATTEMPTS` times. The judge is any OpenAI-compatible endpoint, reached through the
judge client IllusionBench+'s grader uses (`eval.scoring.judge`: its bounded calls,
retries and the key in `$ILLUSIONBENCH_JUDGE_API_KEY`). The score JSON's `judge` says who judged
(the model asked for, every model and fingerprint the endpoint reported), how many rows the template
decided and how many calls the judge answered, and each judged row's readings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from eval.scoring.judge import Judge
from eval.scoring.vlmbias.grading import JUDGE, Graded
from eval.scoring.vlmbias.vlmevalkit_compat import ATTEMPTS, PROMPT_VERSION, judge_prompt, read_vote


def judge_rows(graded: Sequence[Graded], truths: Mapping[str, str], judge: Judge) -> list[Graded]:
    """`graded` with the judge's readings: () for a template hit, else one reading per call.

    The rows the template missed are asked together, round by round: each round asks every row that
    has no yes or no yet, up to `ATTEMPTS` rounds. `truths` holds each row's ground truth by `ID`.

    Raises:
        JudgeError: a call failed (the judge client's one sentence).
    """
    calls: dict[str, list[Any]] = {row.ID: [] for row in graded if not row.template_correct}
    readings = {row.ID: row.template_answer or "" for row in graded}
    for _ in range(ATTEMPTS):
        asking = [row_id for row_id, answers in calls.items() if not answers or answers[-1][0] is None]
        if not asking:
            break
        answers = judge.ask_all([judge_prompt(readings[row_id], truths[row_id]) for row_id in asking])
        for row_id, answer in zip(asking, answers, strict=True):
            calls[row_id].append((read_vote(answer.text), answer.model, answer.fingerprint))
    return [
        dataclasses.replace(
            row,
            judge_votes=tuple(vote for vote, _, _ in calls.get(row.ID, ())),
            judge_models=tuple(model for _, model, _ in calls.get(row.ID, ())),
            judge_fingerprints=tuple(print_ for _, _, print_ in calls.get(row.ID, ())),
        )
        for row in graded
    ]


def graded_by(graded: Sequence[Graded], identity: Mapping[str, Any]) -> dict[str, Any]:
    """The judge's part of a score JSON: who judged, what the template decided and the judge's
    readings of each row it was asked about, by row id. `identity` is the judge's
    (`Judge.identity`) without its votes per reply: this grader asks until a verdict instead."""
    asked = [row for row in graded if row.judge_votes]
    return {
        **{key: value for key, value in identity.items() if key != "votes"},
        "attempts": ATTEMPTS,
        "prompt": PROMPT_VERSION,
        "reported_models": sorted({model for row in asked for model in row.judge_models if model}),
        "system_fingerprints": sorted({each for row in asked for each in row.judge_fingerprints if each}),
        "template_hits": sum(bool(row.template_correct) for row in graded),
        "judged_rows": len(asked),
        "calls": sum(len(row.judge_votes or ()) for row in asked),
        "no_verdict": sum(not row.parsed_under(JUDGE) for row in asked),
        "rows": {
            row.ID: {
                "reading": row.template_answer,
                "votes": list(row.judge_votes or ()),
                "correct": row.correct_under(JUDGE),
                "models": sorted(set(row.judge_models)),
            }
            for row in asked
        },
    }
