"""End to end: the real `lmms-eval` CLI runs our tasks on a lite build against a loopback model.

The model is an OpenAI-compatible endpoint on 127.0.0.1 (`tests.loopback`). It decodes the image it
is sent, finds the dataset row by the image's pixel hash and the question text, and answers by a
policy chosen per task (`tests.vlmbias_policy_model`): the ground truth, the expected bias, or
chatter with no answer in it.
Every lmms-eval run uses `--verbosity DEBUG`, without which lmms-eval exits 0 on errors. The replies,
read back from lmms-eval's samples log, are scored again by `python -m eval score`: the numbers
must agree. The include path is what `python -m eval tasks` writes for a lite build of the two
topics run here, as a user would make it; it also holds lmms-eval's own installed `vlms_are_biased`
task, renamed `vlmbias_vlms_are_biased` and unchanged but for its `dataset_path` (read through the
build's default config, as the release's single config is read), which the first run runs too: the
session's one lmms-eval run of the families (`tests.family_run`). The double-check runs follow it.
"""

from __future__ import annotations

import inspect
import json
import math
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra: pip install -e '.[test,eval]'")

import lmms_eval

from eval.cli import main as eval_cli
from tests.conftest import Built
from tests.family_run import Dispatcher, FamilyRun, PartRun
from tests.loopback import Part, Run
from tests.vlmbias_policy_model import (
    BUILTIN,
    DEBIAS,
    TOPICS,
    BiasPolicy,
    lite_rows,
    policy,
    splits,
    task,
)

DOUBLE_CHECK = (
    "Please double-check your answer and give your final answer in curly brackets, "
    "following the format above."
)
RATES = ("accuracy", "bias_aligned_rate", "bias_aligned_share_of_wrong", "parse_failure_rate")
INSTALLED = Path(lmms_eval.__file__).parent / "tasks" / "vlms_are_biased" / "vlms_are_biased.yaml"
EXPECTED = {  # policy -> rates; None where the denominator is empty
    "truth": dict(zip(RATES, (1.0, 0.0, None, 0.0), strict=True)),
    "bias": dict(zip(RATES, (0.0, 1.0, 1.0, 0.0), strict=True)),
    "chatter": dict(zip(RATES, (0.0, 0.0, None, 1.0), strict=True)),
}


@pytest.fixture(scope="module")
def data(built: Built) -> Path:
    """A lite build of the two topics only (its default config `all` is those two), shared by the session."""
    return built("vlmbias", "lite", configs=TOPICS)


@pytest.fixture(scope="module")
def rows(data: Path) -> dict[tuple[str, str], list[dict[str, Any]]]:
    return lite_rows(data)


@pytest.fixture(scope="module")
def runs(
    family_run: FamilyRun, tmp_path_factory: pytest.TempPathFactory, data: Path, rows: dict
) -> Iterator[dict[str, PartRun]]:
    """Every task of the two topics, main through a group over them, and lmms-eval's own task, in the
    session's one run of the families (`tests.vlmbias_policy_model`); then the double-check tasks
    replaying that run's answers and, beside them, double-check without answers, which fails."""
    first = family_run.part("vlmbias")
    base = tmp_path_factory.mktemp("lmms-eval")
    policies = [BiasPolicy(rows) for _ in range(2)]
    servers = [Dispatcher([one]) for one in policies]
    doublecheck = [task(topic, "main_doublecheck") for topic in TOPICS]
    first_turn = os.pathsep.join(str(first.samples(task(topic, "main"))) for topic in TOPICS)
    asked = {"no_first_turn": doublecheck[:1], "doublecheck": doublecheck}
    try:
        doomed = Run("no_first_turn", base, family_run.overlay, servers[0], asked["no_first_turn"])
        second = Run(
            "doublecheck", base, family_run.overlay, servers[1], doublecheck, VLMBIAS_FIRST_TURN=first_turn
        )
        doomed.wait()
        assert second.wait() == 0, second.tail()
        parts = {
            run.name: PartRun(Part("vlmbias", data, policy, tuple(asked[run.name])), run)
            for run, policy in ((doomed, policies[0]), (second, policies[1]))
        }
        yield {"all": first, **parts}
    finally:
        for server in servers:
            server.close()


def _scored_tasks() -> list[tuple[str, str, str, str, str]]:
    """(run, task, topic, split, policy) of every task the runs score."""
    scored = []
    for index, topic in enumerate(TOPICS):
        for variant in (*splits(topic), "main_debiased"):
            scored.append(("all", task(topic, variant), topic, variant.split("_")[0], policy(index, variant)))
        scored.append(("doublecheck", task(topic, "main_doublecheck"), topic, "main", "truth"))
    return scored


def _lmms_rates(result: dict[str, Any]) -> dict[str, float | None]:
    return {rate: None if math.isnan(result[f"{rate},none"]) else result[f"{rate},none"] for rate in RATES}


@pytest.mark.parametrize(("run", "task", "topic", "split", "answers"), _scored_tasks())
def test_each_task_scores_its_policy_in_lmms_eval_and_in_eval_score(
    runs, data, tmp_path, run, task, topic, split, answers
):
    expected = dict(EXPECTED[answers])
    if split == "original":  # unmodified images name no expected bias
        expected.update(bias_aligned_rate=None, bias_aligned_share_of_wrong=None)
    assert _lmms_rates(runs[run].results()[task]) == expected

    samples = runs[run].samples(task)
    assert "LMMS_EVAL_REQUEST_FAILED" not in samples.read_text()
    out = tmp_path / "metrics.json"
    argv = ["score", "vlmbias", "--data", str(data), "--config", topic, "--split", split]
    assert eval_cli([*argv, "--predictions", str(samples), "--out", str(out)]) == 0
    rescored = json.loads(out.read_text())
    assert {rate: rescored[rate] for rate in RATES} == expected
    assert rescored["missing_ids"] == [] and rescored["unknown_ids"] == []


