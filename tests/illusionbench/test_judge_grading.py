"""The paper's judge grading of true/false and multiple-choice replies, against scripted loopback judges.

The scripted judge reads the respondent's answer out of the paper's prompt: a reply "votes:N"
gets N votes of 1 among the 5 it is asked for, so every verdict the majority rule gives is known.
Also: the command line, bounded timeouts, an HTTP error that is not retried, and Ctrl-C.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.scoring import score_rows
from eval.scoring.illusionbench.verdicts import MC_PROMPT, TF_PROMPT, verdict_prompt
from eval.scoring.judge import Judge, JudgeError
from tests.loopback import LoopbackServer

ANSWER = re.compile(r"respondent’s answer is (.*?)(?:\. Determine|, Determine)", re.DOTALL)


class ScriptedJudge(LoopbackServer):
    """Votes 1 on N of the 5 calls for a reply "votes:N ..." (the first N to arrive; calls run
    concurrently, so which of a reply's votes is which varies), "0" on every other reply."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: dict[str, int] = defaultdict(int)

    def reply(self, messages: list[dict[str, Any]]) -> str:
        prompt = messages[-1]["content"]
        found = ANSWER.search(prompt)
        answer = found.group(1) if found else ""  # a description prompt: no verdict asked
        with self.lock:
            self.received.append({"prompt": prompt})
            count = self.calls[prompt]
            self.calls[prompt] += 1
        if not answer.startswith("votes:"):
            return "0" if count % 2 else "Output: 0"
        ones = int(answer.removeprefix("votes:").split()[0])
        return "1" if count < ones else "0"


@pytest.fixture
def judge() -> ScriptedJudge:
    server = ScriptedJudge()
    yield server
    server.close()


ROWS = [
    {"id": f"{image}-{kind}{n}", "image_id": image, "category": "trap", "difficulty": "hard",
     "question_type": kind, "question": question, "answer": answer, "options": list(options)}
    for image, kind, n, question, answer, options in (
        ("a", "tf", 1, "The lines are equal.", "False", ()),
        ("a", "tf", 2, "The upper line is longer.", "True", ()),
        ("b", "tf", 1, "The bands are equal.", "False", ()),
        ("b", "mc", 1, "Which?\ni. A\nii. B\niii. C\niv. D", "ii", ("A", "B", "C", "D")),
        ("c", "mc", 1, "Which?\ni. A\nii. B\niii. C\niv. D", "iv", ("A", "B", "C", "D")),
    )
]  # fmt: skip


def test_the_majority_of_five_votes_decides_and_disagreements_are_listed(judge: ScriptedJudge) -> None:
    replies = {
        "a-tf1": "votes:3 False",  # 3 of 5: correct (the strict parser agrees)
        "a-tf2": "votes:2 True",  # 2 of 5: incorrect (the strict parser says correct)
        "b-tf1": "votes:5 true",  # 5 of 5: correct (strict: wrong)
        "b-mc1": "votes:4 ii",  # correct
        "c-mc1": "no idea",  # every vote 0, half of them as "Output: 0"
    }
    result = score_rows(
        "illusionbench",
        ROWS,
        replies,
        grader="judge",
        judge=Judge(judge.base_url, "judge-v1", votes=5, workers=3),
    )
    assert result["grader"] == "judge" and result["parser"] == "strict"
    assert result["tf_accuracy"] == pytest.approx(2 / 3) and result["mc_accuracy"] == 0.5
    assert result["fp"] == 0 and result["fn"] == 1  # the judged error on a true statement
    rows = result["judge"]["rows"]
    assert rows["a-tf1"]["correct"] is True and rows["a-tf1"]["models"] == ["judge-v1"]
    assert sorted(rows["a-tf1"]["votes"]) == [0, 0, 1, 1, 1]
    assert sorted(rows["a-tf2"]["votes"]) == [0, 0, 0, 1, 1] and rows["a-tf2"]["correct"] is False
    assert rows["c-mc1"]["votes"] == [0] * 5
    assert result["judge"]["model"] == "judge-v1" and result["judge"]["reported_models"] == ["judge-v1"]
    assert result["judge"]["votes"] == 5 and len(judge.received) == 5 * 5
    review = result["judge"]["review"]
    assert review["judged_incorrect"] == ["a-tf2", "c-mc1"]
    assert {(d["id"], d["judge"], d["strict"]) for d in review["disagreements_with_strict"]} == {
        ("a-tf2", False, True),
        ("b-tf1", True, False),
    }
    assert result["parsers"]["strict"]["accuracy"] == 0.6 and result["parsers"]["judge"]["accuracy"] == 0.6
    expected = TF_PROMPT.format(question="The lines are equal.", answer="False", reply="votes:3 False")
    assert {"prompt": expected} in judge.received
    assert {"prompt": MC_PROMPT.format(question=ROWS[3]["question"], answer="ii", reply="votes:4 ii")} in (
        judge.received
    )
    assert "correct (1) or incorrect (1)" in expected  # the paper's slip, kept verbatim
    assert verdict_prompt("tf", "q", "a", "r") == TF_PROMPT.format(question="q", answer="a", reply="r")


def test_rotations_are_judged_each_and_circularly(judge: ScriptedJudge) -> None:
    mc = ROWS[3]
    replies = {"b-mc1": "votes:3", "b-mc1#r1": "votes:5", "b-mc1#r2": "votes:4", "b-mc1#r3": "votes:1"}
    result = score_rows(
        "illusionbench", [mc], replies, grader="judge", judge=Judge(judge.base_url, "j", votes=5)
    )
    assert result["circular"]["judge"]["mc_accuracy"] == 1.0
    assert result["circular"]["judge"]["mc_circular_accuracy"] == 0.0  # rotation 3 lost its majority
    assert sorted(result["judge"]["rows"]) == sorted(replies)


def write_predictions(path: Path, rows: list[dict[str, Any]]) -> Path:
    lines = [
        json.dumps({"id": row["id"], "response": f"votes:3 {row['id']} {row['answer']}"}) for row in rows
    ]
    path.write_text("".join(line + "\n" for line in lines))
    return path


def test_eval_score_grades_with_the_judge_and_refuses_half_a_setup(
    illusionbench_lite: Path, judge: ScriptedJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = load_rows(illusionbench_lite, "drawn_trap", "test")
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn_trap"]
    argv += ["--predictions", str(write_predictions(tmp_path / "replies.jsonl", rows))]
    out = tmp_path / "scores.json"
    judged = [*argv, "--grader", "judge", "--judge-url", judge.base_url, "--judge-model", "judge-7b"]
    assert eval_cli([*judged, "--judge-votes", "5", "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["grader"] == "judge" and result["accuracy"] == 1.0 and result["n"] == len(rows)
    assert set(result["judge"]["rows"]) == {row["id"] for row in rows}
    assert all(sorted(row["votes"]) == [0, 0, 1, 1, 1] for row in result["judge"]["rows"].values())
    capsys.readouterr()
    for extra, message in (
        (["--grader", "judge"], "--grader judge needs a judge: add --judge-url URL and --judge-model NAME"),
        (["--judge-url", judge.base_url, "--judge-model", "m"], "only with --grader judge"),
        (["--judge-votes", "3"], "--judge-votes and --judge-timeout need a judge"),
        (["--step-by-step", str(out)], "score them with --split descriptions"),
    ):
        assert eval_cli([*argv, *extra]) == 2
        assert message in capsys.readouterr().err


class Slow(LoopbackServer):
    """A judge that takes `delay` seconds to answer, or answers HTTP `status`."""

    def __init__(self, delay: float = 0.0, status: int = 200) -> None:
        super().__init__()
        self.delay, self.status = delay, status
        self.arrived = threading.Event()
        base = self.RequestHandlerClass

        class Handler(base):  # type: ignore[valid-type, misc]
            def do_POST(self) -> None:
                server = self.server
                server.arrived.set()  # type: ignore[attr-defined]
                with server.lock:
                    server.received.append({"path": self.path})
                if server.status != 200:  # type: ignore[attr-defined]
                    self.send_error(server.status)  # type: ignore[attr-defined]
                    return
                time.sleep(server.delay)  # type: ignore[attr-defined]
                super().do_POST()

        self.RequestHandlerClass = Handler

    def reply(self, messages: list[dict[str, Any]]) -> str:
        return "1"


def test_a_slow_judge_times_out_within_the_bound_and_a_refusal_is_not_retried() -> None:
    slow, refusing = Slow(delay=3.0), Slow(status=401)
    try:
        started = time.monotonic()
        with pytest.raises(
            JudgeError, match=r"did not answer within 0\.3 s after 3 attempts; raise --judge-timeout"
        ):
            score_rows(
                "illusionbench",
                ROWS[:1],
                {"a-tf1": "x"},
                grader="judge",
                judge=Judge(slow.base_url, "m", timeout=0.3),
            )
        assert time.monotonic() - started < 3.0  # 3 attempts of 0.3 s and pauses of 0.5 s and 1 s
        with pytest.raises(JudgeError, match=r"refused the request \(HTTP 401 .*ILLUSIONBENCH_JUDGE_API_KEY"):
            score_rows(
                "illusionbench",
                ROWS[:1],
                {"a-tf1": "x"},
                grader="judge",
                judge=Judge(refusing.base_url, "m", votes=1),
            )
        assert len(refusing.received) == 1
    finally:
        slow.close()
        refusing.close()


def test_ctrl_c_stops_a_judged_scoring_at_once_and_writes_nothing(
    illusionbench_lite: Path, tmp_path: Path
) -> None:
    rows = load_rows(illusionbench_lite, "drawn_trap", "test")
    predictions = write_predictions(tmp_path / "replies.jsonl", rows)
    out = tmp_path / "scores.json"
    server = Slow(delay=60.0)
    command = [
        sys.executable, "-m", "eval", "score", "illusionbench", "--data", str(illusionbench_lite),
        "--config", "drawn_trap", "--predictions", str(predictions), "--out", str(out),
        "--grader", "judge", "--judge-url", server.base_url, "--judge-model", "m",
    ]  # fmt: skip
    try:
        process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        assert server.arrived.wait(timeout=120), "the judge was never asked"
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 130 and time.monotonic() - started < 5
        assert "interrupted; no output was written" in err and not out.exists()
    finally:
        if process.poll() is None:
            process.kill()
        server.close()


def test_a_step_by_step_file_is_an_input_like_the_predictions(
    illusionbench_lite: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = load_rows(illusionbench_lite, "drawn_trap", "descriptions")
    predictions = write_predictions(tmp_path / "descriptions.jsonl", rows)
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn_trap"]
    argv += ["--split", "descriptions", "--predictions", str(predictions)]
    assert eval_cli([*argv, "--step-by-step", str(tmp_path / "missing.jsonl")]) == 2
    assert f"--step-by-step file '{tmp_path / 'missing.jsonl'}' does not exist" in capsys.readouterr().err
    assert eval_cli([*argv, "--step-by-step", str(predictions), "--out", str(predictions)]) == 2
    assert "is the input" in capsys.readouterr().err
    assert eval_cli([*argv, "--step-by-step", str(predictions)]) == 0
    assert json.loads(capsys.readouterr().out)["descriptions"]["judged"] is False  # no judge: nothing judged


def test_the_judge_grader_on_the_descriptions_split_judges_the_descriptions(judge: ScriptedJudge) -> None:
    rows = [{**ROWS[0], "id": "a-semantic", "question_type": "semantic", "answer": "In this picture, lines."}]
    result = score_rows(
        "illusionbench",
        rows,
        {"a-semantic": "Lines."},
        grader="judge",
        judge=Judge(judge.base_url, "j", votes=2),
    )
    assert result["grader"] == "judge" and result["judge"]["rows"] == {} and result["n"] == 1
    assert result["descriptions"]["replies"] == 1 and len(judge.received) == 2
