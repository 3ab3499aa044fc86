"""A loopback policy answering VLMBias requests by their task's policy, and its share of the run.

The policy finds the row by the image's pixel hash and the question text of the first user turn, and
answers by a policy chosen per task: the ground truth, the expected bias, or chatter with no answer
in it (`policy`). Its share of the session's one lmms-eval run of the families (`tests.family_run`)
is every task of a lite build of two topics, main through a group over them, and lmms-eval's own
`vlms_are_biased` task on the build (`tests/test_lmms_eval_e2e.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from builders.vlmbias.family import FAMILY
from eval.data import load_rows
from eval.tasks.declaration import TASKS_ROOT
from tests.conftest import Built
from tests.loopback import Part, Policy, pixel_hash

DEBIAS = "Do not assume from prior knowledge and answer only based on what is visible in the image."
CHATTER = "I would rather describe the picture than count anything in it."
SPLITS = ("main", "identification", "withtitle", "original")
# The two topics with the smallest lite builds run end to end (more would only add lmms-eval time);
# every implemented topic's tasks are loaded through lmms-eval in test_lmms_eval.py.
TOPICS = tuple(topic for topic in ("game_boards", "patterned_grids") if topic in FAMILY.configs)
#: lmms-eval's own task, run on our build: its YAML included unchanged, `dataset_path` (and the name) set.
BUILTIN = "vlmbias_vlms_are_biased"
#: A group over the two topics' main tasks (the packaged group needs all seven topics).
GROUP = "vlmbias_built"

Rows = dict[tuple[str, str], list[dict[str, Any]]]


def policy(topic_index: int, variant: str) -> str:
    """Which answers a task gets. Main alternates truth/bias by topic, so the group's unweighted mean
    differs from a pooled one."""
    main, other = ("truth", "bias") if topic_index % 2 == 0 else ("bias", "truth")
    return {
        "main": main,
        "main_debiased": other,
        "main_doublecheck": "truth",
        "identification": "bias",
        "withtitle": "chatter",
        "original": "truth",
    }[variant]


def task(topic: str, variant: str) -> str:
    return f"vlmbias_{topic}_{variant}"


def splits(topic: str) -> tuple[str, ...]:
    """The topic's splits: patterned grids have no `original`, as in the release."""
    return tuple(s for s in SPLITS if s != "original" or FAMILY.topics[topic].has_originals)


def lite_rows(data: Path) -> Rows:
    return {(topic, split): load_rows(data, topic, split) for topic in TOPICS for split in splits(topic)}


class BiasPolicy(Policy):
    """Answers VLMBias questions by the task's policy; logs what it receives."""

    def __init__(self, rows: Rows) -> None:
        self.rows_by_image: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        questions = set()
        for (_, split), split_rows in rows.items():
            for row in split_rows:
                self.rows_by_image.setdefault(row["pixel_sha256"], []).append((split, row))
                questions |= {(row["pixel_sha256"], row["prompt"]), (row["pixel_sha256"], debiased(row))}
        super().__init__(questions)

    def reply(self, messages: list[dict[str, Any]]) -> str:
        """Find the row from the first user turn (image + question) and answer by the task's policy."""
        first = messages[0]["content"]
        (image_url,) = [part["image_url"]["url"] for part in first if part["type"] == "image_url"]
        (text,) = [part["text"] for part in first if part["type"] == "text"]
        image_hash = pixel_hash(image_url)
        # Rows may share image and question (a flag in both the stars and the stripes set): then
        # they share their answers too, and the request stands for all of them.
        matches = [(s, r) for s, r in self.rows_by_image[image_hash] if text.endswith(r["prompt"])]
        (split, row), *_ = matches
        assert {(s, r["ground_truth"], r["expected_bias"]) for s, r in matches} == {
            (split, row["ground_truth"], row["expected_bias"])
        }
        variant = (
            "main_doublecheck" if len(messages) > 1 else "main_debiased" if text.startswith(DEBIAS) else split
        )
        answer = {
            "truth": f"Looking closely at the image, the answer is {{{row['ground_truth']}}}.",
            "bias": f"{{{row['expected_bias']}}}",
            "chatter": CHATTER,
        }[policy(TOPICS.index(row["config"]), variant)]
        with self.lock:
            self.received.append(
                {
                    "IDs": sorted(r["ID"] for _, r in matches),
                    "variant": variant,
                    "roles": [message["role"] for message in messages],
                    "texts": [
                        [part["text"] for part in m["content"] if part["type"] == "text"] for m in messages
                    ],
                    "answer": answer,
                }
            )
        return answer


def debiased(row: dict[str, Any]) -> str:
    """The question of a row as the `main_debiased` task asks it."""
    return f"{DEBIAS}\n{row['prompt']}"


def lmms_part(built: Built, base: Path) -> Part:
    """Every task of the two topics, main through a group over them, and lmms-eval's own task."""
    data = built("vlmbias", "lite", configs=TOPICS)
    group = yaml.safe_load((TASKS_ROOT / "vlmbias" / "vlmbias.yaml").read_text())
    group.update(group=GROUP, task=[task(topic, "main") for topic in TOPICS])
    # The group runs the main tasks; naming them as well would run them twice.
    tasks = [task(t, variant) for t in TOPICS for variant in ("main_debiased", *splits(t)[1:])]
    return Part(
        "vlmbias",
        data,
        BiasPolicy(lite_rows(data)),
        (GROUP, *tasks, BUILTIN),
        files={f"test-group/{GROUP}.yaml": yaml.safe_dump(group)},
    )
