"""IllusionBench+ in a real lmms-eval run against a loopback model with known policies, on the lite build.

The model finds each request's row by the image's pixel hash and the prompt, and answers by the
policy of the row's category: "True" and option "i" to everything (classic, no illusion), the
truth (trap), or the truth in chatty sentences (Ishihara: "The statement is false.", "I think the
answer is iii."), which the strict parser reads right and lmms-eval's parser reads as True and as
option i. Each policy implies every metric; lmms-eval's results and `python -m eval score` on its
samples log must both give them. One lmms-eval process runs every task.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from builders.illusionbench.plan import DRAWN_CONFIGS
from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.local_tasks import write_local_tasks
from eval.scoring.illusionbench import CATEGORIES, QUESTION_TYPES
from tests.illusionbench.report_page import tables
from tests.illusionbench.report_page import value as shown
from tests.loopback import LoopbackServer, Run, pixel_hash

POLICY = {"classic": "yes_and_i", "no_illusion": "yes_and_i", "trap": "truth", "ishihara": "chatter"}
CONFIGS = ("drawn_classic", "drawn_trap", "drawn_ishihara", "drawn_no_illusion")
TASKS = [f"illusionbench_plus_{config}" for config in (*CONFIGS, "drawn")]
DESCRIPTIONS_TASK = "illusionbench_plus_drawn_trap_descriptions"
METRICS = ("accuracy", "tf_accuracy", "mc_accuracy", "fp_ratio", "parse_failure_rate", "lmms_eval_accuracy")


def named(row: dict[str, Any]) -> tuple[str, str]:
    """The row's category and question type by name (Parquet stores class indices)."""
    return CATEGORIES[row["category"]], QUESTION_TYPES[row["question_type"]]


def reply(row: dict[str, Any]) -> str:
    category, kind = named(row)
    policy, answer = POLICY[category], row["answer"]
    if kind in ("semantic", "illusion"):
        return answer if kind == "semantic" else "There is no illusion here."
    if policy == "yes_and_i":
        return "True" if kind == "tf" else "i"
    if policy == "truth":
        return answer
    return f"The statement is {answer.lower()}." if kind == "tf" else f"I think the answer is {answer}."


class PolicyModel(LoopbackServer):
    """Answers each row by its category's policy."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        self.rows = {(row["pixel_sha256"], row["prompt"]): row for row in rows}

    def reply(self, messages: list[dict[str, Any]]) -> str:
        user = messages[-1]["content"]
        (image_url,) = [part["image_url"]["url"] for part in user if part["type"] == "image_url"]
        (text,) = [part["text"] for part in user if part["type"] == "text"]
        row = self.rows[(pixel_hash(image_url), text)]
        with self.lock:
            self.received.append({"id": row["id"]})
        return reply(row)


@pytest.fixture(scope="module")
def lite_rows(illusionbench_lite: Path) -> dict[str, list[dict[str, Any]]]:
    return {split: load_rows(illusionbench_lite, "drawn", split) for split in ("test", "descriptions")}


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory, illusionbench_lite: Path, lite_rows) -> Iterator[Run]:
    pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra: pip install -e '.[test,eval]'")
    base = tmp_path_factory.mktemp("illusionbench-lmms-eval")
    overlay = base / "tasks"
    write_local_tasks("illusionbench", illusionbench_lite, overlay)
    model = PolicyModel(lite_rows["test"] + lite_rows["descriptions"])
    try:
        process = Run("illusionbench", base, overlay, model, [*TASKS, DESCRIPTIONS_TASK])
        assert process.wait() == 0, process.tail()
        yield process
    finally:
        model.close()


def implied(rows: list[dict[str, Any]]) -> dict[str, float | None]:
    """The metrics the policies imply, counted from the rows' answers alone."""
    tf = [row for row in rows if named(row)[1] == "tf"]
    mc = [row for row in rows if named(row)[1] == "mc"]

    def right(row: dict[str, Any], reading: str) -> bool:
        """Whether the reply is right when read `strict` or as lmms-eval reads it."""
        policy = POLICY[named(row)[0]]
        if policy == "truth" or (policy == "chatter" and reading == "strict"):
            return True
        return row["answer"] == ("True" if named(row)[1] == "tf" else "i")  # what "True"/"i" gets right

    tf_right = sum(right(row, "strict") for row in tf)
    errors = len(tf) - tf_right  # every wrong true/false reply said True: all false positives
    return {
        "accuracy": (tf_right + sum(right(row, "strict") for row in mc)) / len(rows),
        "tf_accuracy": tf_right / len(tf),
        "mc_accuracy": sum(right(row, "strict") for row in mc) / len(mc),
        "fp_ratio": 1.0 if errors else None,
        "parse_failure_rate": 0.0,
        "lmms_eval_accuracy": sum(right(row, "lmms-eval") for row in rows) / len(rows),
    }


