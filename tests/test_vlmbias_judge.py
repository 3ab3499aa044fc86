"""VLMBias's judge grader (VLMEvalKit's `VLMBias`: brace template, then a judge) against scripted judges.

Each judge is a real OpenAI-compatible server on 127.0.0.1 that reads VLMEvalKit's prompt back (the
response and the ground truth between its markers) and answers by a script: a reply holding "hedge"
never gets an answer that reads as yes or no, one holding "second" gets "Hmm." first and its verdict
on the next call, any other gets "Yes" when the ground truth is one of the response's words and
"No." otherwise. Each reply kind below therefore has a known template reading, number of calls,
readings and verdict; the test checks the score JSON against them row by row and in total.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.scoring.vlmbias.vlmevalkit_compat import PROMPT, normalise, read_vote, template_reading
from tests.loopback import LoopbackServer
from tests.test_docs import ROOT, commands

RESPONSE = re.compile(r"\[Begin Response\](.*)\[End Response\]", re.DOTALL)
TRUTH = re.compile(r"\[Begin Ground-Truth\](.*)\[End Ground-Truth\]", re.DOTALL)
NUMBER_WORDS = {"2": "Two", "3": "three", "4": "FOUR", "5": "five", "6": "six", "7": "seven", "8": "eight"}


class ScriptedJudge(LoopbackServer):
    """Answers VLMEvalKit's judge prompt by the module docstring's script; `never` never says yes or no."""

    def __init__(self, never: bool = False) -> None:
        super().__init__()
        self.never = never
        self.prompts: list[str] = []

    def reply(self, messages: list[dict[str, Any]]) -> str:
        prompt = messages[-1]["content"]
        if not RESPONSE.search(prompt):
            return "Hello."  # VLMEvalKit's check that a judge answers at all ("hello")
        response, truth = between(RESPONSE, prompt), between(TRUTH, prompt)
        with self.lock:
            earlier = self.prompts.count(prompt)
            self.prompts.append(prompt)
        if self.never or "hedge" in response:
            return "I cannot tell from the text given."
        if "second" in response and not earlier:
            return "Hmm."
        return "Yes" if truth in response.split() else "No."


def between(markers: re.Pattern[str], prompt: str) -> str:
    found = markers.search(prompt)
    assert found, f"not VLMEvalKit's judge prompt: {prompt[:80]!r}"
    return found.group(1)


def reply_of(kind: int, row: dict[str, Any], number: int) -> str:
    """Reply kind `kind` (0-5) to `row`; `number` makes each reply (and so each judge prompt) unique."""
    truth, bias = row["ground_truth"], row["expected_bias"]
    return [
        f"I count {{{truth}}}.",  # 0: template hit, no call
        f"Surely {{{bias}}}.",  # 1: template reads the bias; the judge says no
        f"The answer is {truth} (row {number})",  # 2: no braces; the judge says yes
        f"{{hedge {number}}}",  # 3: three calls, no verdict
        f"second look {number}: {truth}",  # 4: "Hmm." then yes
        f"{{{NUMBER_WORDS.get(truth, truth.upper())}}}",  # 5: a number word or YES/NO: template hit
    ][kind]


#: Per reply kind: (correct, the judge's readings, template hit, bias-aligned by the template).
EXPECTED = {
    0: (True, (), True, False),
    1: (False, ("no",), False, True),
    2: (True, ("yes",), False, False),
    3: (False, (None, None, None), False, False),
    4: (True, (None, "yes"), False, False),
    5: (True, (), True, False),
}


@pytest.fixture
def judge() -> ScriptedJudge:
    server = ScriptedJudge()
    yield server
    server.close()


def score(build: Path, config: str, folder: Path, *flags: str) -> int:
    """`eval score` of `folder`/replies.jsonl on `config`/main into `folder`/s.json."""
    argv = ["score", "vlmbias", "--data", str(build), "--config", config, "--split", "main", *flags]
    replies, out = folder / "replies.jsonl", folder / "s.json"
    return eval_cli([*argv, "--predictions", str(replies), "--bootstrap", "40", "--out", str(out)])


def write_replies(build: Path, config: str, folder: Path, kind_of: Callable[[int], int]) -> dict[str, int]:
    """One reply per row of `config`/main, of kind `kind_of(position)`; returns each row id's kind."""
    kinds, lines = {}, []
    for number, row in enumerate(load_rows(build, config, "main")):
        kinds[row["id"]] = kind_of(number)
        lines.append(json.dumps({"id": row["id"], "response": reply_of(kinds[row["id"]], row, number)}))
    (folder / "replies.jsonl").write_text("\n".join(lines) + "\n")
    return kinds


