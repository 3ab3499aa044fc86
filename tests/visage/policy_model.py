"""A loopback policy answering VISaGE requests by their category, and its share of the run.

The policy finds each request's row of the lite build by the image's pixel hash and the question,
and answers by the policy of the row's category: the truth, follow the name (the generic decides),
or follow the image (the picture decides). Each policy implies its accuracy per condition
(`tests.visage.policies`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.data import load_rows
from tests.conftest import Built
from tests.loopback import Part, Policy, pixel_hash
from tests.visage.policies import choose

#: The lite build's eight categories, each answered by one policy.
POLICY = {
    "clock": "truth",
    "guitar": "truth",
    "stop sign": "truth",
    "chair": "follow the name",
    "die": "follow the name",
    "lion": "follow the name",
    "starfish": "follow the image",
    "banana": "follow the image",
}
#: Reply shapes models give; the first word is what counts.
SHAPES = {
    "truth": "{Answer}.",
    "follow the name": "**{Answer}**, as {category_pl} usually are.",
    "follow the image": "{Answer}, judging from the picture.",
}
TASKS = ("visage_drawn", "visage_drawn_recognition")


class PolicyModel(Policy):
    """Answers a condition row by its category's policy; names what it sees only under the truth policy."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows = {(row["pixel_sha256"], row["prompt"]): row for row in rows}
        super().__init__(self.rows)

    def reply(self, messages: list[dict[str, Any]]) -> str:
        (content,) = [message["content"] for message in messages if message["role"] == "user"]
        (image_url,) = [part["image_url"]["url"] for part in content if part["type"] == "image_url"]
        (text,) = [part["text"] for part in content if part["type"] == "text"]
        row = self.rows[(pixel_hash(image_url), text)]
        policy = POLICY[row["category"]]
        with self.lock:
            self.received.append({"id": row["id"], "policy": policy})
        if row["condition"] is None:  # recognition: the exact name, or only the category's
            return f"A {row['answers'][0]}." if policy == "truth" else f"It looks like a {row['category']}."
        answer = choose(row, policy)
        return SHAPES[policy].format(Answer=answer.capitalize(), category_pl=row["category_pl"])


def lmms_part(built: Built, base: Path) -> Part:
    """The lite build's condition task and recognition task."""
    data = built("visage", "lite")
    rows = [row for split in ("test", "recognition") for row in load_rows(data, "drawn", split)]
    return Part("visage", data, PolicyModel(rows), TASKS)