@pytest.mark.parametrize("task", TASKS)
def test_each_task_gives_the_metrics_its_policies_imply(
    run, illusionbench_lite, lite_rows, tmp_path, task
) -> None:
    config = task.removeprefix("illusionbench_plus_")
    members = CONFIGS if config == "drawn" else (config,)
    rows = [row for row in lite_rows["test"] if named(row)[0] in {DRAWN_CONFIGS[c] for c in members}]
    expected = implied(rows)
    results = run.results()[task]
    for metric, value in expected.items():
        found = results[f"{metric},none"]
        assert math.isnan(found) if value is None else found == pytest.approx(value), metric
    samples = run.samples(task)
    out = tmp_path / "metrics.json"
    argv = [
        "score",
        "illusionbench",
        "--data",
        str(illusionbench_lite),
        "--config",
        config,
        "--split",
        "test",
    ]
    assert eval_cli([*argv, "--predictions", str(samples), "--out", str(out)]) == 0
    rescored = json.loads(out.read_text())
    assert rescored["n"] == len(rows) and not rescored["missing_ids"] and not rescored["unknown_ids"]
    for metric, value in expected.items():
        if metric == "lmms_eval_accuracy":
            assert rescored["parsers"]["lmms-eval"]["accuracy"] == pytest.approx(value)
        else:
            assert rescored[metric] == pytest.approx(value), metric
    parsers = results["breakdown,none"]["parsers"]
    assert parsers["strict"]["accuracy"] == pytest.approx(expected["accuracy"])
    assert parsers == rescored["parsers"]


def test_single_policies_give_their_textbook_values(run) -> None:
    results = run.results()
    truth, chatter = results["illusionbench_plus_drawn_trap"], results["illusionbench_plus_drawn_ishihara"]
    assert (truth["accuracy,none"], truth["lmms_eval_accuracy,none"]) == (1.0, 1.0)
    assert math.isnan(truth["fp_ratio,none"])  # no true/false errors
    assert chatter["accuracy,none"] == 1.0 and chatter["lmms_eval_accuracy,none"] < 0.5
    assert chatter["breakdown,none"]["parsers"]["lmms-eval"]["fp_ratio"] == 1.0
    yes = results["illusionbench_plus_drawn_no_illusion"]
    assert yes["fp_ratio,none"] == 1.0 and yes["accuracy,none"] == yes["lmms_eval_accuracy,none"]


def test_description_replies_are_collected_and_scored_from_the_samples_log(
    run, illusionbench_lite, lite_rows, tmp_path
) -> None:
    results = run.results()[DESCRIPTIONS_TASK]
    trap = [row for row in lite_rows["descriptions"] if CATEGORIES[row["category"]] == "trap"]
    assert results["answered,none"] == 1.0 and results["replies,none"] == len(trap)
    out = tmp_path / "descriptions.json"
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn_trap"]
    argv += ["--split", "descriptions", "--predictions", str(run.samples(DESCRIPTIONS_TASK))]
    assert eval_cli([*argv, "--out", str(out)]) == 0
    scored = json.loads(out.read_text())
    assert scored["n"] == len(trap) and scored["descriptions"]["judged"] is False
    assert not scored["missing_ids"] and not scored["unknown_ids"]


def test_the_report_reads_the_run_folder_as_eval_score_does(run, lite_rows, tmp_path) -> None:
    out = tmp_path / "page"
    assert eval_cli(["report", f"loopback={run.out}", "--out", str(out)]) == 0
    expected = implied(lite_rows["test"])  # the question tasks pooled, each row once
    rows = {(row[0][0], row[1][0]): row for row in tables(out)["categories"]["measured"]}
    assert shown(rows[("All", "TF")][4]) == pytest.approx(expected["tf_accuracy"])
    assert shown(rows[("All", "MC")][4]) == pytest.approx(expected["mc_accuracy"])