@pytest.mark.parametrize("config", ["patterned_grids", "optical_illusions"])
def test_template_hits_judge_calls_and_votes_are_each_rows_known_outcome(
    lite_build: Path, tmp_path: Path, judge: ScriptedJudge, monkeypatch, config: str
) -> None:
    monkeypatch.setenv("ILLUSIONBENCH_JUDGE_API_KEY", "sk-judge")
    kinds = write_replies(lite_build, config, tmp_path, lambda number: number % 6)
    url = judge.base_url
    flags = ("--grader", "judge", "--judge-url", url, "--judge-model", "judge-model")
    assert score(lite_build, config, tmp_path, *flags) == 0
    result = json.loads((tmp_path / "s.json").read_text())

    rows = len(kinds)
    count = Counter(kinds.values())
    correct = sum(EXPECTED[kind][0] for kind in kinds.values())
    calls = sum(len(EXPECTED[kind][1]) for kind in kinds.values())
    assert result["parser"] == "judge" and result["outcomes"]["options"] == {"grader": "judge"}
    assert result["accuracy_item_mean"] == pytest.approx(correct / rows)
    assert result["parse_failure_rate"] == pytest.approx(count[3] / rows)
    assert result["bias_aligned_rate"] == pytest.approx(count[1] / rows)
    assert set(result["parsers"]) == {"strict", "lmms-eval", "judge"}
    assert result["parsers"]["judge"]["accuracy_item_mean"] == result["accuracy_item_mean"]
    assert result["parsers"]["strict"]["accuracy_item_mean"] != result["accuracy_item_mean"]
    assert "accuracy_item_mean" in result["ci95"]

    block = result["judge"]
    assert (block["model"], block["base_url"], block["attempts"]) == ("judge-model", url, 3)
    assert block["reported_models"] == ["judge-model"] and block["prompt"].startswith("vlmevalkit-0.0.20")
    assert block["template_hits"] == count[0] + count[5]
    assert block["judged_rows"] == rows - count[0] - count[5] and block["calls"] == calls
    assert block["no_verdict"] == count[3]
    assert len(judge.prompts) == calls, "the judge is asked only where the template misses, once per reading"
    for row_id, kind in kinds.items():
        want_correct, want_votes, hit, _ = EXPECTED[kind]
        if hit:
            assert row_id not in block["rows"]
            continue
        assert block["rows"][row_id]["votes"] == list(want_votes), (row_id, kind)
        assert block["rows"][row_id]["correct"] is want_correct, (row_id, kind)
    units = {unit["ID"]: unit for unit in result["outcomes"]["units"]}
    for row_id, kind in kinds.items():
        assert units[row_id]["template_correct"] is EXPECTED[kind][2]
        assert units[row_id]["template_bias_aligned"] is EXPECTED[kind][3]
        assert tuple(units[row_id]["judge_votes"]) == EXPECTED[kind][1]


def test_the_judge_reads_vlmevalkits_prompt_with_the_normalised_reading_and_truth(
    lite_build: Path, tmp_path: Path, judge: ScriptedJudge
) -> None:
    rows = load_rows(lite_build, "patterned_grids", "main")
    row = rows[0]
    reply = f"I think THE answer is {{ The  {row['expected_bias']} }}, not a {row['ground_truth']}"
    (tmp_path / "replies.jsonl").write_text(json.dumps({"id": row["id"], "response": reply}) + "\n")
    flags = ("--grader", "judge", "--judge-url", judge.base_url, "--judge-model", "m")
    assert score(lite_build, "patterned_grids", tmp_path, *flags) == 0
    (prompt,) = judge.prompts
    assert prompt == PROMPT.format(response=row["expected_bias"], ground_truth=row["ground_truth"])
    assert template_reading(reply) == row["expected_bias"] == normalise(f"the {row['expected_bias']}")


