"""The IllusionBench+ lmms-eval adapter: template, prompts, per-row values and aggregations."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from PIL import Image

from builders.families import get_family
from eval.tasks.declaration import TASKS_ROOT, FamilyTasks, TaskSet, Variant
from eval.tasks.illusionbench import utils
from eval.tasks.templates import Template

FOLDER = TASKS_ROOT / "illusionbench"
METRICS = [
    "accuracy",
    "tf_accuracy",
    "mc_accuracy",
    "fp_ratio",
    "parse_failure_rate",
    "lmms_eval_accuracy",
    "breakdown",
]


def template(name: str = "_default_template_yaml", folder: Path = FOLDER) -> dict[str, Any]:
    loader = type("Loader", (yaml.SafeLoader,), {})
    loader.add_constructor("!function", lambda loader, node: f"!function {loader.construct_scalar(node)}")
    return yaml.load((folder / name).read_text(), Loader=loader)


def doc(row_id: str, kind: int, answer: str, question: str = "The lines are equal.") -> dict[str, Any]:
    """A row as lmms-eval hands it over: class labels as indices, the image decoded."""
    return {
        "id": row_id, "image_id": row_id.split("-")[0], "image": Image.new("L", (8, 8)), "category": 4,
        "difficulty": 2, "question_type": kind, "question": question, "answer": answer,
        "prompt": f"Given an image, ... Description: {question}",
    }  # fmt: skip


def test_templates_name_their_metrics_and_every_function_exists() -> None:
    questions, descriptions = template(), template("_descriptions_template_yaml")
    assert [entry["metric"] for entry in questions["metric_list"]] == METRICS
    assert [entry["metric"] for entry in descriptions["metric_list"]] == ["answered", "replies"]
    for config, split in ((questions, "test"), (descriptions, "descriptions")):
        assert config["dataset_path"] == "your-org/illusionbench-plus" and config["test_split"] == split
        for value in [config["process_results"], config["doc_to_visual"], config["doc_to_text"]] + [
            entry["aggregation"] for entry in config["metric_list"]
        ]:
            if value.startswith("!function utils."):
                assert callable(getattr(utils, value.removeprefix("!function utils.")))


def test_prompts_are_the_papers_unless_lmms_evals_are_asked_for() -> None:
    tf, mc = doc("a-tf1", 0, "False"), doc("a-mc1", 1, "ii", "Which? i. A ii. B iii. C iv. D")
    assert utils.doc_to_text(tf) == tf["prompt"]
    assert utils.doc_to_text(tf, {"prompt": "paper"}) == tf["prompt"]
    assert (
        utils.doc_to_text(tf, {"prompt": "lmms-eval"})
        == "The lines are equal.\nAnswer with True or False only."
    )
    assert utils.doc_to_text(mc, {"prompt": "lmms-eval"}).endswith("(i, ii, iii, or iv) only.")
    assert utils.doc_to_visual(tf)[0].mode == "RGB"


def test_process_results_and_aggregations_give_both_parsers() -> None:
    docs = [
        doc("a-tf1", 0, "False"),
        doc("a-tf2", 0, "True"),
        doc("b-mc1", 1, "Option ii"),
        doc("b-mc2", 1, "iv"),
    ]
    replies = ["The statement is false.", "True", "ii", "I am not sure."]
    values = [utils.process_results(d, [r]) for d, r in zip(docs, replies, strict=True)]
    assert [v["accuracy"] for v in values] == [1.0, 1.0, 1.0, 0.0]
    assert [v["lmms_eval_accuracy"] for v in values] == [0.0, 1.0, 0.0, 0.0]
    assert [v["parse_failure_rate"] for v in values] == [0.0, 0.0, 0.0, 1.0]
    records = [v["breakdown"] for v in values]
    assert records[0]["ID"] == "a-tf1"
    assert utils.aggregate_tf_accuracy(records) == 1.0 and utils.aggregate_mc_accuracy(records) == 0.5
    assert math.isnan(utils.aggregate_fp_ratio(records))  # no true/false errors
    breakdown = utils.aggregate_breakdown(records)
    assert breakdown["by_category"] == {"trap": 0.75} and breakdown["by_difficulty"] == {"hard": 0.75}
    assert breakdown["parsers"]["lmms-eval"]["accuracy"] == 0.25


def test_variant_templates_include_the_base_ones_and_name_their_functions() -> None:
    circular = template("_circular_template_yaml")
    assert circular["include"] == "_default_template_yaml"
    assert circular["process_docs"] == "!function utils.circular_docs"
    assert [entry["metric"] for entry in circular["metric_list"]] == list(utils.CIRCULAR_METRICS)
    lmms = template("_lmms_prompt_template_yaml")
    assert lmms["lmms_eval_specific_kwargs"] == {"default": {"prompt": "lmms-eval"}}
    builtin = Path(pytest.importorskip("lmms_eval").__file__).parent / "tasks" / "illusionbench"
    theirs = template("_default_template_yaml", builtin)
    assert lmms["generation_kwargs"] == theirs["generation_kwargs"]  # lmms-eval's, exactly
    step = template("_stepbystep_template_yaml")
    assert step["include"] == "_descriptions_template_yaml"
    for key in ("process_docs", "doc_to_messages", "doc_to_text", "process_results"):
        name = (step.get(key) or template(step["include"])[key]).removeprefix("!function utils.")
        assert callable(getattr(utils, name))


def test_circular_records_aggregate_into_plain_and_circular_accuracy() -> None:
    question = "Which?\ni. A\nii. B\niii. C\niv. D"
    row = {**doc("b-mc1", 1, "ii", question), "options": ["A", "B", "C", "D"]}
    from eval.scoring.illusionbench.circular import expand

    rotations = expand(row)
    records = [utils.process_circular(r, ["ii"])["breakdown"] for r in rotations]  # always "ii"
    records.append(utils.process_circular(doc("a-tf1", 0, "False"), ["False"])["accuracy"])
    assert utils.aggregate_accuracy(records) == 1.0  # rotation 0 and the true/false row
    assert utils.aggregate_mc_accuracy(records) == 1.0
    assert utils.aggregate_mc_circular_accuracy(records) == 0.0
    assert utils.aggregate_circular_accuracy(records) == 0.5
    assert utils.aggregate_breakdown(records)["circular"]["questions"] == 1


def test_description_replies_are_collected_with_their_row_id() -> None:
    row = doc("a-semantic", 2, "In this picture, two lines.", "Please describe the image.")
    assert utils.process_description(row, ["Two lines."]) == {
        "answered": 1.0,
        "replies": {"id": "a-semantic"},
    }
    assert utils.process_description(row, ["  "])["answered"] == 0.0
    assert utils.aggregate_replies([{"id": "a"}, {"id": "b"}]) == 2.0


def test_task_names_take_the_declared_prefix_or_the_family_name() -> None:
    template = Template("_t", "A template the test names only.")
    sets = (TaskSet(("c",), (Variant("", template), Variant("_x", template, "s"))),)
    files = ["fam_c.yaml", "fam_c_noimage.yaml", "fam_c_x.yaml", "fam_c_x_noimage.yaml"]

    def tasks(**prefix: str) -> FamilyTasks:
        return FamilyTasks("fam", (), sets, lambda row, kwargs: "", lambda row, split: template, (), **prefix)

    assert list(tasks().files()) == files
    prefixed = tasks(prefix="fam_plus")
    assert list(prefixed.files()) == [name.replace("fam_", "fam_plus_") for name in files]
    assert "task: fam_plus_c_x\n" in prefixed.files()["fam_plus_c_x.yaml"]


def test_lmms_eval_registers_every_task_and_no_builtin_name_clashes() -> None:
    TaskManager = pytest.importorskip("lmms_eval.tasks").TaskManager
    manager = TaskManager("ERROR", include_path=str(FOLDER), include_defaults=False)
    family = get_family("illusionbench")
    configs = (*family.configs, *family.unions)
    suffixes = ("", "_lmms_prompt", "_circular", "_descriptions", "_stepbystep")
    seeing = {f"illusionbench_plus_{c}{s}" for c in configs for s in suffixes}
    expected = seeing | {f"{task}_noimage" for task in seeing}
    assert set(manager.all_subtasks) == expected and manager.all_groups == []
    tags = {f"illusionbench_plus_{group}_configs{s}" for group in ("drawn", "release") for s in suffixes}
    tags -= {t for t in tags if t.endswith("_stepbystep")}
    assert set(manager.all_tags) == tags | {f"{tag}_noimage" for tag in tags}
    builtin = Path(pytest.importorskip("lmms_eval").__file__).parent / "tasks"
    lines = [line for path in builtin.rglob("*.yaml") for line in path.read_text().splitlines()]
    names = {line.split(":", 1)[1].strip() for line in lines if line.startswith("task:")}
    assert "illusionbench_all" in names and not any(name.startswith("illusionbench_plus") for name in names)
