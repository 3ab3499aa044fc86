"""A loopback policy answering VI-Probe requests by their case's category, and its share of the run.

The policy finds each request's row by the image's pixel hash and the question text, and answers by
the policy of the row's category: always "1" (yes), always the truth, or always the answer the
unperturbed original would get (the "recall" policy). (Controls of twin cases, e.g. Ponzo and Ponzo
Trapezoid, are the same image with the same question, so a policy cannot differ between cases of
one category.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builders.viprobe.family import FAMILY
from eval.data import load_rows
from tests.conftest import Built
from tests.loopback import Part, Policy, pixel_hash

CATEGORY_POLICY = {"size": "original", "color": "truth", "orientation": "yes"}
RUN_TASKS = ["viprobe", "viprobe_muller_lyer", "viprobe_cornsweet", "viprobe_hering"]
INSTRUCTED = "viprobe_muller_lyer_instructed"


def policy(case_name: str) -> str:
    return CATEGORY_POLICY[FAMILY.cases[case_name].category]


def answer(row: dict[str, Any], chosen: str) -> int:
    perturbed = row["variant_code"].startswith("P")
    return {"yes": 1, "truth": row["label"], "original": 1 - row["label"] if perturbed else row["label"]}[
        chosen
    ]


class ProbeModel(Policy):
    """Answers VI-Probe rows by their case's policy, in the released answer format."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__((row["pixel_sha256"], row["prompt"]) for row in rows)
        self.rows_by_image: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            self.rows_by_image.setdefault(row["pixel_sha256"], []).append(row)

    def reply(self, messages: list[dict[str, Any]]) -> str:
        user = messages[-1]["content"]
        (image_url,) = [part["image_url"]["url"] for part in user if part["type"] == "image_url"]
        (text,) = [part["text"] for part in user if part["type"] == "text"]
        system = [m for m in messages if m["role"] == "system"]
        polarity_index = 2 if system else None
        candidates = [
            row
            for row in self.rows_by_image[pixel_hash(image_url)]
            if row["prompt"] == text and (row["polarity"] == 2) == (polarity_index == 2)
        ]
        # Twin cases' controls share image and question: one request stands for all of them.
        (value,) = {answer(row, policy(row["case_name"])) for row in candidates}
        with self.lock:
            self.received.append(
                {
                    "ids": sorted(row["id"] for row in candidates),
                    "roles": [m["role"] for m in messages],
                    "system": system,
                    "answer": value,
                }
            )
        return f"<reasons>Comparing the two targets directly.</reasons>\n<answer>{value}</answer>"


def lmms_part(built: Built, base: Path) -> Part:
    """The lite build's paired tasks of three cases, the group, and one instructed task."""
    data = built("viprobe", "lite")
    return Part("viprobe", data, ProbeModel(load_rows(data, "all", "test")), (*RUN_TASKS, INSTRUCTED))
