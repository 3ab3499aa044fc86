"""VISaGE in lmms-eval: the templates, the generated task files, and the adapter's aggregations.

The per-config task YAMLs are generated from `eval/tasks/visage/declaration.py` (lmms-eval loading
them is shown by the real run in test_lmms_eval_run.py); the adapter is fed the lite build's rows as
lmms-eval hands them over (class labels as indices).
"""

from __future__ import annotations

import json
import math
from typing import Any

import yaml

from eval.scoring import score_rows
from eval.tasks.declaration import TASKS_ROOT
from eval.tasks.visage import utils

FOLDER = TASKS_ROOT / "visage"
CODES = ("1a", "1b", "1c", "1d", "2a", "2b", "2c")
TASKS = {f"visage_{config}{suffix}" for config in ("drawn", "external") for suffix in ("", "_recognition")}


def _yaml(name: str) -> dict[str, Any]:
    """A template, `!function utils.x` read as the string "!function utils.x"."""
    loader = type("Loader", (yaml.SafeLoader,), {})
    loader.add_constructor("!function", lambda loader, node: f"!function {loader.construct_scalar(node)}")
    return yaml.load((FOLDER / name).read_text(), Loader=loader)


def test_the_templates_are_short_greedy_generation_with_callables_that_exist() -> None:
    default, recognition = _yaml("_default_template_yaml"), _yaml("_recognition_template_yaml")
    assert (default["test_split"], recognition["test_split"]) == ("test", "recognition")
    for template in (default, recognition):
        assert template["dataset_path"] == "your-org/visage" and template["output_type"] == "generate_until"
        assert (
            template["generation_kwargs"]["temperature"] == 0
            and not template["generation_kwargs"]["do_sample"]
        )
        assert template["generation_kwargs"]["max_new_tokens"] <= 32
        functions = [template["process_results"], template["doc_to_visual"], template["doc_to_text"]]
        functions += [entry["aggregation"] for entry in template["metric_list"]]
        for value in functions:
            if value.startswith("!function utils."):
                assert callable(getattr(utils, value.removeprefix("!function utils.")))
    metrics = [entry["metric"] for entry in default["metric_list"]]
    assert metrics[:9] == ["accuracy", "parse_failure_rate", *(f"acc_{code}" for code in CODES)]
    for task in TASKS:
        generated = _yaml(f"{task}.yaml")
        template = "_recognition_template_yaml" if task.endswith("_recognition") else "_default_template_yaml"
        assert generated["include"] == template and f"visage_{generated['dataset_name']}" in task


def _reply(doc: dict[str, Any]) -> str:
    """Follow the image: yes iff the image is typical (wrong on 1b and 1d only)."""
    return "Yes." if doc["image_type"] == 0 else "No, not this one."


def test_process_results_and_aggregations_match_eval_scoring(lite_rows) -> None:
    test = lite_rows["test"]
    assert utils.doc_to_text(test[0]) == test[0]["prompt"] == "Answer yes or no. Do clocks have hands?"
    results = [utils.process_results(doc, [_reply(doc)]) for doc in test]
    by_metric = {key: [result[key] for result in results] for key in results[0]}
    expected = score_rows("visage", test, {doc["id"]: _reply(doc) for doc in test})
    for code in CODES:
        aggregate = getattr(utils, f"aggregate_acc_{code}")
        assert aggregate(by_metric[f"acc_{code}"]) == expected["accuracy_by_condition"][code]
    assert expected["accuracy_by_condition"] == {
        "1a": 1.0,
        "1b": 0.0,
        "1c": 1.0,
        "1d": 0.0,
        "2a": 1.0,
        "2b": 1.0,
        "2c": 1.0,
    }
    assert sum(by_metric["accuracy"]) / len(test) == expected["accuracy"]
    assert utils.aggregate_congruency_category(by_metric["congruency_category"]) == 1.0
    assert utils.aggregate_congruency_exception(by_metric["congruency_exception"]) == 1.0
    assert utils.aggregate_semantic_prior(by_metric["semantic_prior"]) == 0.0
    assert utils.aggregate_naming_rescue(by_metric["naming_rescue"]) == 0.0
    breakdown = utils.aggregate_breakdown(by_metric["breakdown"])
    assert breakdown["effects"] == expected["effects"]
    assert breakdown["by_category"]["lion"]["accuracy_by_condition"] == expected["accuracy_by_condition"]
    json.dumps(breakdown)
    # The record carries the row id, which eval.predictions reads back from lmms-eval's samples log.
    assert results[0]["acc_1a"]["id"] == results[0]["acc_1a"]["ID"] == test[0]["id"]
    # An empty condition aggregates to NaN, not an error.
    assert math.isnan(utils.aggregate_acc_1b([r for r in by_metric["acc_1a"] if r["condition"] == "1a"]))


def test_recognition_results(lite_rows) -> None:
    recognition = lite_rows["recognition"]
    assert utils.recognition_target(recognition[1]) == "digital clock"
    results = [utils.process_recognition_results(doc, [f"A {doc['category']}."]) for doc in recognition]
    assert sum(r["category_recognition"] for r in results) == len(recognition)
    assert sum(r["recognition_accuracy"] for r in results) == len(recognition) / 2
    breakdown = utils.aggregate_recognition_breakdown([r["breakdown"] for r in results])
    assert breakdown["by_image_type"]["typical"]["accuracy"] == 1.0
    assert breakdown["by_image_type"]["exceptional"]["accuracy"] == 0.0
