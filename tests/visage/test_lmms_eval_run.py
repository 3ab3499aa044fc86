"""VISaGE through a real lmms-eval run against a loopback model with known policies (one invocation).

The loopback model (`tests.loopback`) finds each request's row of the lite build by the image's
pixel hash and the question, and answers by the policy of the row's category: the truth, follow the
name (the generic decides), or follow the image (the picture decides). Each policy implies its
accuracy per condition (`tests.visage.policies`); lmms-eval's results and `python -m eval score` on
its samples log must both give them, per category and pooled.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from statistics import fmean
from typing import Any

import pytest

from eval.cli import main as eval_cli
from eval.local_tasks import write_local_tasks
from eval.report.results import read_results
from eval.report.writer import report_sections
from tests.loopback import LoopbackServer, Run, pixel_hash
from tests.visage.policies import CODES, IMPLIED, choose

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
TASKS = ["visage_drawn", "visage_drawn_recognition"]


class PolicyModel(LoopbackServer):
    """Answers a condition row by its category's policy; names what it sees only under the truth policy."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        self.rows = {(row["pixel_sha256"], row["prompt"]): row for row in rows}

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


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory, visage_lite: Path, lite_rows) -> Iterator[Run]:
    pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra: pip install -e '.[test,eval]'")
    base = tmp_path_factory.mktemp("visage-lmms-eval")
    overlay = base / "tasks"
    write_local_tasks("visage", visage_lite, overlay)
    model = PolicyModel([*lite_rows["test"], *lite_rows["recognition"]])
    try:
        process = Run("visage", base, overlay, model, TASKS)
        assert process.wait() == 0, process.tail()
        yield process
    finally:
        model.close()


def _pooled() -> dict[str, float]:
    """Accuracy per condition over the lite build: every category has as many rows of each condition."""
    return {code: fmean(IMPLIED[policy][code] for policy in POLICY.values()) for code in CODES}


def test_every_row_was_asked_once(run, lite_rows) -> None:
    asked = [request["id"] for request in run.model.received]
    assert sorted(asked) == sorted(row["id"] for split in lite_rows.values() for row in split)


def test_the_condition_task_gives_the_accuracies_the_policies_imply(run) -> None:
    results = run.results()["visage_drawn"]
    pooled = _pooled()
    for code in CODES:
        assert results[f"acc_{code},none"] == pytest.approx(pooled[code]), code
    assert results["parse_failure_rate,none"] == 0.0
    assert results["congruency_category,none"] == pytest.approx(pooled["1a"] - pooled["1b"])
    assert results["semantic_prior,none"] == pytest.approx(pooled["2a"] - pooled["2b"])
    assert results["naming_rescue,none"] == pytest.approx(pooled["2c"] - pooled["2b"])
    by_category = results["breakdown,none"]["by_category"]
    assert {name: entry["accuracy_by_condition"] for name, entry in by_category.items()} == {
        category: IMPLIED[policy] for category, policy in POLICY.items()
    }


def test_eval_score_on_the_samples_log_gives_the_same_numbers(run, visage_lite: Path, tmp_path: Path) -> None:
    results = run.results()
    for task, split in (("visage_drawn", "test"), ("visage_drawn_recognition", "recognition")):
        out = tmp_path / f"{split}.json"
        argv = ["score", "visage", "--data", str(visage_lite), "--config", "drawn", "--split", split]
        assert eval_cli([*argv, "--predictions", str(run.samples(task)), "--out", str(out)]) == 0
        scored = json.loads(out.read_text())
        assert scored["missing_ids"] == [] and scored["unknown_ids"] == []
        if split == "test":
            assert scored["accuracy_by_condition"] == pytest.approx(_pooled())
            assert {code: results[task][f"acc_{code},none"] for code in CODES} == pytest.approx(
                scored["accuracy_by_condition"]
            )
            assert scored["by_category"]["lion"]["accuracy_by_condition"] == IMPLIED["follow the name"]
        else:
            # Truth names all 12 images of its three categories; the others name only their 10 typical ones.
            assert scored["recognition"]["accuracy"] == pytest.approx(22 / 32)
            assert scored["recognition"]["category_accuracy"] == 1.0
            assert results[task]["recognition_accuracy,none"] == pytest.approx(22 / 32)
            assert results[task]["category_recognition,none"] == 1.0


def test_the_report_reads_the_run_folder_as_eval_score_does(run) -> None:
    results = {result.split: result for result in read_results(f"loopback={run.out}", report_sections())}
    assert sorted(results) == ["recognition", "test"]
    assert results["test"].score["accuracy_by_condition"] == pytest.approx(_pooled())
    assert results["test"].config == "drawn" and results["test"].score["n"] == 8 * 2 * 7
    assert results["recognition"].score["recognition"]["accuracy"] == pytest.approx(22 / 32)
