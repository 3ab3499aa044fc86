"""Optional LLM-judge scoring of the open-ended descriptions, as the paper did it (Appendix C).

Off unless a `Judge` is given. Each reply is compared with the image's golden description by an
LLM behind any OpenAI-compatible `/chat/completions` endpoint, with the paper's prompts (verbatim,
typographic quotes kept) and default sampling; the judge answers 0, 1 or 2, is asked `votes` times
(the paper: 5, Qwen-plus) and the parsed votes are averaged. Semantic replies and step-by-step
replies (Algorithm 1: the illusion question first, then the semantic one in the same chat, keyed
by the semantic row's id) use the semantic prompt; illusion replies the illusion prompt. The
output records the judge model asked for and every model name and system fingerprint the endpoint
reported, because hosted judges drift.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import urllib.error
import urllib.request
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from statistics import fmean, pstdev
from typing import Any

from eval.errors import EvalError, UsageError
from eval.scoring.illusionbench.metrics import CATEGORIES, DIFFICULTIES, name, question_type_name

PROMPT_VERSION = "illusionbench-plus-appendix-c2"
#: The environment variable holding the judge endpoint's API key (sent as a bearer token).
API_KEY_VARIABLE = "ILLUSIONBENCH_JUDGE_API_KEY"
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


class JudgeError(EvalError):
    """The judge endpoint could not be reached or answered with something other than a chat completion."""


def judge_prompt(kind: str, reply: str, golden: str) -> str:
    """The paper's judge prompt for a `semantic` (also step-by-step) or `illusion` reply.

    >>> judge_prompt("semantic", "A cat.", "In this picture, a dog.")[:60]
    'Respondent description is ‘A cat.’, reference description is'
    """
    rules = _RATING_RULES["illusion" if kind == "illusion" else "semantic"]
    return f"Respondent description is ‘{reply}’, reference description is ‘{golden}’. {rules} {_CLOSING}"


def read_vote(text: str) -> int | None:
    """The judge's 0/1/2 rating, or None unless exactly one such rating stands in the text.

    >>> read_vote(" 2 "), read_vote("Rating: 1."), read_vote("1 or 2"), read_vote("10")
    (2, 1, None, None)
    """
    votes = set(_VOTE.findall(text or ""))
    return int(votes.pop()) if len(votes) == 1 else None


@dataclasses.dataclass(frozen=True)
class Judge:
    """An OpenAI-compatible chat endpoint and the model that judges (`base_url` ends before `/chat`)."""

    base_url: str
    model: str
    api_key: str = ""
    votes: int = 5
    timeout: float = 120.0
    workers: int = 4

    def ask(self, prompt: str) -> tuple[str, str, str]:
        """One chat completion: (reply text, model the endpoint reports, system fingerprint or "")."""
        body = json.dumps({"model": self.model, "messages": [{"role": "user", "content": prompt}]}).encode()
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = self.base_url.rstrip("/") + "/chat/completions"
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = json.loads(response.read())
            text = payload["choices"][0]["message"]["content"]
        except (urllib.error.URLError, OSError) as error:
            raise JudgeError(f"cannot reach the judge at {url!r} ({error}); check --judge-url") from None
        except (ValueError, KeyError, IndexError, TypeError):
            raise JudgeError(f"the judge at {url!r} did not answer with a chat completion") from None
        return str(text or ""), str(payload.get("model") or ""), str(payload.get("system_fingerprint") or "")


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


def judge_from_options(url: str | None, model: str | None, votes: int | None = None) -> Judge | None:
    """The judge the command line asks for (None without one); its API key comes from the environment.

    The key is read from `$ILLUSIONBENCH_JUDGE_API_KEY` only, never from a flag, so it appears in no
    shell history, process list or output.

    Raises:
        UsageError: only one of `url` and `model`, or fewer than one vote.
    """
    if url is None and model is None:
        return None
    if url is None or model is None:
        raise UsageError(
            "the description judge needs both --judge-url and --judge-model; give both or neither"
        )
    if votes is not None and votes < 1:
        raise UsageError(f"--judge-votes must be at least 1, got {votes}")
    return Judge(url, model, os.environ.get(API_KEY_VARIABLE, ""), votes=votes or Judge.votes)


def judge_descriptions(
    rows: Iterable[dict[str, Any]],
    responses: dict[str, str],
    judge: Judge,
    *,
    step_by_step: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Judge every description row that has a reply (and a step-by-step reply, if given)."""
    tasks = []
    for row in rows:
        kind = question_type_name(row["question_type"])
        if kind not in ("semantic", "illusion"):
            continue
        if row["id"] in responses:
            tasks.append((row, kind, responses[row["id"]]))
        if kind == "semantic" and step_by_step and row["id"] in step_by_step:
            tasks.append((row, STEP_BY_STEP, step_by_step[row["id"]]))
    with ThreadPoolExecutor(max_workers=max(1, judge.workers)) as pool:
        judged = list(pool.map(lambda task: _judge_one(judge, *task), tasks))
    return describe(judged, judge)


