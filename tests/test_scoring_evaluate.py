"""The `evaluate` module (eval/metric/vlmbias) loads offline in a fresh process and equals `eval.scoring`."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eval.scoring.vlmbias.grading import grade
from eval.scoring.vlmbias.metrics import report

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("evaluate") is None, reason="`evaluate` comes with the `eval` extra"
)

ROOT = Path(__file__).resolve().parents[1]
ROWS = {
    "predictions": ["{7}", "I count {8}.", "seven", "no idea", "{Yes}", "No."],
    "references": ["7", "7", "7", "7", "No", "No"],
    "expected_bias": ["8", "8", "8", "8", "Yes", "Yes"],
    "topic": ["Game Boards"] * 4 + ["Patterned Grid"] * 2,
    "sub_topic": ["Chess Grid"] * 4 + ["Dice Pattern"] * 2,
    "pixel": [384, 768, 1152, 384, 384, 768],
    "type_of_question": ["Q1", "Q2", "Q1", "Q2", "Q3", "Q3"],
    "answer_type": [0, 0, 0, 0, 1, 1],
    "is_counterfactual": [True] * 6,
    "ID": ["a", "b", "c", "d", "e", "f"],
}
SCRIPT = """
import json, sys, evaluate
metric = evaluate.load("eval/metric/vlmbias")
rows = json.loads(sys.argv[1])
results = {"full": metric.compute(**rows)}
results["bare"] = metric.compute(predictions=["{3}", "3 or 4"], references=["3", "3"])
try:
    metric.compute(predictions=["{3}"], references=["3"], topic=["a", "b"])
except ValueError as error:
    results["error"] = str(error)
print(json.dumps(results))
"""


def test_evaluate_load_works_offline_and_matches_eval_scoring(tmp_path):
    env = {**os.environ, "HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(ROWS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout.splitlines()[-1])

    columns = {key: values for key, values in ROWS.items() if key not in ("predictions", "references")}
    rows = [
        {**{key: values[i] for key, values in columns.items()}, "ground_truth": ROWS["references"][i]}
        for i in range(len(ROWS["predictions"]))
    ]
    expected = report([grade(row, reply) for row, reply in zip(rows, ROWS["predictions"], strict=True)])
    assert results["full"] == json.loads(json.dumps(expected))
    assert (results["full"]["accuracy"], results["full"]["bias_aligned_rate"]) == (3 / 6, 2 / 6)
    assert results["full"]["task_mean"] == pytest.approx((2 / 4 + 1 / 2) / 2)

    bare = results["bare"]
    assert (bare["accuracy"], bare["parse_failure_rate"], bare["bias_aligned_rate"]) == (0.5, 0.5, None)
    assert bare["by_topic"] == {"unspecified": bare["by_topic"]["unspecified"]}
    assert results["error"] == "topic has 2 values for 1 predictions; give one per reply"
