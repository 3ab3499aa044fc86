"""IllusionBench+ in real lmms-eval runs against a loopback model with known policies, on the lite build.

The model (`policy_model`) answers by the row's category: "True" and option "i", the truth, or the
truth in chatty sentences. Each policy implies every metric of every task variant (the paper's
prompt, lmms-eval's prompt, every rotation of the options); lmms-eval's results and `python -m
eval score` on its samples log must both give them. One lmms-eval process runs every question
task, the descriptions and the step-by-step task (replaying first answers to the illusion question
from a file), and `eval score` judges those with a scripted loopback judge.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from builders.illusionbench.plan import DRAWN_CONFIGS
from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.predictions import read_responses
from eval.scoring.illusionbench.circular import expand
from eval.scoring.illusionbench.metrics import CATEGORIES
from tests.family_run import FamilyRun, PartRun
from tests.illusionbench.policy_model import (
    CIRCULAR,
    CONFIGS,
    DESCRIPTIONS_TASK,
    LMMS_PROMPT,
    STEP_BY_STEP,
    STEP_BY_STEP_TASK,
    TASKS,
    named,
    replayed,
    right,
)
from tests.illusionbench.report_page import tables
from tests.illusionbench.report_page import value as shown
from tests.loopback import LoopbackServer

METRICS = ("accuracy", "tf_accuracy", "mc_accuracy", "fp_ratio", "parse_failure_rate", "lmms_eval_accuracy")


@pytest.fixture(scope="module")
def lite_rows(illusionbench_lite: Path) -> dict[str, list[dict[str, Any]]]:
    return {split: load_rows(illusionbench_lite, "drawn", split) for split in ("test", "descriptions")}


@pytest.fixture(scope="module")
def run(family_run: FamilyRun) -> PartRun:
    """IllusionBench+'s tasks in the session's one lmms-eval run of the families (`tests.family_run`)."""
    return family_run.part("illusionbench")


def implied(rows: list[dict[str, Any]]) -> dict[str, float | None]:
    """The metrics the policies imply, counted from the rows' answers alone."""
    tf = [row for row in rows if named(row)[1] == "tf"]
    mc = [row for row in rows if named(row)[1] == "mc"]
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


def test_the_lmms_prompt_task_sends_lmms_evals_prompt(run, lite_rows) -> None:
    """Every question asked as lmms-eval asks it; its `lmms_eval_accuracy` is lmms-eval's number."""
    asked = sorted(item["id"] for item in run.model.received if item["form"] == "lmms-eval")
    assert asked == sorted(row["id"] for row in lite_rows["test"])
    results = run.results()[LMMS_PROMPT]
    for metric, value in implied(lite_rows["test"]).items():
        found = results[f"{metric},none"]
        assert math.isnan(found) if value is None else found == pytest.approx(value), metric


def circular_implied(rows: list[dict[str, Any]], reading: str) -> dict[str, float]:
    """Plain and circular accuracy the policies imply: a question counts when every rotation is right."""
    right_once = [right(row, reading) for row in rows]
    right_always = [all(right(turned, reading) for turned in expand(row)) for row in rows]
    mc = [n for n, row in enumerate(rows) if named(row)[1] == "mc"]
    return {
        "accuracy": sum(right_once) / len(rows),
        "circular_accuracy": sum(right_always) / len(rows),
        "mc_accuracy": sum(right_once[n] for n in mc) / len(mc),
        "mc_circular_accuracy": sum(right_always[n] for n in mc) / len(mc),
    }


def test_the_circular_task_asks_every_rotation_and_scores_plain_beside_circular(
    run, illusionbench_lite, lite_rows, tmp_path
) -> None:
    rows = lite_rows["test"]
    rotations = sorted(turned["id"] for row in rows for turned in expand(row) if turned["rotation"])
    assert sorted(item["id"] for item in run.model.received if "#r" in item["id"]) == rotations
    strict, lmms = circular_implied(rows, "strict"), circular_implied(rows, "lmms-eval")
    assert 0 < strict["mc_circular_accuracy"] < strict["mc_accuracy"] < 1  # position bias is caught
    results = run.results()[CIRCULAR]
    for metric, value in strict.items():
        assert results[f"{metric},none"] == pytest.approx(value), metric
    assert results["lmms_eval_circular_accuracy,none"] == pytest.approx(lmms["circular_accuracy"])
    assert results["accuracy,none"] == run.results()["illusionbench_plus_drawn"]["accuracy,none"]
    out = tmp_path / "circular.json"
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn"]
    assert eval_cli([*argv, "--predictions", str(run.samples(CIRCULAR)), "--out", str(out)]) == 0
    rescored = json.loads(out.read_text())
    assert not rescored["missing_ids"] and not rescored["unknown_ids"] and rescored["n"] == len(rows)
    assert rescored["circular"]["questions"] == len(rotations) // 3
    assert rescored["circular"] == results["breakdown,none"]["circular"]
    assert rescored["circular"]["lmms-eval"]["mc_circular_accuracy"] == pytest.approx(
        lmms["mc_circular_accuracy"]
    )


