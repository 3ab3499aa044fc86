"""`eval score vlmbias --parser lmms-eval` is lmms-eval 0.7.3's `vlms_are_biased`, item by item.

The installed task's `utils.py` is loaded by path, as lmms-eval loads it, and run on every reply of
a corpus (braces, digits in prose, yes/no, negative numbers, empty replies, other scripts' digits)
against real rows of a lite build: counting, identification and original rows, whose expected bias
may be missing. Every verdict must be ours, and `eval score` must report lmms-eval's `accuracy` and
`bias_ratio` (item means) and its per-topic accuracies from the same predictions file.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from statistics import fmean
from typing import Any

import pytest

from eval.cli import main
from eval.data import load_rows
from eval.scoring.vlmbias.lmms_eval_compat import verdict

lmms_eval = pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra: pip install -e '.[eval]'")

CORPUS = (
    "{4}", "4", " {4} ", "{ 4 }", "{{4}}", "{4}.", "{4}{5}", "4\n", "The answer is {12}.", "I count 12 legs.",
    "4 stripes, not 3", "There are 3 stripes and 1 star.", "3.5", "{3.5}", "12,345", "0", "00", "{0}",
    "-7", "{-7}", "\u22127", "-{7}", "four", "{four}", "Four.", "\u00b2", "3\u00b2", "\u0663", "\uff11\uff12",
    "{Yes}", "yes", "Yes.", "YES", "{No}", "no", "No, it is not.", "Not sure.", "I don't know",
    "", "   ", "{}", "{ }", "{", "}", "{}{}", "None", "{none}", "null",
    "Flag of Cuba", "{flag of cuba}", "{Flag of Vietnam}", "<think>5</think>{4}", "**{4}**",
    "The board has 8 rows and 8 columns, so {8}.", "It has nineteen lines: {19}", "{19 lines}",
)  # fmt: skip


def installed() -> Any:
    """lmms-eval's own `tasks/vlms_are_biased/utils.py`, loaded by path."""
    path = Path(lmms_eval.__file__).parent / "tasks" / "vlms_are_biased" / "utils.py"
    spec = importlib.util.spec_from_file_location("vlms_are_biased_utils", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rows(lite_build: Path) -> list[dict[str, Any]]:
    """Counting, identification and original rows of every topic (original rows name no bias)."""
    found = [
        row for split in ("main", "identification", "original") for row in load_rows(lite_build, "all", split)
    ]
    assert any(row["expected_bias"] is None for row in found)
    return found


def test_every_verdict_is_lmms_evals(rows) -> None:
    builtin = installed()
    for row in rows[::7]:
        for reply in CORPUS:
            theirs = builtin.vlms_are_biased_process_results(row, [reply])
            ours = verdict(row, reply)
            assert (ours.correct, ours.bias_aligned) == (
                bool(theirs["accuracy"]),
                bool(theirs["bias_ratio"]),
            ), (row["ID"], reply)


def test_eval_score_reports_lmms_evals_accuracy_bias_ratio_and_topics(rows, lite_build, tmp_path) -> None:
    builtin = installed()
    main_rows = [row for row in rows if row["type_of_question"] in ("Q1", "Q2") and row["expected_bias"]]
    replies = {row["id"]: CORPUS[i % len(CORPUS)] for i, row in enumerate(main_rows)}
    path = tmp_path / "replies.jsonl"
    path.write_text("".join(json.dumps({"id": k, "response": v}) + "\n" for k, v in replies.items()))
    theirs = {
        row["id"]: builtin.vlms_are_biased_process_results(row, [replies[row["id"]]]) for row in main_rows
    }
    scored = {}
    for parser in ("lmms-eval", "strict"):
        out = tmp_path / f"{parser}.json"
        argv = ["score", "vlmbias", "--data", str(lite_build), "--config", "all", "--split", "main"]
        argv += ["--predictions", str(path), "--parser", parser, "--bootstrap", "0", "--out", str(out)]
        assert main(argv) == 0
        scored[parser] = json.loads(out.read_text())
    result = scored["lmms-eval"]
    accuracy = fmean(found["accuracy"] for found in theirs.values())
    bias_ratio = fmean(found["bias_ratio"] for found in theirs.values())
    assert result["accuracy"] == result["accuracy_item_mean"] == pytest.approx(accuracy, abs=1e-12)
    assert result["bias_aligned_rate"] == result["bias_aligned_over_all_item_mean"]
    assert result["bias_aligned_rate"] == pytest.approx(bias_ratio, abs=1e-12)
    by_topic = builtin.vlms_are_biased_aggregate_by_topic(
        [found["accuracy_by_topic"] for found in theirs.values()]
    )
    assert {topic: entry["accuracy"] for topic, entry in result["by_topic"].items()} == pytest.approx(
        {topic: value for topic, value in by_topic.items() if topic != "overall"}, abs=1e-12
    )
    assert by_topic["overall"] == pytest.approx(result["accuracy"], abs=1e-12)
    for unit in result["outcomes"]["units"]:  # item by item
        assert (unit["lmms_eval_correct"], unit["lmms_eval_bias_aligned"]) == (
            bool(theirs[unit["ID"]]["accuracy"]),
            bool(theirs[unit["ID"]]["bias_ratio"]),
        )
    # Either parser's JSON has both parsers' definitions side by side, and they differ on this corpus.
    assert scored["strict"]["parsers"] == result["parsers"]
    assert result["parsers"]["lmms-eval"]["accuracy_item_mean"] == result["accuracy"]
    assert (
        result["parsers"]["strict"]["accuracy_item_mean"]
        == scored["strict"]["accuracy"]
        != result["accuracy"]
    )
    assert result["parse_failure_rate"] == 0.0 < scored["strict"]["parse_failure_rate"]


def test_digits_are_joined_only_when_neither_answer_matches_exactly() -> None:
    row = {"ground_truth": "43", "expected_bias": "3"}
    assert verdict(row, "4 stripes, not 3").correct  # "43" by joining
    assert not verdict({"ground_truth": "4", "expected_bias": "3"}, "4 stripes, not 3").correct
    assert verdict({"ground_truth": "7", "expected_bias": "8"}, "{-7}").correct  # the sign is not a digit
    assert verdict({"ground_truth": "No", "expected_bias": "Yes"}, "{No}").correct
    assert not verdict({"ground_truth": "No", "expected_bias": "Yes"}, "No, it is not.").correct
    assert verdict({"ground_truth": "4", "expected_bias": None}, "None").bias_aligned  # "none" == str(None)
