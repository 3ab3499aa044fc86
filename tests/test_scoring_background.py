"""`eval score` with and without the background: rows paired on the image, a paired interval.

The pure part runs on hand-made rows whose answers are known; the command line runs on the real lite
build, `--split main+remove_background_q1q2` as the card and the guide write it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from eval.data import load_rows
from eval.scoring.bootstrap import intervals
from eval.scoring.score import score_replies
from eval.scoring.vlmbias import background
from eval.scoring.vlmbias.grading import grade
from eval.scoring.vlmbias.scorer import SCORER, VLMBiasOptions

ROOT = Path(__file__).resolve().parents[1]


def row(image: str, topic: str, question: str, truth: str = "5", bias: str = "4") -> dict[str, Any]:
    """A counting row about `image` (`<stem>_notitle_px384` or `<stem>_nobackground_px384`)."""
    row_id = image.replace("_px384", f"_{question}_px384")
    return {
        "id": row_id,
        "ID": row_id,
        "image_id": image,
        "topic": topic,
        "sub_topic": topic,
        "pixel": 384,
        "type_of_question": question,
        "ground_truth": truth,
        "expected_bias": bias,
        "answer_type": "number",
    }


def images(count: int, topic: str) -> list[str]:
    return [f"{topic.lower()}_{index:02d}" for index in range(count)]


def test_rows_pair_on_the_image_and_question_only() -> None:
    rows = [
        row("a_notitle_px384", "Flags", "Q1"),
        row("a_notitle_px384", "Flags", "Q2"),
        row("a_nobackground_px384", "Flags", "Q1"),  # pairs with a's Q1
        row("b_nobackground_px384", "Flags", "Q1"),  # no main row: left out
        row("c_notitle_px384", "Flags", "Q1"),  # no twin: left out
    ]
    units = [grade(r, "{5}") for r in rows]
    pairs = background.pairs(units)
    assert [(a.ID, b.ID) for a, b in pairs] == [("a_notitle_Q1_px384", "a_nobackground_Q1_px384")]
    assert SCORER.cluster(units[2]) == SCORER.cluster(units[0]) == "a_notitle"
    assert SCORER.cluster(units[3]) == "b_notitle" and background.compared(units[:2]) is None


def correlated(
    paired: int, gained: int, lost: int, topic: str = "Animals"
) -> tuple[list[dict], dict[str, str]]:
    """Rows of `paired` images, each asked Q1 with and without its background: the first half answer
    right both ways, the next `gained` right only without the background, the next `lost` right only
    with it, the rest wrong both ways (with the expected bias)."""
    rows, replies = [], {}
    for index, stem in enumerate(images(paired, topic)):
        both = index < paired // 2
        gain = paired // 2 <= index < paired // 2 + gained
        loss = paired // 2 + gained <= index < paired // 2 + gained + lost
        for marker, right in (("notitle", both or loss), ("nobackground", both or gain)):
            found = row(f"{stem}_{marker}_px384", topic, "Q1")
            rows.append(found)
            replies[found["id"]] = "{5}" if right else "{4}"
    return rows, replies


def test_the_difference_is_without_minus_with_and_its_interval_is_paired() -> None:
    rows, replies = correlated(paired=60, gained=12, lost=0)
    result = score_replies("vlmbias", rows, replies, resamples=400, seed=7)
    found = result["background"]
    assert found["pairs"] == 60 and result["bootstrap"]["clusters"] == 60
    assert found["with_background"]["accuracy"] == pytest.approx(30 / 60)
    assert found["without_background"]["accuracy"] == pytest.approx(42 / 60)
    assert found["difference"]["accuracy"] == pytest.approx(12 / 60)
    assert found["difference"]["bias_aligned_rate"] == pytest.approx(-12 / 60)
    assert found["difference"]["task_mean"] == pytest.approx(12 / 60)
    paired = result["ci95"]["background.difference.accuracy"]
    assert paired[0] < 12 / 60 < paired[1] and paired[0] > 0
    # Resampled with the two rows of an image apart, as if from different images, the interval is
    # wider: pairing is what makes the difference precise.
    options = VLMBiasOptions()
    units = SCORER.grade_rows(rows, replies, options)
    apart = intervals(
        lambda units: SCORER.aggregate(units, options),
        [units],
        lambda unit: unit.image_id,
        resamples=400,
        seed=7,
    )
    unpaired = apart["background.difference.accuracy"]
    assert unpaired[1] - unpaired[0] > 1.5 * (paired[1] - paired[0])


def test_per_topic_and_task_mean_differences() -> None:
    animals, animal_replies = correlated(paired=20, gained=10, lost=0, topic="Animals")
    flags, flag_replies = correlated(paired=40, gained=0, lost=4, topic="Flags")
    found = score_replies("vlmbias", animals + flags, {**animal_replies, **flag_replies}, resamples=200)
    compared = found["background"]
    assert compared["by_topic"]["Animals"]["difference"] == pytest.approx(10 / 20)
    assert compared["by_topic"]["Flags"]["difference"] == pytest.approx(-4 / 40)
    assert compared["difference"]["task_mean"] == pytest.approx((10 / 20 - 4 / 40) / 2)
    assert compared["difference"]["accuracy"] == pytest.approx((10 - 4) / 60)
    assert found["ci95"]["background.by_topic.Flags.difference"] is not None


def test_a_split_alone_has_no_background_block(lite_build) -> None:
    rows = load_rows(lite_build, "flags", "remove_background_q1q2")
    result = score_replies("vlmbias", rows, {r["id"]: "{1}" for r in rows}, resamples=0)
    assert "background" not in result and result["n"] == len(rows)


def test_eval_score_reads_both_splits_and_reports_the_paired_difference(lite_build, tmp_path) -> None:
    """The documented command: with the background the replies follow the prior, without it they count."""
    rows = load_rows(lite_build, "all", "main+remove_background_q1q2")
    predictions = tmp_path / "replies.jsonl"
    lines = []
    for found in rows:
        answer = found["ground_truth"] if "_nobackground_" in found["image_id"] else found["expected_bias"]
        lines.append(json.dumps({"id": found["id"], "response": f"{{{answer}}}"}))
    predictions.write_text("\n".join(lines) + "\n")
    out = tmp_path / "scores.json"
    command = [
        sys.executable, "-m", "eval", "score", "vlmbias", "--data", str(lite_build), "--config", "all",
        "--split", "main+remove_background_q1q2", "--predictions", str(predictions), "--out", str(out),
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(out.read_text())
    assert result["split"] == "main+remove_background_q1q2" and not result["missing_ids"]
    compared = result["background"]
    assert compared["pairs"] == len(rows) // 2
    assert compared["difference"]["accuracy"] == 1.0 and compared["difference"]["task_mean"] == 1.0
    assert set(compared["by_topic"]) == {found["topic"] for found in rows}
    # Every drawing differs by exactly 1: no spread to build an interval from, and the note says so.
    assert result["ci95"]["background.difference.accuracy"] is None
    assert result["ci95_notes"]["background.difference.accuracy"].startswith("every cluster gives the same")
    assert result["bootstrap"]["clusters"] == len({found["image_id"] for found in rows}) // 2


@pytest.mark.parametrize(
    ("split", "message"),
    [
        ("main+main", "--split 'main+main' names a split twice; join each split once"),
        ("main+backgrounds", "unknown split 'backgrounds' in config 'flags'"),
    ],
)
def test_joined_splits_are_refused_in_one_sentence(lite_build, tmp_path, split: str, message: str) -> None:
    predictions = tmp_path / "replies.jsonl"
    predictions.write_text(json.dumps({"id": "x", "response": "{1}"}) + "\n")
    command = [
        sys.executable, "-m", "eval", "score", "vlmbias", "--data", str(lite_build), "--config", "flags",
        "--split", split, "--predictions", str(predictions),
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