class DescriptionJudge(LoopbackServer):
    """Rates step-by-step replies and illusion replies 2, every other reply 1."""

    def reply(self, messages: list[dict[str, Any]]) -> str:
        prompt = messages[-1]["content"]
        step_by_step = f"Respondent description is ‘{STEP_BY_STEP}" in prompt
        return "2" if step_by_step or "existence and causal information" in prompt else "1"


def test_step_by_step_replays_the_first_answers_and_eval_score_gives_the_papers_comparison(
    run, illusionbench_lite, lite_rows, tmp_path
) -> None:
    semantic = [row for row in lite_rows["descriptions"] if named(row) == ("trap", "semantic")]
    chats = [item["id"] for item in run.model.received if item["form"] == "step_by_step"]
    assert sorted(chats) == sorted(row["id"] for row in semantic)
    assert run.results()[STEP_BY_STEP_TASK]["replies,none"] == len(semantic)
    replies = read_responses(run.samples(STEP_BY_STEP_TASK))
    assert replies == {row["id"]: STEP_BY_STEP + replayed(row) for row in semantic}
    judge = DescriptionJudge()
    out = tmp_path / "descriptions.json"
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn_trap"]
    argv += ["--split", "descriptions", "--predictions", str(run.samples(DESCRIPTIONS_TASK))]
    argv += ["--step-by-step", str(run.samples(STEP_BY_STEP_TASK)), "--out", str(out)]
    try:
        assert (
            eval_cli([*argv, "--judge-url", judge.base_url, "--judge-model", "judge", "--judge-votes", "3"])
            == 0
        )
    finally:
        judge.close()
    described = json.loads(out.read_text())["descriptions"]
    means = {prompt: entry["mean"] for prompt, entry in described["by_prompt"].items()}
    assert means == {"semantic": 1.0, "illusion": 2.0, "step_by_step": 2.0}  # Table IV's columns
    gain = described["step_by_step_gain"]  # Table V: (step-by-step - semantic) / semantic
    assert gain["overall"] == {"n": len(semantic), "semantic": 1.0, "step_by_step": 2.0, "gain": 1.0}
    assert gain["by_illusion_preciseness"]["[1.33, 2]"]["n"] == len(semantic)
    assert gain["by_illusion_preciseness"]["[0, 0.67)"]["n"] == 0


def test_the_step_by_step_docs_carry_each_images_first_answer(
    tmp_path, illusionbench_lite, monkeypatch
) -> None:
    from datasets import Dataset

    from eval.tasks.illusionbench import utils

    rows = load_rows(illusionbench_lite, "drawn_trap", "descriptions")
    dataset = Dataset.from_list(
        [{key: row[key] for key in ("id", "image_id", "question_type")} for row in rows]
    )
    monkeypatch.delenv(utils.FIRST_TURN_ENV, raising=False)
    with pytest.raises(ValueError, match=r"set ILLUSIONBENCH_FIRST_TURN to its samples \.jsonl file"):
        utils.step_by_step_docs(dataset)
    illusion = [row for row in rows if named(row)[1] == "illusion"]
    first = tmp_path / "first.jsonl"
    lines = [json.dumps({"id": row["id"], "response": f"About {row['image_id']}."}) for row in illusion]
    first.write_text("\n".join(lines[1:]) + "\n")
    monkeypatch.setenv(utils.FIRST_TURN_ENV, str(first))
    with pytest.raises(
        ValueError, match=rf"no first answer for 1 of {len(illusion)} rows \(first: '{illusion[0]['id']}'\)"
    ):
        utils.step_by_step_docs(dataset)
    first.write_text("\n".join(lines) + "\n")
    attached = utils.step_by_step_docs(dataset)
    assert attached["id"] == [row["id"] for row in rows if named(row)[1] == "semantic"]
    assert attached["first_answer"] == [f"About {image}." for image in attached["image_id"]]