def _judge_one(judge: Judge, row: dict[str, Any], prompt: str, reply: str) -> Judged:
    answers = [judge.ask(judge_prompt(prompt, reply, str(row["answer"]))) for _ in range(judge.votes)]
    return Judged(
        id=row["id"],
        image_id=row["image_id"],
        category=name(row["category"], CATEGORIES),
        difficulty=name(row["difficulty"], DIFFICULTIES),
        prompt=prompt,
        votes=tuple(read_vote(text) for text, _, _ in answers),
        models=tuple(model for _, model, _ in answers),
        fingerprints=tuple(fingerprint for _, _, fingerprint in answers),
    )


def _mean(items: Sequence[Judged]) -> dict[str, Any]:
    scores = [item.score for item in items if item.score is not None]
    return {
        "n": len(scores),
        "mean": fmean(scores) if scores else None,
        "std": pstdev(scores) if scores else None,
    }


def describe(judged: Sequence[Judged], judge: Judge) -> dict[str, Any]:
    """Mean preciseness (0-2) per prompt, category and difficulty, the step-by-step gain, and the judge."""
    by_prompt: dict[str, list[Judged]] = defaultdict(list)
    for item in judged:
        by_prompt[item.prompt].append(item)
    prompts = [p for p in ("semantic", "illusion", STEP_BY_STEP) if p in by_prompt]
    return {
        "judge": {
            "model": judge.model,
            "reported_models": sorted({m for item in judged for m in item.models if m}),
            "system_fingerprints": sorted({f for item in judged for f in item.fingerprints if f}),
            "base_url": judge.base_url,
            "votes": judge.votes,
            "prompts": PROMPT_VERSION,
        },
        "replies": len(judged),
        "unparsed_votes": sum(vote is None for item in judged for vote in item.votes),
        "unscored": sorted(f"{item.id}:{item.prompt}" for item in judged if item.score is None),
        "by_prompt": {prompt: _mean(by_prompt[prompt]) for prompt in prompts},
        "all": _mean(judged),
        "by_category": _grouped(judged, "category", CATEGORIES, prompts),
        "by_difficulty": _grouped(judged, "difficulty", DIFFICULTIES, prompts),
        "step_by_step_gain": _gain(judged) if STEP_BY_STEP in by_prompt else None,
        "scores": {f"{item.id}:{item.prompt}": item.score for item in judged},
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


def _gain(judged: Sequence[Judged]) -> dict[str, Any]:
    """(step-by-step − semantic) / semantic overall and per bin of the image's illusion score (Table V)."""
    score = {(item.image_id, item.prompt): item.score for item in judged}
    images = sorted({item.image_id for item in judged if item.prompt == STEP_BY_STEP})
    paired = [
        (image, *(score.get((image, prompt)) for prompt in ("semantic", STEP_BY_STEP, "illusion")))
        for image in images
    ]
    paired = [entry for entry in paired if entry[1] is not None and entry[2] is not None]

    def gain(entries: list[tuple[str, Any, Any, Any]]) -> dict[str, Any]:
        semantic = fmean(e[1] for e in entries) if entries else None
        stepwise = fmean(e[2] for e in entries) if entries else None
        relative = (stepwise - semantic) / semantic if semantic else None  # type: ignore[operator]
        return {"n": len(entries), "semantic": semantic, "step_by_step": stepwise, "gain": relative}

    bins = {
        label: gain([e for e in paired if e[3] is not None and low <= e[3] < high])
        for label, low, high in PRECISENESS_BINS
    }
    return {"overall": gain(paired), "by_illusion_preciseness": bins}
