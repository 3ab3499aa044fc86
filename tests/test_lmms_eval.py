"""The lmms-eval task folder: YAML shape, registration, prompt snapshots, utils.py on real and
hand-made rows, and lmms-eval's own `vlms_are_biased` scorer on our `main` split."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from datasets import Dataset, load_dataset
from PIL import Image

from builders.vlmbias.family import FAMILY
from eval.data import load_rows
from eval.local_tasks import write_local_tasks
from eval.tasks.declaration import TASKS_ROOT
from eval.tasks.vlmbias import utils

TOPICS = ("animals", "logos", "flags", "chess_pieces", "game_boards", "optical_illusions", "patterned_grids")
SPLITS = ("main", "identification", "withtitle", "original", "remove_background_q1q2", "remove_background_q3")
VARIANTS = (*SPLITS, "main_debiased", "main_doublecheck")
#: Every topic's task per variant, except an `original` task for patterned grids (the release has none).
TASKS = {f"vlmbias_{topic}_{variant}" for topic in TOPICS for variant in VARIANTS} - {
    "vlmbias_patterned_grids_original"
}
TAGS = {f"vlmbias_{name}" for name in (*TOPICS, *SPLITS, "debiased", "doublecheck")}
#: Every task's twin without the image, and its tags.
TWINS = {f"{task}_noimage" for task in TASKS}
TWIN_TAGS = {f"{tag}_noimage" for tag in TAGS}
TEMPLATES = {"main_debiased": "_debiased_template_yaml", "main_doublecheck": "_doublecheck_template_yaml"}
DEBIAS = "Do not assume from prior knowledge and answer only based on what is visible in the image."
DOUBLE_CHECK = (
    "Please double-check your answer and give your final answer in curly brackets, "
    "following the format above."
)
METRICS = ["accuracy", "bias_aligned_rate", "bias_aligned_share_of_wrong", "parse_failure_rate", "breakdown"]
GENERATION = {"max_new_tokens": 1024, "temperature": 0, "do_sample": False, "until": []}
FOLDER = TASKS_ROOT / "vlmbias"


def _yaml(name: str) -> dict[str, Any]:
    """A YAML of the folder, `!function utils.x` read as the string "!function utils.x"."""
    loader = type("Loader", (yaml.SafeLoader,), {})
    loader.add_constructor("!function", lambda loader, node: f"!function {loader.construct_scalar(node)}")
    return yaml.load((FOLDER / name).read_text(), Loader=loader)


@pytest.mark.parametrize("task", sorted(TASKS))
def test_each_task_yaml_names_only_its_template_topic_split_and_tags(task):
    topic = next(topic for topic in TOPICS if task.startswith(f"vlmbias_{topic}_"))
    variant = task.removeprefix(f"vlmbias_{topic}_")
    if variant == "main_doublecheck":  # needs a first run's answers: not in the topic's tag
        tag = ["vlmbias_doublecheck"]
    else:
        tag = [f"vlmbias_{topic}", "vlmbias_debiased" if variant == "main_debiased" else f"vlmbias_{variant}"]
    assert _yaml(f"{task}.yaml") == {
        "include": TEMPLATES.get(variant, "_default_template_yaml"),
        "task": task,
        "tag": tag,
        "dataset_name": topic,
        "test_split": variant if variant in SPLITS else variant.split("_")[0],
    }


def test_the_folder_holds_every_task_and_one_group():
    assert {path.stem for path in FOLDER.glob("*.yaml")} == TASKS | TWINS | {"vlmbias"}
    group = _yaml("vlmbias.yaml")
    assert group["group"] == "vlmbias"
    assert group["task"] == [f"vlmbias_{topic}_main" for topic in TOPICS]
    assert [entry["metric"] for entry in group["aggregate_metric_list"]] == METRICS[:4]
    assert all(entry["weight_by_size"] is False for entry in group["aggregate_metric_list"])


def test_templates_read_the_hub_repo_and_carry_the_papers_variant_texts():
    default = _yaml("_default_template_yaml")
    assert default["dataset_path"] == "your-org/vlmbias"
    assert default["generation_kwargs"] == GENERATION
    assert [entry["metric"] for entry in default["metric_list"]] == METRICS
    for entry in default["metric_list"]:  # every aggregation the YAML names exists in utils.py
        name = entry["aggregation"].removeprefix("!function utils.")
        assert name == "mean" or callable(getattr(utils, name))
    assert _yaml("_debiased_template_yaml")["lmms_eval_specific_kwargs"] == {"default": {"prefix": DEBIAS}}
    doublecheck = _yaml("_doublecheck_template_yaml")
    assert doublecheck["lmms_eval_specific_kwargs"] == {"default": {"double_check": DOUBLE_CHECK}}


def test_lmms_eval_registers_every_task_tag_and_the_group():
    TaskManager = pytest.importorskip("lmms_eval.tasks").TaskManager
    manager = TaskManager("ERROR", include_path=str(FOLDER), include_defaults=False)
    assert set(manager.all_subtasks) == TASKS | TWINS
    assert set(manager.all_tags) == TAGS | TWIN_TAGS
    assert manager.all_groups == ["vlmbias"]


@pytest.fixture(scope="module")
def main_tasks(tmp_path_factory: pytest.TempPathFactory, lite_build: Path) -> dict[str, Any]:
    """The main and debiased task objects of each implemented topic, as `lmms-eval --model openai`
    builds them, reading the lite build through the include-path overlay."""
    TaskManager = pytest.importorskip("lmms_eval.tasks").TaskManager
    overlay = tmp_path_factory.mktemp("overlay")
    write_local_tasks("vlmbias", lite_build, overlay)
    manager = TaskManager("ERROR", include_path=str(overlay), include_defaults=False, model_name="openai")
    names = [
        f"vlmbias_{topic}_{variant}" for topic in FAMILY.configs for variant in ("main", "main_debiased")
    ]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LMMS_EVAL_DATASETS_CACHE", str(tmp_path_factory.mktemp("lmms-cache")))
        return manager.load_task_or_group(names)


@pytest.mark.parametrize("topic", FAMILY.configs)
def test_prompt_and_generation_snapshot(main_tasks, topic):
    main, debiased = main_tasks[f"vlmbias_{topic}_main"], main_tasks[f"vlmbias_{topic}_main_debiased"]
    doc = main.test_docs()[0]
    assert main.doc_to_text(doc) == doc["prompt"]
    assert debiased.doc_to_text(doc) == f"{DEBIAS}\n{doc['prompt']}"
    assert main.doc_to_target(doc) == doc["ground_truth"]
    (image,) = main.doc_to_visual(doc)
    assert image.mode == "RGB" and image.size == (doc["width"], doc["height"])
    assert main.config.generation_kwargs == {**GENERATION, "temperature": 0.0}


def _row(**changes: Any) -> dict[str, Any]:
    row = {
        "ID": "r",
        "topic": "Game Boards",
        "sub_topic": "Go Grid",
        "pixel": 384,
        "type_of_question": "Q1",
        "prompt": "How many vertical lines are there on this board?",
        "ground_truth": "18",
        "expected_bias": "19",
        "answer_type": 0,
        "is_counterfactual": True,
    }
    return {**row, **changes}


def test_process_results_and_aggregations_delegate_to_scoring():
    replies = ["{18}", "**19**", "{17}", "a go board", "<think>19?</think>{18}"]
    per_row = [utils.process_results(_row(ID=str(i)), [reply]) for i, reply in enumerate(replies)]
    assert [values["accuracy"] for values in per_row] == [1.0, 0.0, 0.0, 0.0, 1.0]
    assert [values["parse_failure_rate"] for values in per_row] == [0.0, 0.0, 0.0, 1.0, 0.0]
    records = [values["breakdown"] for values in per_row]
    assert utils.aggregate_bias_aligned_rate(records) == 1 / 5
    assert utils.aggregate_bias_aligned_share_of_wrong(records) == 1 / 2
    assert utils.aggregate_breakdown(records)["sub_topic"] == {"Go Grid": 2 / 5}
    no_bias = utils.process_results(_row(expected_bias=None), ["{1}"])["breakdown"]
    assert math.isnan(utils.aggregate_bias_aligned_rate([no_bias]))


def test_doublecheck_reads_first_answers_and_builds_the_conversation(tmp_path, monkeypatch):
    rows = Dataset.from_list([{"ID": "a", "prompt": "How many?"}, {"ID": "b", "prompt": "How many?"}])
    monkeypatch.delenv(utils.FIRST_TURN_ENV, raising=False)
    with pytest.raises(ValueError, match=r"set VLMBIAS_FIRST_TURN to its samples \.jsonl file") as raised:
        utils.attach_first_answers(rows)
    # lmms-eval prints this and, without --verbosity DEBUG, still exits 0: the message says so.
    assert "exits with status 0 when a task fails unless run with --verbosity DEBUG" in str(raised.value)
    first = tmp_path / "first.jsonl"
    first.write_text('{"ID": "a", "response": "{3}"}\n')
    monkeypatch.setenv(utils.FIRST_TURN_ENV, str(first))
    with pytest.raises(ValueError, match=r"no first answer for 1 of 2 rows \(first: 'b'\)"):
        utils.attach_first_answers(rows)
    first.write_text('{"ID": "a", "response": "{3}"}\n{"ID": "b", "response": "{4}"}\n')
    attached = utils.attach_first_answers(rows)
    assert attached["first_answer"] == ["{3}", "{4}"]

    kwargs = {"double_check": DOUBLE_CHECK}
    doc = {**attached[0], "image": Image.new("RGB", (4, 4), "white")}
    question, answer, check = utils.doublecheck_messages(doc, kwargs)
    assert question["role"] == "user" and [part["type"] for part in question["content"]] == ["image", "text"]
    assert answer == {"role": "assistant", "content": [{"type": "text", "text": "{3}"}]}
    assert check == {"role": "user", "content": [{"type": "text", "text": DOUBLE_CHECK}]}
    assert utils.doublecheck_transcript(doc, kwargs) == f"How many?\n\n{{3}}\n\n{DOUBLE_CHECK}"


def _builtin_vlms_are_biased() -> Any:
    """lmms-eval's own `tasks/vlms_are_biased/utils.py`, loaded by path as lmms-eval loads it."""
    package = Path(importlib.util.find_spec("lmms_eval").origin).parent
    path = package / "tasks" / "vlms_are_biased" / "utils.py"
    spec = importlib.util.spec_from_file_location("vlms_are_biased_utils", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("topic", FAMILY.configs)
def test_lmms_evals_builtin_vlms_are_biased_scores_our_main_split(lite_build, tmp_path, topic):
    pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra")
    builtin = _builtin_vlms_are_biased()
    rows = load_rows(lite_build, topic, "main")
    for row in rows:
        truth = builtin.vlms_are_biased_process_results(row, [f"{{{row['ground_truth']}}}"])
        bias = builtin.vlms_are_biased_process_results(row, [f"{{{row['expected_bias']}}}"])
        assert (truth["accuracy"], truth["bias_ratio"], bias["accuracy"], bias["bias_ratio"]) == (1, 0, 0, 1)
    replies = [f"{{{row['ground_truth']}}}" for row in rows]
    records = [
        builtin.vlms_are_biased_process_results(r, [t])["accuracy_by_topic"]
        for r, t in zip(rows, replies, strict=True)
    ]
    assert builtin.vlms_are_biased_aggregate_by_topic(records) == {rows[0]["topic"]: 1.0, "overall": 1.0}
    doc = load_dataset(str(lite_build), topic, split="main", cache_dir=str(tmp_path))[0]
    assert builtin.vlms_are_biased_doc_to_text(doc, {"pre_prompt": "", "post_prompt": ""}) == doc["prompt"]
    assert builtin.vlms_are_biased_doc_to_visual(doc)[0].mode == "RGB"
