"""The paper's judged descriptions (Appendix C) and its step-by-step comparison (Tables IV and V).

Each open-ended reply is compared with the image's golden description by the LLM judge
(`judge.Judge`) with the paper's prompts (verbatim, typographic quotes kept): the judge answers
0, 1 or 2, is asked `votes` times (the paper: 5, Qwen-plus) and the parsed votes are averaged.
Semantic replies and step-by-step replies (Algorithm 1: the illusion question first, then the
semantic one in the same chat; keyed by the semantic row's id) use the semantic prompt; illusion
replies the illusion prompt.

`judge_descriptions` gives one `Judged` record per reply (the per-row outcomes); `describe`
aggregates them: mean preciseness per prompt, category and difficulty, and the step-by-step
comparison over the images answered both ways: Table IV's semantic and step-by-step means and
Table V's gain (step-by-step − semantic) / semantic, overall and per bin of the image's
illusion-description score.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from statistics import fmean, pstdev
from typing import Any

from eval.scoring.illusionbench.metrics import CATEGORIES, DIFFICULTIES, name, question_type_name
from eval.scoring.judge import Judge, warn_unread
from eval.scoring.window import reading_window

PROMPT_VERSION = "illusionbench-plus-appendix-c2"
STEP_BY_STEP = "step_by_step"

_RATING_RULES = {
    "semantic": (
        "Evaluate if there is a conflict between the image contents in the respondent’s answer and the "
        "reference answer. Rate as follows: 2: No conflict. 1: Minor conflict, less controversial than the "
        "reference. 0: Clear conflict, more controversial than the reference."
    ),
    "illusion": (
        "Evaluate if there is a conflict between the existence and causal information of illusions in the "
        "respondent’s description and the reference description. Rate as follows: 2: No conflict. 1: no "
        "conflict in the existence of illusions, but there are conflicts in the causes of illusions. 0: "
        "Clear conflict, or conflict in the existence of illusion."
    ),
}
_CLOSING = (
    "Only focus on conflicts between the descriptions. Differences in detail or omitted information are not "
    "considered conflicts. Just answer the rate number, do not output any other word."
)
_VOTE = re.compile(r"(?<![\d.])([012])(?!\d|\.\d)")
#: Table V's bins of the image's illusion-description score.
PRECISENESS_BINS = (("[1.33, 2]", 1.33, 2.01), ("[0.67, 1.33)", 0.67, 1.33), ("[0, 0.67)", 0.0, 0.67))


def judge_prompt(kind: str, reply: str, golden: str) -> str:
    """The paper's judge prompt for a `semantic` (also step-by-step) or `illusion` reply.

    >>> judge_prompt("semantic", "A cat.", "In this picture, a dog.")[:60]
    'Respondent description is ‘A cat.’, reference description is'
    """
    rules = _RATING_RULES["illusion" if kind == "illusion" else "semantic"]
    reply = reading_window(reply)
    return f"Respondent description is ‘{reply}’, reference description is ‘{golden}’. {rules} {_CLOSING}"


def read_vote(text: str) -> int | None:
    """The judge's 0/1/2 rating, or None unless exactly one such rating stands in the text.

    >>> read_vote(" 2 "), read_vote("Rating: 1."), read_vote("1 or 2"), read_vote("10")
    (2, 1, None, None)
    """
    votes = set(_VOTE.findall(text or ""))
    return int(votes.pop()) if len(votes) == 1 else None


@dataclasses.dataclass(frozen=True)
class Judged:
    """One description reply's votes and their mean (None when no vote parsed)."""

    id: str
    image_id: str
    category: str
    difficulty: str
    prompt: str  # "semantic", "illusion" or "step_by_step"
    votes: tuple[int | None, ...]
    models: tuple[str, ...]
    fingerprints: tuple[str, ...]

    @property
    def score(self) -> float | None:
        parsed = [vote for vote in self.votes if vote is not None]
        return fmean(parsed) if parsed else None


