"""A loopback policy answering AIpsych requests by `tests.aipsych.policies`, and its share of the run.

The run reads a copy of the lite build into which the release fixture was built as `coco`, so
`aipsych_synthetic` and `aipsych_coco` run side by side.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.data import load_rows
from tests.aipsych import policies
from tests.aipsych.release import built_with_release
from tests.conftest import Built
from tests.loopback import Part, Policy, pixel_hash

RUN = ("aipsych_synthetic", "aipsych_coco")


class PolicyModel(Policy):
    """Answers every AIpsych row by the policy; records what each request looked like."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows = {(row["pixel_sha256"], row["prompt"]): row for row in rows}
        super().__init__(self.rows)
        assert len(self.rows) == len(rows), "a prompt repeats within an image"

    def reply(self, messages: list[dict[str, Any]]) -> str:
        (message,) = messages
        (image_url,) = [
            part["image_url"]["url"] for part in message["content"] if part["type"] == "image_url"
        ]
        (text,) = [part["text"] for part in message["content"] if part["type"] == "text"]
        row = self.rows[(pixel_hash(image_url), text)]
        with self.lock:
            self.received.append({"id": row["id"], "role": message["role"]})
        return policies.reply(row)


def lmms_part(built: Built, base: Path) -> Part:
    """`aipsych_synthetic` and `aipsych_coco` on the lite build with the release fixture in it."""
    data, _, _ = built_with_release(built("aipsych", "lite"), base)
    rows = [row for config in ("synthetic", "coco") for row in load_rows(data, config, "test")]
    return Part("aipsych", data, PolicyModel(rows), RUN)
