"""VISaGE through a real lmms-eval run against a loopback model with known policies.

The loopback model (`tests.visage.policy_model`) answers each row by its category's policy, which
implies its accuracy per condition (`tests.visage.policies`); lmms-eval's results and `python -m eval
score` on its samples log must both give them, per category and pooled. The tasks run in the
session's one lmms-eval process for the families (`tests.family_run`).
"""

from __future__ import annotations

import json
from pathlib import Path
from statistics import fmean

import pytest

from eval.cli import main as eval_cli
from eval.report.results import read_results
from eval.report.writer import report_sections
from tests.family_run import FamilyRun, PartRun
from tests.visage.policies import CODES, IMPLIED
from tests.visage.policy_model import POLICY


@pytest.fixture(scope="module")
def run(family_run: FamilyRun) -> PartRun:
    """VISaGE's tasks in the session's one lmms-eval run of the families (`tests.family_run`)."""
    return family_run.part("visage")


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
    read = read_results(f"loopback={run.out}", report_sections())  # the folder holds every family's logs
    results = {result.split: result for result in read if result.family == "visage"}
    assert sorted(results) == ["recognition", "test"]
    assert results["test"].score["accuracy_by_condition"] == pytest.approx(_pooled())
    assert results["test"].config == "drawn" and results["test"].score["n"] == 8 * 2 * 7
    assert results["recognition"].score["recognition"]["accuracy"] == pytest.approx(22 / 32)
