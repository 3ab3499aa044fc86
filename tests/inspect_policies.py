"""Per family, for the inspect_ai runs: a reply policy, the headline metrics it implies (worked out from
the rows alone, not through the scoring code) and the chat lmms-eval sends for a row, as (role, text).

The policies reuse the families' own test policies (AIpsych's set behaviours, VISaGE's "follow the
image", IllusionBench+'s per-category answers), so their implied numbers are the ones those tests
already pin.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eval.scoring.viprobe import POLARITIES
from tests.aipsych import policies as aipsych
from tests.illusionbench.policy_model import reply as illusionbench_reply
from tests.illusionbench.test_lmms_eval_run import implied as illusionbench_implied
from tests.visage import policies as visage

Row = dict[str, Any]


@dataclass(frozen=True)
class Policy:
    reply: Callable[[Row], str]
    implied: Callable[[list[Row]], dict[str, float | None]]
    messages: Callable[[Row], list[tuple[str, str]]] = lambda row: [("user", row["prompt"])]


def _vlmbias_reply(row: Row) -> str:
    """Q1 gets the truth in braces, Q2 the expected bias."""
    return f"{{{row['ground_truth']}}}" if row["type_of_question"] == "Q1" else f"{{{row['expected_bias']}}}"


def _vlmbias_implied(rows: list[Row]) -> dict[str, float | None]:
    q1 = sum(row["type_of_question"] == "Q1" for row in rows) / len(rows)
    return {
        "accuracy_item_mean": q1,
        "accuracy_task_mean": q1,  # one topic
        "bias_aligned_over_all_item_mean": 1 - q1,
        "bias_aligned_over_wrong_item_mean": 1.0,
        "parse_failure_rate": 0.0,
    }


def _viprobe_messages(row: Row) -> list[tuple[str, str]]:
    if POLARITIES[row["polarity"]] == "I":
        return [("system", row["system_prompt"]), ("user", row["prompt"])]
    return [("user", row["prompt"])]


def _viprobe_implied(rows: list[Row]) -> dict[str, float | None]:
    """Always 1: of an image's forward and reversed questions (inverse labels) exactly one is right, and
    the answers are never complementary; every variant's PFA is 0, so R = 0 / 0.001."""
    return {
        "pfa": 0.0,
        "pfc": 0.0,
        "tfi": 1.0,
        "cbw": 0.0,
        "illusion_multiplier": 0.0,
        "parse_failure_rate": 0.0,
    }


def _aipsych_implied(rows: list[Row]) -> dict[str, float | None]:
    images = {row["image_id"] for row in rows}
    quitting = sum(aipsych.refused({"image_id": image}) for image in images)
    found = aipsych.implied(len(images), quitting)
    return {
        **{
            f"rates.{key}": value
            for key, value in found.items()
            if key not in ("reliability_score", "quit_rate")
        },
        "reliability_score": found["reliability_score"],
    }


def _visage_implied(rows: list[Row]) -> dict[str, float | None]:
    accuracy = visage.IMPLIED["follow the image"]
    conditions = [
        visage.CODES[row["condition"]] if isinstance(row["condition"], int) else row["condition"]
        for row in rows
    ]
    return {
        "accuracy": sum(accuracy[code] for code in conditions) / len(conditions),
        **{f"accuracy_by_condition.{code}": value for code, value in accuracy.items()},
    }


POLICIES = {
    "vlmbias": Policy(_vlmbias_reply, _vlmbias_implied),
    "viprobe": Policy(lambda row: "<answer>1</answer>", _viprobe_implied, _viprobe_messages),
    "aipsych": Policy(aipsych.reply, _aipsych_implied),
    "visage": Policy(lambda row: visage.choose(row, "follow the image").capitalize() + ".", _visage_implied),
    "illusionbench": Policy(
        illusionbench_reply,
        lambda rows: {
            key: value for key, value in illusionbench_implied(rows).items() if key != "lmms_eval_accuracy"
        },
    ),
}
