"""A loopback model answering IllusionBench+ requests by known policies, whatever the prompt's form.

The model finds each request's row by the image's pixel hash and the prompt: the paper's prompt,
lmms-eval's prompt (the question and its answer instruction) or a rotation's prompt (circular
tasks), and answers by the policy of the row's category: "True" and option "i" to everything
(classic, no illusion), the truth (trap), or the truth in chatty sentences (Ishihara: "The
statement is false.", "I think the answer is iii."), which the strict parser reads right and
lmms-eval's parser reads as True and as option i. Description prompts get a reply naming the
image; a step-by-step chat (illusion question, the model's own answer, semantic question) gets a
reply that repeats the first answer it was given. `lmms_part` is its share of the session's one
lmms-eval run of the families (`tests.family_run`): every question task, the descriptions and the
step-by-step task, which replays first answers to the illusion question from a file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from builders.illusionbench.questions import ILLUSION_PROMPT, SEMANTIC_PROMPT
from eval.data import load_rows
from eval.scoring.illusionbench.circular import expand
from eval.scoring.illusionbench.metrics import CATEGORIES, QUESTION_TYPES
from eval.tasks.illusionbench.utils import FIRST_TURN_ENV, LMMS_EVAL_SUFFIX
from tests.conftest import Built
from tests.loopback import Part, Policy, pixel_hash

POLICY = {"classic": "yes_and_i", "no_illusion": "yes_and_i", "trap": "truth", "ishihara": "chatter"}
STEP_BY_STEP = "step by step, after: "
CONFIGS = ("drawn_classic", "drawn_trap", "drawn_ishihara", "drawn_no_illusion")
TASKS = [f"illusionbench_plus_{config}" for config in (*CONFIGS, "drawn")]
CIRCULAR, LMMS_PROMPT = "illusionbench_plus_drawn_circular", "illusionbench_plus_drawn_lmms_prompt"
DESCRIPTIONS_TASK = "illusionbench_plus_drawn_trap_descriptions"
STEP_BY_STEP_TASK = "illusionbench_plus_drawn_trap_stepbystep"


def named(row: dict[str, Any]) -> tuple[str, str]:
    """The row's category and question type by name (Parquet stores class indices)."""
    return CATEGORIES[row["category"]], QUESTION_TYPES[row["question_type"]]


def reply(row: dict[str, Any]) -> str:
    category, kind = named(row)
    policy, answer = POLICY[category], row["answer"]
    if kind == "semantic":
        return answer
    if kind == "illusion":
        return f"The illusion of {row['image_id']}."
    if policy == "yes_and_i":
        return "True" if kind == "tf" else "i"
    if policy == "truth":
        return answer
    return f"The statement is {answer.lower()}." if kind == "tf" else f"I think the answer is {answer}."


def right(row: dict[str, Any], reading: str) -> bool:
    """Whether the policy's reply to a (possibly rotated) row is right, read `strict` or as lmms-eval does."""
    category, kind = named(row)
    policy = POLICY[category]
    if policy == "truth" or (policy == "chatter" and reading == "strict"):
        return True
    return row["answer"] == ("True" if kind == "tf" else "i")  # what "True"/"i" gets right


class PolicyModel(Policy):
    """Answers each request by its row's category's policy; `received` holds (id, prompt form)."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows: dict[tuple[str, str], tuple[dict[str, Any], str]] = {}
        for row in rows:
            kind = named(row)[1]
            if kind == "mc":
                for turned in expand(row):
                    self.rows[(row["pixel_sha256"], turned["prompt"])] = (turned, "paper")
            else:
                self.rows[(row["pixel_sha256"], row["prompt"])] = (row, "paper")
            if kind in LMMS_EVAL_SUFFIX:
                self.rows[(row["pixel_sha256"], row["question"] + LMMS_EVAL_SUFFIX[kind])] = (
                    row,
                    "lmms-eval",
                )
        super().__init__(self.rows)

    def reply(self, messages: list[dict[str, Any]]) -> str:
        first = messages[0]["content"]
        (image_url,) = [part["image_url"]["url"] for part in first if part["type"] == "image_url"]
        (text,) = [part["text"] for part in first if part["type"] == "text"]
        if len(messages) == 3:  # the step-by-step chat
            assert [m["role"] for m in messages] == ["user", "assistant", "user"]
            assert text == ILLUSION_PROMPT and _text(messages[2]) == SEMANTIC_PROMPT
            row, form = self.rows[(pixel_hash(image_url), SEMANTIC_PROMPT)][0], "step_by_step"
            answer = STEP_BY_STEP + _text(messages[1])
        else:
            row, form = self.rows[(pixel_hash(image_url), text)]
            answer = reply(row)
        with self.lock:
            self.received.append({"id": row["id"], "form": form})
        return answer


def _text(message: dict[str, Any]) -> str:
    content = message["content"]
    return content if isinstance(content, str) else "".join(p["text"] for p in content if p["type"] == "text")


def replayed(row: dict[str, Any]) -> str:
    """The first answer the step-by-step task replays for an image's illusion row."""
    return f"Replayed: the illusion of {row['image_id']}."


def lmms_part(built: Built, base: Path) -> Part:
    """Every task of the lite build's drawn configs; the step-by-step task replays `replayed` answers."""
    data = built("illusionbench", "lite")
    rows = {split: load_rows(data, "drawn", split) for split in ("test", "descriptions")}
    first_turn = base / "first-turn.jsonl"
    first_turn.write_text(
        "".join(
            json.dumps({"id": row["id"], "response": replayed(row)}) + "\n"
            for row in rows["descriptions"]
            if named(row)[1] == "illusion"
        )
    )
    tasks = (*TASKS, CIRCULAR, LMMS_PROMPT, DESCRIPTIONS_TASK, STEP_BY_STEP_TASK)
    model = PolicyModel(rows["test"] + rows["descriptions"])
    return Part("illusionbench", data, model, tasks, {FIRST_TURN_ENV: str(first_turn)})
