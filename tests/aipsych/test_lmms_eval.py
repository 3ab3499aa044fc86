"""AIpsych in lmms-eval: the task folder, and one real run of two tasks against a loopback model.

The run reads a copy of the lite build into which the release fixture was built as `coco`, so
`aipsych_synthetic` and `aipsych_coco` run side by side, in the session's one lmms-eval process for
the families (`tests.family_run`). The loopback model (`tests.aipsych.policy_model`) finds each
request's row by the image's pixel hash and the prompt, and replies by `tests.aipsych.policies`, whose
categories are known: lmms-eval's rates and `python -m eval score` on its samples log must both give
what the policies imply.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from builders.aipsych.family import FAMILY
from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.tasks.aipsych import utils
from eval.tasks.declaration import TASKS_ROOT
from tests.aipsych import policies
from tests.aipsych.policy_model import RUN
from tests.family_run import FamilyRun, PartRun

FOLDER = TASKS_ROOT / "aipsych"
TASKS = {f"aipsych_{config}" for config in FAMILY.configs}
NUMBERS = (*utils.METRICS[:-1],)  # every metric but the breakdown dict


def test_the_folder_holds_one_task_per_config_over_the_shared_template() -> None:
    assert {path.stem for path in FOLDER.glob("*.yaml")} == TASKS | {f"{task}_noimage" for task in TASKS}
    for config in FAMILY.configs:
        task = yaml.safe_load((FOLDER / f"aipsych_{config}.yaml").read_text())
        assert task == {
            "include": "_default_template_yaml",
            "task": f"aipsych_{config}",
            "dataset_name": config,
        }


@pytest.fixture(scope="module")
def run(family_run: FamilyRun) -> PartRun:
    """AIpsych's two tasks in the session's one lmms-eval run of the families (`tests.family_run`)."""
    return family_run.part("aipsych")


@pytest.fixture(scope="module")
def data(run: PartRun) -> Path:
    """The lite build with the release fixture built into it as `coco`: the folder the run read."""
    return run.data


@pytest.mark.parametrize(("task", "images", "quitting"), [(RUN[0], 24, 4), (RUN[1], 2, 0)])
def test_each_task_gives_the_rates_its_policies_imply_and_eval_score_agrees(
    run: PartRun, data: Path, tmp_path: Path, task: str, images: int, quitting: int
) -> None:
    expected = policies.implied(images, quitting)
    results = run.results()[task]
    for metric, value in expected.items():
        assert results[f"{metric},none"] == pytest.approx(value), metric
    assert results["parse_failure_rate,none"] == 0
    assert results["breakdown,none"]["answered_sets"] == 5 * images
    samples = run.samples(task)
    out = tmp_path / "score.json"
    config = task.removeprefix("aipsych_")
    argv = ["score", "aipsych", "--data", str(data), "--config", config, "--predictions", str(samples)]
    assert eval_cli([*argv, "--out", str(out)]) == 0
    rescored = json.loads(out.read_text())
    assert rescored["n"] == 20 * images and not rescored["missing_ids"] and not rescored["unknown_ids"]
    for metric in NUMBERS:
        value = rescored["rates"].get(metric, rescored.get(metric))
        assert results[f"{metric},none"] == pytest.approx(value), metric
    assert [entry["category"] for entry in rescored["sets"]] == [
        policies.category(int(entry["set_id"].rsplit("-s", 1)[1]), entry["set_id"].rsplit("-s", 1)[0])
        for entry in rescored["sets"]
    ]


def test_every_prompt_was_its_own_single_turn_request(run: PartRun, data: Path) -> None:
    ids = sorted(request["id"] for request in run.model.received)
    expected = [row["id"] for config in ("synthetic", "coco") for row in load_rows(data, config, "test")]
    assert ids == sorted(expected) and len(ids) == 480 + 40
    assert {request["role"] for request in run.model.received} == {"user"}
