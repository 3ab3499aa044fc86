"""The paper's LLM-assisted grading of true/false and multiple-choice replies (Appendix B).

For each reply the judge (`judge.Judge`) gets the paper's prompt `votes` times (verbatim, with the
slip "correct (1) or incorrect (1)" of its true/false prompt kept; `[question]` is the row's
statement or its question with the options, `[answer]` the row's answer as written). Each answer
is one vote: 1 (correct) or 0 (incorrect) when it holds exactly one of those digits, else
unparsed. A reply is correct when more than half of its votes say 1: 3 or more of the paper's 5,
"the outcome that occurred three times or more" (`metrics.majority`).

The paper then re-checked by hand every reply its judge marked incorrect. `review` lists those,
and the replies on which the judge and the strict parser disagree, with the reply text, for that
check; a person's verdicts from it replace the judge's (`review.py`), and both are kept.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from eval.scoring.illusionbench.metrics import JUDGE, Graded
from eval.scoring.judge import Answer, Judge, warn_unread
from eval.scoring.window import reading_window

PROMPT_VERSION = "illusionbench-plus-appendix-b2"
TF_PROMPT = (
    "Given the question {question}, the correct answer is {answer}, and the respondent’s answer is {reply}. "
    "Determine if the respondent’s answer is correct (1) or incorrect (1). If the answers match(both ‘True’ "
    "or both ‘False’), output 1. Otherwise, output 0. Only return the result as a single digit."
)
MC_PROMPT = (
    "Given the question {question}, the correct answer is the option {answer}. The respondent’s answer is "
    "{reply}. Determine if the respondent’s answer is correct (1) or incorrect (0). If uncertain, also "
    "provide 0. Only return the result as a single digit."
)
_VOTE = re.compile(r"(?<![\d.])([01])(?!\d|\.\d)")


def verdict_prompt(question_type: str, question: str, answer: str, reply: str) -> str:
    """The paper's judge prompt for one true/false ("tf") or multiple-choice ("mc") reply.

    >>> verdict_prompt("tf", "The lines are equal.", "True", "Yes")[:70]
    'Given the question The lines are equal., the correct answer is True, a'
    """
    template = TF_PROMPT if question_type == "tf" else MC_PROMPT
    return template.format(question=question, answer=answer, reply=reading_window(reply))


def read_verdict(text: str) -> int | None:
    """A vote: 1 or 0 when the judge's answer holds exactly one of them, else None.

    >>> [read_verdict(text) for text in ("1", " 0.", "1 or 0", "10", "yes")]
    [1, 0, None, None, None]
    """
    votes = set(_VOTE.findall(text or ""))
    return int(votes.pop()) if len(votes) == 1 else None


def judge_replies(asked: Sequence[tuple[dict[str, Any], str, Graded]], judge: Judge) -> list[Graded]:
    """Each (row, reply, outcome) with the judge's votes and reported models added to its outcome."""
    prompts = [
        verdict_prompt(graded.question_type, str(row["question"]), str(row["answer"]), reply)
        for row, reply, graded in asked
        for _ in range(judge.votes)
    ]
    answers = judge.ask_all(prompts)
    judged = []
    for n, (_, _, graded) in enumerate(asked):
        mine: list[Answer] = answers[n * judge.votes : (n + 1) * judge.votes]
        judged.append(
            dataclasses.replace(
                graded,
                judge_votes=tuple(read_verdict(answer.text) for answer in mine),
                judge_models=tuple(answer.model for answer in mine),
                judge_fingerprints=tuple(answer.fingerprint for answer in mine),
            )
        )
    unread = sum(not graded.parsed(JUDGE) for graded in judged)
    warn_unread(unread, len(judged), "replies", "parse_failures.no_vote_parsed", "wrong")
    return judged


def review(graded: Sequence[Graded], replies: Mapping[str, str]) -> dict[str, Any]:
    """What a person should re-check: every reply the judge marked incorrect, and every disagreement
    between the judge and the strict parser (with both verdicts, the votes and the reply)."""
    disagreements = [
        {
            "id": row.id,
            "judge": row.judged_correct,
            "strict": row.correct("strict"),
            "strict_reading": row.reading,
            "gold": row.gold,
            "votes": list(row.judge_votes),
            "reply": replies.get(row.id, ""),
        }
        for row in graded
        if row.judged_correct != row.correct("strict")
    ]
    return {
        "judged_incorrect": [row.id for row in graded if not row.judged_correct],
        "disagreements_with_strict": disagreements,
    }


def graded_by(graded: Sequence[Graded], identity: dict[str, Any]) -> dict[str, Any]:
    """The judge's part of the score: who judged (asked for and reported), and each reply's votes,
    the judge's verdict, a person's (None if not reviewed) and the voting models, by prediction id."""
    return {
        **identity,
        "reported_models": sorted({model for row in graded for model in row.judge_models if model}),
        "system_fingerprints": sorted({f for row in graded for f in row.judge_fingerprints if f}),
        "prompts": PROMPT_VERSION,
        "rows": {
            row.id: {
                "votes": list(row.judge_votes),
                "correct": row.judged_correct,
                "reviewed": row.reviewed,
                "models": sorted(set(row.judge_models)),
            }
            for row in graded
        },
    }