def judge_descriptions(
    rows: Iterable[Mapping[str, Any]],
    responses: Mapping[str, str],
    judge: Judge,
    *,
    step_by_step: Mapping[str, str] | None = None,
) -> list[Judged]:
    """One `Judged` per description reply (and per step-by-step reply, if given), in row order."""
    tasks = []
    for row in rows:
        kind = question_type_name(row["question_type"])
        if kind not in ("semantic", "illusion"):
            continue
        if row["id"] in responses:
            tasks.append((row, kind, responses[row["id"]]))
        if kind == "semantic" and step_by_step and row["id"] in step_by_step:
            tasks.append((row, STEP_BY_STEP, step_by_step[row["id"]]))
    prompts = [
        judge_prompt(kind, reply, str(row["answer"]))
        for row, kind, reply in tasks
        for _ in range(judge.votes)
    ]
    answers = judge.ask_all(prompts)
    judged = []
    for n, (row, kind, _) in enumerate(tasks):
        mine = answers[n * judge.votes : (n + 1) * judge.votes]
        judged.append(
            Judged(
                id=row["id"],
                image_id=row["image_id"],
                category=name(row["category"], CATEGORIES),
                difficulty=name(row["difficulty"], DIFFICULTIES),
                prompt=kind,
                votes=tuple(read_vote(answer.text) for answer in mine),
                models=tuple(answer.model for answer in mine),
                fingerprints=tuple(answer.fingerprint for answer in mine),
            )
        )
    unread = sum(item.score is None for item in judged)
    warn_unread(unread, len(judged), "description replies", "descriptions.unscored", "unscored")
    return judged


def _mean(items: Sequence[Judged]) -> dict[str, Any]:
    scores = [item.score for item in items if item.score is not None]
    return {
        "n": len(scores),
        "mean": fmean(scores) if scores else None,
        "std": pstdev(scores) if scores else None,
    }


def describe(judged: Sequence[Judged], identity: dict[str, Any]) -> dict[str, Any]:
    """Mean preciseness (0-2) per prompt, category and difficulty, the step-by-step comparison, the judge."""
    by_prompt: dict[str, list[Judged]] = defaultdict(list)
    for item in judged:
        by_prompt[item.prompt].append(item)
    prompts = [p for p in ("semantic", "illusion", STEP_BY_STEP) if p in by_prompt]
    return {
        "judge": {
            **identity,
            "reported_models": sorted({m for item in judged for m in item.models if m}),
            "system_fingerprints": sorted({f for item in judged for f in item.fingerprints if f}),
            "prompts": PROMPT_VERSION,
        },
        "replies": len(judged),
        "unparsed_votes": sum(vote is None for item in judged for vote in item.votes),
        "unscored": sorted(f"{item.id}:{item.prompt}" for item in judged if item.score is None),
        "by_prompt": {prompt: _mean(by_prompt[prompt]) for prompt in prompts},
        "all": _mean(judged),
        "by_category": _grouped(judged, "category", CATEGORIES, prompts),
        "by_difficulty": _grouped(judged, "difficulty", DIFFICULTIES, prompts),
        "step_by_step_gain": step_by_step_comparison(judged) if STEP_BY_STEP in by_prompt else None,
        "scores": {f"{item.id}:{item.prompt}": item.score for item in judged},
        "votes": {f"{item.id}:{item.prompt}": list(item.votes) for item in judged},
    }


def _grouped(
    judged: Sequence[Judged], field: str, order: Sequence[str], prompts: Sequence[str]
) -> dict[str, dict[str, float | None]]:
    groups: dict[str, dict[str, list[Judged]]] = defaultdict(lambda: defaultdict(list))
    for item in judged:
        groups[getattr(item, field)][item.prompt].append(item)
    return {
        group: {prompt: _mean(groups[group][prompt])["mean"] for prompt in prompts}
        for group in order
        if group in groups
    }


def step_by_step_comparison(judged: Sequence[Judged]) -> dict[str, Any]:
    """Table V: (step-by-step − semantic) / semantic over the images scored both ways, overall and by
    the image's illusion-description score (images without one appear only overall)."""
    score = {(item.image_id, item.prompt): item.score for item in judged}
    images = sorted({item.image_id for item in judged if item.prompt == STEP_BY_STEP})
    #: (image, semantic score, step-by-step score, illusion score or None) of the images scored both ways.
    paired: list[tuple[str, float, float, float | None]] = []
    for image in images:
        semantic, stepwise = score.get((image, "semantic")), score.get((image, STEP_BY_STEP))
        if semantic is not None and stepwise is not None:
            paired.append((image, semantic, stepwise, score.get((image, "illusion"))))

    def gain(entries: list[tuple[str, float, float, float | None]]) -> dict[str, Any]:
        semantic = fmean(e[1] for e in entries) if entries else None
        stepwise = fmean(e[2] for e in entries) if entries else None
        relative = (stepwise - semantic) / semantic if semantic and stepwise is not None else None
        return {"n": len(entries), "semantic": semantic, "step_by_step": stepwise, "gain": relative}

    bins = {
        label: gain([e for e in paired if e[3] is not None and low <= e[3] < high])
        for label, low, high in PRECISENESS_BINS
    }
    return {"overall": gain(paired), "by_illusion_preciseness": bins}