def test_the_model_saw_each_row_once_per_task_with_its_exact_prompt(runs, rows):
    """Main rows twice undebiased: our `main` task and lmms-eval's own task ask them the same way."""
    received = runs["all"].model.received
    for (_, split), split_rows in rows.items():
        for row in split_rows:
            for variant in ("main", "main_debiased") if split == "main" else (split,):
                requests = [r for r in received if row["ID"] in r["IDs"] and r["variant"] == variant]
                # once per task per row sharing image and question
                assert len(requests) == (2 if variant == "main" else 1) * len(requests[0]["IDs"])
                prompt = f"{DEBIAS}\n{row['prompt']}" if variant == "main_debiased" else row["prompt"]
                assert all(r["roles"] == ["user"] and r["texts"] == [[prompt]] for r in requests)
    main_rows = sum(len(rows[(topic, "main")]) for topic in TOPICS)
    assert len(received) == sum(len(split_rows) for split_rows in rows.values()) + 2 * main_rows


def test_lmms_evals_own_task_reads_the_build_with_only_its_dataset_path_changed(runs, rows, data):
    """The installed `vlms_are_biased` task as `python -m eval tasks` writes it, its YAML unchanged but for
    `dataset_path` (and its name), reads the default config's `main` split and scores the known
    policies: truth for game boards (their replies carry the number in a sentence; its digit fallback
    finds it), the bare expected bias for patterned grids."""
    from lmms_eval.utils import load_yaml_config

    path = runs["all"].overlay / "vlmbias" / f"{BUILTIN}.yaml"
    assert yaml.safe_load(path.read_text()) == {
        "include": str(INSTALLED),
        "task": BUILTIN,
        "dataset_path": str(data.resolve()),
    }

    def named(value: Any) -> Any:
        """A config value with each `!function` replaced by its file and name (each load imports utils.py
        anew)."""
        if callable(value):
            return f"{inspect.getfile(value)}:{value.__name__}"
        if isinstance(value, dict):
            return {key: named(item) for key, item in value.items()}
        if isinstance(value, list):
            return [named(item) for item in value]
        return value

    def resolved(path: Path) -> dict[str, Any]:
        """The config as lmms-eval resolves it."""
        return named(load_yaml_config(str(path), mode="full"))

    ours, installed = resolved(path), resolved(INSTALLED)
    assert set(ours) == set(installed)
    assert {key for key in installed if installed[key] != ours[key]} == {"task", "dataset_path"}
    assert installed["test_split"] == "main" and "dataset_name" not in installed

    result = runs["all"].results()[BUILTIN]
    counts = {topic: len(rows[(topic, "main")]) for topic in TOPICS}
    total = sum(counts.values())
    truth = {topic: policy(index, "main") == "truth" for index, topic in enumerate(TOPICS)}
    assert result["accuracy,none"] == pytest.approx(sum(counts[t] for t in TOPICS if truth[t]) / total)
    assert result["bias_ratio,none"] == pytest.approx(sum(counts[t] for t in TOPICS if not truth[t]) / total)
    assert 0 < result["accuracy,none"] < 1
    assert result["accuracy_by_topic,none"] == {
        "Game Boards": 1.0,
        "Patterned Grid": 0.0,
        "overall": pytest.approx(result["accuracy,none"]),
    }
    samples = [json.loads(line) for line in runs["all"].samples(BUILTIN).read_text().splitlines()]
    assert len(samples) == total


def test_the_group_is_the_unweighted_mean_of_topic_accuracies(runs):
    results = runs["all"].results()
    accuracies = [results[task(topic, "main")]["accuracy,none"] for topic in TOPICS]
    assert results["vlmbias_built"]["accuracy,none"] == pytest.approx(sum(accuracies) / len(accuracies))
    assert accuracies[:2] == [1.0, 0.0]  # main alternates truth and bias: a pooled mean would differ


def test_doublecheck_reaches_the_model_as_a_second_user_turn_after_its_first_answer(runs, rows):
    first_answers = {
        tuple(r["IDs"]): r["answer"] for r in runs["all"].model.received if r["variant"] == "main"
    }
    main_rows = {row["ID"]: row for topic in TOPICS for row in rows[(topic, "main")]}
    received = runs["doublecheck"].model.received
    assert sorted(row_id for request in received for row_id in request["IDs"]) == sorted(main_rows)
    for request in received:
        assert request["roles"] == ["user", "assistant", "user"]
        prompt = main_rows[request["IDs"][0]]["prompt"]
        assert request["texts"] == [[prompt], [first_answers[tuple(request["IDs"])]], [DOUBLE_CHECK]]


def test_doublecheck_without_first_answers_fails_the_run_with_the_fix(runs):
    run = runs["no_first_turn"]
    assert run.returncode != 0
    assert "set VLMBIAS_FIRST_TURN to its samples .jsonl file" in run.log.read_text()
    assert run.model.received == []