def test_a_judge_that_never_says_yes_or_no_is_asked_three_times_and_every_miss_is_wrong(
    lite_build: Path, tmp_path: Path
) -> None:
    server = ScriptedJudge(never=True)
    try:
        kinds = write_replies(lite_build, "patterned_grids", tmp_path, lambda number: number % 3)
        flags = ("--grader", "judge", "--judge-url", server.base_url, "--judge-model", "m")
        assert score(lite_build, "patterned_grids", tmp_path, *flags) == 0
    finally:
        server.close()
    result = json.loads((tmp_path / "s.json").read_text())
    count = Counter(kinds.values())
    misses = count[1] + count[2]
    assert len(server.prompts) == 3 * misses
    assert result["accuracy_item_mean"] == pytest.approx(count[0] / len(kinds))
    assert result["parse_failure_rate"] == pytest.approx(misses / len(kinds))
    assert result["judge"]["no_verdict"] == misses
    assert all(entry["votes"] == [None, None, None] for entry in result["judge"]["rows"].values())


def test_scores_of_the_judge_grader_compare_without_asking_it_again(
    lite_build: Path, tmp_path: Path, judge: ScriptedJudge, capsys
) -> None:
    write_replies(lite_build, "patterned_grids", tmp_path, lambda number: number % 6)
    flags = ("--grader", "judge", "--judge-url", judge.base_url, "--judge-model", "m")
    assert score(lite_build, "patterned_grids", tmp_path, *flags) == 0
    asked = len(judge.prompts)
    out = tmp_path / "compare.json"
    assert eval_cli(["compare", str(tmp_path / "s.json"), str(tmp_path / "s.json"), "--out", str(out)]) == 0
    assert len(judge.prompts) == asked
    assert (
        json.loads(out.read_text())["metrics"]["accuracy_item_mean"]["a"]
        == json.loads((tmp_path / "s.json").read_text())["accuracy_item_mean"]
    )


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (("--grader", "judge"), "--grader judge needs a judge: add --judge-url URL and --judge-model NAME"),
        (("--judge-url", "http://127.0.0.1:9/v1", "--judge-model", "m"), "only with --grader judge"),
        (("--grader", "judge", "--judge-model", "m"), "needs both --judge-url and --judge-model"),
    ],
)
def test_a_judge_asked_for_wrongly_is_one_sentence_and_nothing_is_written(
    lite_build: Path, tmp_path: Path, capsys, flags: tuple[str, ...], message: str
) -> None:
    write_replies(lite_build, "patterned_grids", tmp_path, lambda number: 1)
    assert score(lite_build, "patterned_grids", tmp_path, *flags) == 2
    assert message in capsys.readouterr().err and not (tmp_path / "s.json").exists()


def test_an_unreachable_judge_stops_the_score_with_one_sentence(
    lite_build: Path, tmp_path: Path, capsys
) -> None:
    closed = LoopbackServer()
    url = closed.base_url
    closed.close()
    write_replies(lite_build, "patterned_grids", tmp_path, lambda number: 1)
    flags = ("--grader", "judge", "--judge-url", url, "--judge-model", "m")
    assert score(lite_build, "patterned_grids", tmp_path, *flags) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "judge" in err and err.count("\n") == 1
    assert not (tmp_path / "s.json").exists()


@pytest.mark.parametrize(
    ("answer", "vote"),
    [
        ("Yes", "yes"),
        ("no.", "no"),
        ('"yes"', "yes"),
        ("(No)", "no"),
        ("Yes, it is correct.", "yes"),
        ("Yes - not no", None),
        ("Yes:", None),
        ("**Yes**", None),
        ("yes/no", None),
        ("The answer: yes", "yes"),
        ("", None),
    ],
)
def test_a_judge_answer_reads_as_vlmevalkit_reads_it(answer: str, vote: str | None) -> None:
    assert read_vote(answer) == vote


def test_the_documented_judge_command_runs_as_written_against_a_judge(
    lite_build: Path, tmp_path: Path, judge: ScriptedJudge
) -> None:
    """docs/evaluate.md's `--grader judge` command, with URL and NAME those of a scripted judge."""
    (documented,) = [
        command.text
        for command in commands(ROOT / "docs" / "evaluate.md")
        if "score vlmbias" in command.text and "--grader judge" in command.text
    ]
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "vlmbias").symlink_to(lite_build)
    kinds = write_replies(lite_build, "patterned_grids", tmp_path, lambda number: number % 6)
    text = documented.replace(" URL", f" {judge.base_url}").replace(" NAME", " judge-model")
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", "-c", text], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    result = json.loads((tmp_path / "judged.json").read_text())
    correct = sum(EXPECTED[kind][0] for kind in kinds.values())
    assert result["accuracy_item_mean"] == pytest.approx(correct / len(kinds))
    assert result["judge"]["model"] == "judge-model" and len(judge.prompts) == result["judge"]["calls"] > 0
