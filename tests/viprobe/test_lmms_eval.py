"""VI-Probe in lmms-eval: the task folder, and real runs against a loopback model with known policies.

The loopback model (`tests.viprobe.policy_model`) finds each request's row by the image's pixel hash
and the question text, and answers by the policy of the row's category. Each policy implies the
metrics, which lmms-eval's results and `python -m eval score` on its samples log must both give. The
tasks run in the session's one lmms-eval process for the families (`tests.family_run`).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
import yaml

from builders.viprobe.family import FAMILY
from builders.viprobe.questions import VISUAL_COMPARISON_INSTRUCTIONS
from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.tasks.declaration import TASKS_ROOT
from tests.family_run import FamilyRun, PartRun
from tests.viprobe.policy_model import INSTRUCTED, RUN_TASKS, policy

FOLDER = TASKS_ROOT / "viprobe"
CONFIGS = (*FAMILY.configs, "size", "color", "orientation", "all")
TASKS = {f"viprobe_{config}{suffix}" for config in CONFIGS for suffix in ("", "_instructed")}
PAIRED_METRICS = ["pfa", "pfc", "tfi", "cbw", "illusion_multiplier", "parse_failure_rate", "breakdown"]
EPSILON = 0.001


def _yaml(name: str) -> dict[str, Any]:
    """A YAML of the folder, `!function utils.x` read as the string "!function utils.x"."""
    loader = type("Loader", (yaml.SafeLoader,), {})
    loader.add_constructor("!function", lambda loader, node: f"!function {loader.construct_scalar(node)}")
    return yaml.load((FOLDER / name).read_text(), Loader=loader)


def test_the_folder_holds_a_paired_and_an_instructed_task_per_config_and_one_group() -> None:
    assert {path.stem for path in FOLDER.glob("*.yaml")} == TASKS | {f"{t}_noimage" for t in TASKS} | {
        "viprobe"
    }
    for config in CONFIGS:
        paired, instructed = _yaml(f"viprobe_{config}.yaml"), _yaml(f"viprobe_{config}_instructed.yaml")
        assert paired["include"] == "_default_template_yaml" and paired["dataset_name"] == config
        assert instructed["include"] == "_instructed_template_yaml" and instructed["dataset_name"] == config
    group = _yaml("viprobe.yaml")
    assert group["task"] == ["viprobe_size", "viprobe_color", "viprobe_orientation"]
    default, instructed = _yaml("_default_template_yaml"), _yaml("_instructed_template_yaml")
    assert [entry["metric"] for entry in default["metric_list"]] == PAIRED_METRICS
    assert default["dataset_path"] == instructed["dataset_path"] == "your-org/vi-probe"
    from eval.tasks.viprobe import utils

    for template in (default, instructed):
        for value in [template["process_results"], template["process_docs"]] + [
            entry["aggregation"] for entry in template["metric_list"]
        ]:
            if value.startswith("!function utils."):
                assert callable(getattr(utils, value.removeprefix("!function utils.")))


def test_lmms_eval_registers_every_task_tag_and_the_group() -> None:
    TaskManager = pytest.importorskip("lmms_eval.tasks").TaskManager
    manager = TaskManager("ERROR", include_path=str(FOLDER), include_defaults=False)
    assert set(manager.all_subtasks) == TASKS | {f"{task}_noimage" for task in TASKS}
    assert manager.all_groups == ["viprobe"]


# --- real runs -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def lite_rows(viprobe_lite: Path) -> list[dict[str, Any]]:
    return load_rows(viprobe_lite, "all", "test")


@pytest.fixture(scope="module")
def run(family_run: FamilyRun) -> PartRun:
    """VI-Probe's tasks in the session's one lmms-eval run of the families (`tests.family_run`)."""
    return family_run.part("viprobe")


def implied(policies: list[str]) -> dict[str, float]:
    """Metrics the policies imply for lite images (per case: 3 originals, 12 perturbed), pooled over cases.

    Yes to everything is right on exactly one of each image's two complementary questions; the truth
    is right on both; the original's answer is right on both for O/OC/OH and wrong on both for P/PC/PH.
    """
    originals, perturbed = 3, 12
    images = (originals + perturbed) * len(policies)
    both_right = sum({"yes": 0, "truth": 15, "original": originals}[p] for p in policies)
    complementary = sum({"yes": 0, "truth": 15, "original": 15}[p] for p in policies)
    # Per-variant PFA: one image per case for O/OC, four per case for P/PC.
    acc_o = sum(p in ("truth", "original") for p in policies) / len(policies)
    acc_p = sum(p == "truth" for p in policies) / len(policies)
    r = abs(acc_o - acc_p) / (abs(acc_o - acc_p) + EPSILON)  # controls follow the same policies
    return {
        "pfa": both_right / images,
        "pfc": complementary / images,
        "tfi": 1 - complementary / images,
        "cbw": (complementary - both_right) / images,
        "illusion_multiplier": r,
        "parse_failure_rate": 0.0,
    }


def _cases(task: str) -> list[str]:
    config = task.removeprefix("viprobe_")
    return list(FAMILY.unions.get(config, (config,)))


@pytest.mark.parametrize("task", [*RUN_TASKS[1:], "viprobe_size", "viprobe_color", "viprobe_orientation"])
def test_each_task_gives_the_metrics_its_policies_imply(run, viprobe_lite, tmp_path, task) -> None:
    expected = implied([policy(case) for case in _cases(task)])
    results = run.results()[task]
    for metric, value in expected.items():
        assert results[f"{metric},none"] == pytest.approx(value), metric
    # The replies in lmms-eval's samples log, scored again by `python -m eval score`.
    samples = run.samples(task)
    out = tmp_path / "metrics.json"
    config = task.removeprefix("viprobe_")
    argv = ["score", "viprobe", "--data", str(viprobe_lite), "--config", config]
    assert eval_cli([*argv, "--predictions", str(samples), "--out", str(out)]) == 0
    rescored = json.loads(out.read_text())
    for metric, value in expected.items():
        assert rescored[metric] == pytest.approx(value), metric
    # The instructional rows were not asked in the paired task: they are the only missing ids.
    assert all(row_id.endswith("-I") for row_id in rescored["missing_ids"]) and not rescored["unknown_ids"]


def test_single_policies_give_their_textbook_values(run) -> None:
    results = run.results()
    original, truth, yes = (results[f"viprobe_{case}"] for case in ("muller_lyer", "cornsweet", "hering"))
    assert (truth["pfa,none"], truth["pfc,none"], truth["tfi,none"], truth["cbw,none"]) == (1, 1, 0, 0)
    assert (yes["pfa,none"], yes["pfc,none"], yes["tfi,none"], yes["illusion_multiplier,none"]) == (
        0,
        0,
        1,
        0,
    )
    assert original["pfa,none"] == pytest.approx(0.2) and original["cbw,none"] == pytest.approx(0.8)
    assert original["illusion_multiplier,none"] == pytest.approx(1 / 1.001)
    assert math.isclose(original["breakdown,none"]["variants"]["O"], 1.0)
    assert math.isclose(original["breakdown,none"]["variants"]["PH"], 0.0)


def test_the_group_pools_the_three_categories(run) -> None:
    expected = implied([policy(case) for case in FAMILY.configs])
    results = run.results()["viprobe"]
    for metric in ("pfa", "pfc", "tfi", "cbw", "parse_failure_rate"):
        assert results[f"{metric},none"] == pytest.approx(expected[metric]), metric


def test_instructed_task_sends_the_instructions_as_a_system_message(run, lite_rows) -> None:
    instructed = [r for r in run.model.received if r["system"]]
    assert len(instructed) == 15  # muller_lyer's instructional rows, once each
    for request in instructed:
        assert request["roles"] == ["system", "user"] and request["ids"][0].endswith("-I")
        (message,) = request["system"]
        assert [part["text"] for part in message["content"]] == [VISUAL_COMPARISON_INSTRUCTIONS] or (
            message["content"] == VISUAL_COMPARISON_INSTRUCTIONS
        )
    # The original's answer is right on the 3 unperturbed images of 15.
    assert run.results()[INSTRUCTED]["accuracy,none"] == pytest.approx(0.2)
    breakdown = run.results()[INSTRUCTED]["breakdown,none"]
    assert breakdown == {"O": 1.0, "OC": 1.0, "OH": 1.0, "P": 0.0, "PC": 0.0, "PH": 0.0}
    paired = [r for r in run.model.received if not r["system"]]
    assert all(request["roles"] == ["user"] for request in paired)
