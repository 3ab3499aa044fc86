"""IllusionBench+ metrics on known answer policies, and the description judge against a loopback endpoint."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from typing import Any

import pytest

from eval.scoring import score_rows
from eval.scoring.illusionbench.descriptions import judge_prompt
from eval.scoring.judge import Judge, JudgeError
from tests.loopback import LoopbackServer

#: (id, category, difficulty, question_type, answer): 4 true/false rows (1 true, 3 false), 4 options rows.
ROWS = [
    ("a-tf1", "classic", "easy", "tf", "True"),
    ("a-tf2", "classic", "easy", "tf", "False"),
    ("b-tf1", "trap", "hard", "tf", "False"),
    ("b-tf2", "trap", "hard", "tf", "False"),
    ("a-mc1", "classic", "easy", "mc", "i"),
    ("a-mc2", "classic", "easy", "mc", "Option ii"),
    ("b-mc1", "trap", "hard", "mc", "iii"),
    ("b-mc2", "trap", "hard", "mc", "i"),
]
CATEGORIES = ("classic", "real_scene", "no_illusion", "ishihara", "trap")
TYPES = ("tf", "mc", "semantic", "illusion")


def rows(as_indices: bool = False) -> list[dict[str, Any]]:
    """The rows as Parquet gives them (class labels as indices) or as `datasets` does (names)."""
    found = []
    for row_id, category, difficulty, kind, answer in ROWS:
        found.append(
            {
                "id": row_id,
                "image_id": row_id[0],
                "category": CATEGORIES.index(category) if as_indices else category,
                "difficulty": ("easy", "neutral", "hard").index(difficulty) if as_indices else difficulty,
                "question_type": TYPES.index(kind) if as_indices else kind,
                "answer": answer,
            }
        )
    return found


def policy(reply: Any) -> dict[str, str]:
    return {row_id: reply(kind, answer) for row_id, _, _, kind, answer in ROWS}


def test_always_true_scores_the_true_share_and_a_false_positive_ratio_of_one() -> None:
    result = score_rows("illusionbench", rows(), policy(lambda kind, answer: "True" if kind == "tf" else "i"))
    assert (
        result["tf_accuracy"] == 0.25
        and result["fp"] == 3
        and result["fn"] == 0
        and result["fp_ratio"] == 1.0
    )
    assert result["mc_accuracy"] == 0.5  # "always option i" is right on the two rows whose answer is i
    assert (
        result["by_category"]["trap"]["tf_accuracy"] == 0.0
        and result["by_difficulty"]["easy"]["accuracy"] == 0.5
    )
    assert result["parse_failure_rate"] == 0.0 and result["n"] == 8


def test_always_the_truth_scores_one_and_always_false_has_ratio_zero() -> None:
    truth = score_rows("illusionbench", rows(as_indices=True), policy(lambda kind, answer: answer))
    assert truth["accuracy"] == 1.0 and truth["fp_ratio"] is None
    assert list(truth["by_category"]) == ["classic", "trap"]
    assert truth["parsers"]["lmms-eval"]["mc_accuracy"] == 0.75  # lmms-eval reads gold "Option ii" as "i"
    falsy = score_rows(
        "illusionbench", rows(), policy(lambda kind, answer: "False" if kind == "tf" else "ii")
    )
    assert falsy["fp"] == 0 and falsy["fn"] == 1 and falsy["fp_ratio"] == 0.0


def test_parsers_side_by_side_and_parse_failures() -> None:
    replies = policy(lambda kind, answer: "The statement is false." if kind == "tf" else "I am not sure.")
    strict = score_rows("illusionbench", rows(), replies)
    assert strict["tf_accuracy"] == 0.75 and strict["mc_accuracy"] == 0.0
    assert strict["parse_failures"] == {"no_answer": 4} and strict["parse_failure_rate"] == 0.5
    assert strict["parsers"]["lmms-eval"]["tf_accuracy"] == 0.25  # read as True (first letter t)
    # Read as option i (the English "I"), which is right for gold "i" and for gold "Option ii" (read "i").
    assert strict["parsers"]["lmms-eval"]["mc_accuracy"] == 0.75
    assert strict["parsers_disagree"] == 7
    lmms = score_rows("illusionbench", rows(), replies, parser="lmms-eval")
    assert lmms["parser"] == "lmms-eval" and lmms["tf_accuracy"] == 0.25 and lmms["fp_ratio"] == 1.0


def test_rows_without_a_reply_are_left_out_and_unreadable_golds_listed() -> None:
    broken = [*rows(), {**rows()[4], "id": "c-mc1", "answer": "B"}]
    result = score_rows("illusionbench", broken, {"a-tf1": "True", "c-mc1": "B"})
    assert result["n"] == 2 and result["gold_unreadable"] == ["c-mc1"] and result["accuracy"] == 0.5


GOLDEN = "In this picture, two lines. There is a visual illusion in the image. The reason is the fins."
DESCRIPTIONS = [
    {"id": f"{image}-{kind}", "image_id": image, "category": category, "difficulty": "easy",
     "question_type": kind, "answer": GOLDEN}
    for image, category in (("a", "classic"), ("b", "trap")) for kind in ("semantic", "illusion")
]  # fmt: skip


class Votes(LoopbackServer):
    """A judge that rates semantic replies 2, 2, 1, 2, then says something unreadable; illusion replies 1."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: dict[str, int] = defaultdict(int)

    def reply(self, messages: list[dict[str, Any]]) -> str:
        prompt = messages[-1]["content"]
        with self.lock:
            self.received.append({"prompt": prompt})
            count = self.asked[prompt]
            self.asked[prompt] += 1
        if "existence and causal information" in prompt:
            return "1"
        if "after thinking" in prompt:
            return "2"
        return ["2", "2", "1", "Rating: two", "2"][count % 5]


@pytest.fixture
def judge_server() -> Votes:
    server = Votes()
    yield server
    server.close()


def test_descriptions_are_judged_with_the_papers_prompts_and_votes(judge_server: Votes) -> None:
    judge = Judge(base_url=judge_server.base_url, model="judge-model-2024-09-19", votes=5, workers=2)
    replies = {row["id"]: f"A picture of lines ({row['id']})." for row in DESCRIPTIONS}
    step_by_step = {
        "a-semantic": "after thinking about the illusion, two lines.",
        "b-semantic": "after thinking",
    }
    result = score_rows("illusionbench", DESCRIPTIONS, replies, judge=judge, step_by_step=step_by_step)[
        "descriptions"
    ]
    assert result["judge"]["model"] == "judge-model-2024-09-19"
    assert result["judge"]["reported_models"] == ["judge-model-2024-09-19"] and result["judge"]["votes"] == 5
    assert len(judge_server.received) == 5 * 6
    assert result["by_prompt"]["semantic"] == {"n": 2, "mean": 1.75, "std": 0.0}
    assert (
        result["by_prompt"]["illusion"]["mean"] == 1.0 and result["by_prompt"]["step_by_step"]["mean"] == 2.0
    )
    assert result["unparsed_votes"] == 2 and result["by_category"]["trap"]["semantic"] == 1.75
    gain = result["step_by_step_gain"]
    assert gain["overall"]["gain"] == pytest.approx((2.0 - 1.75) / 1.75)
    assert gain["by_illusion_preciseness"]["[0.67, 1.33)"]["n"] == 2
    expected = judge_prompt("semantic", replies["a-semantic"], GOLDEN)
    assert {"prompt": expected} in judge_server.received
    assert expected.startswith(
        "Respondent description is ‘A picture of lines (a-semantic).’, reference description"
    )


def test_descriptions_are_not_judged_by_default_and_an_unreachable_judge_is_one_sentence() -> None:
    replies = {row["id"]: "Two lines." for row in DESCRIPTIONS}
    assert score_rows("illusionbench", DESCRIPTIONS, replies)["descriptions"] == {
        "judged": False, "rows": 4, "why": "no judge given (it is off by default)",
    }  # fmt: skip
    with pytest.raises(
        JudgeError, match=re.escape("cannot reach the judge at 'http://127.0.0.1:9/v1/chat/completions'")
    ):
        score_rows(
            "illusionbench",
            DESCRIPTIONS,
            replies,
            judge=Judge(base_url="http://127.0.0.1:9/v1", model="m", timeout=2),
        )


# --- through `python -m eval score` --------------------------------------------------------------


class KeyedJudge(LoopbackServer):
    """A judge that rates a reply 2 when it repeats the reference, else 0, and records each request's key."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str | None] = []
        base = self.RequestHandlerClass

        class Handler(base):  # type: ignore[valid-type, misc]
            def do_POST(self) -> None:
                self.server.keys.append(self.headers.get("Authorization"))  # type: ignore[attr-defined]
                super().do_POST()

        self.RequestHandlerClass = Handler

    def reply(self, messages: list[dict[str, Any]]) -> str:
        respondent, reference = re.findall(r"‘(.*?)’", messages[-1]["content"], re.DOTALL)[:2]
        return "2" if respondent == reference else "0"


def test_eval_score_judges_descriptions_with_the_key_from_the_environment_only(
    illusionbench_lite, tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from eval.cli import main as eval_cli
    from eval.data import load_rows

    rows = load_rows(illusionbench_lite, "drawn_trap", "descriptions")
    replies = {row["id"]: row["answer"] if row["id"].endswith("semantic") else "No illusion." for row in rows}
    predictions = tmp_path / "replies.jsonl"
    predictions.write_text("".join(json.dumps({"id": k, "response": v}) + "\n" for k, v in replies.items()))
    monkeypatch.setenv("ILLUSIONBENCH_JUDGE_API_KEY", "sk-never-printed")
    judge = KeyedJudge()
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn_trap"]
    argv += ["--split", "descriptions", "--predictions", str(predictions)]
    try:
        code = eval_cli(
            [*argv, "--judge-url", judge.base_url, "--judge-model", "judge-7b", "--judge-votes", "2"]
        )
    finally:
        judge.close()
    printed = capsys.readouterr()
    assert code == 0 and "sk-never-printed" not in printed.out + printed.err
    described = json.loads(printed.out)["descriptions"]
    assert (
        described["by_prompt"]["semantic"]["mean"] == 2.0
        and described["by_prompt"]["illusion"]["mean"] == 0.0
    )
    assert described["judge"]["model"] == "judge-7b" and described["judge"]["votes"] == 2
    assert judge.keys == ["Bearer sk-never-printed"] * 2 * len(rows)
    assert eval_cli([*argv, "--judge-url", judge.base_url]) == 2
    assert "needs both --judge-url and --judge-model" in capsys.readouterr().err


def test_eval_score_reads_with_the_parser_asked_for(illusionbench_lite, tmp_path, capsys) -> None:
    from eval.cli import main as eval_cli
    from eval.data import load_rows

    rows = load_rows(illusionbench_lite, "drawn_classic", "test")
    predictions = tmp_path / "replies.jsonl"
    predictions.write_text("".join(json.dumps({"id": row["id"], "response": "The statement is false."}) + "\n"
                                   for row in rows if row["question_type"] == 0))  # fmt: skip
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", "drawn_classic"]
    argv += ["--split", "test", "--predictions", str(predictions)]
    results = {}
    for parser in ("strict", "lmms-eval"):
        assert eval_cli([*argv, "--parser", parser]) == 0
        results[parser] = json.loads(capsys.readouterr().out)
    falses = [row["answer"] == "False" for row in rows if row["question_type"] == 0]
    assert results["strict"]["parser"] == "strict" and results["lmms-eval"]["parser"] == "lmms-eval"
    assert results["strict"]["accuracy"] == pytest.approx(sum(falses) / len(falses))
    assert results["lmms-eval"]["accuracy"] == pytest.approx(1 - sum(falses) / len(falses))  # read as True
    assert results["lmms-eval"]["fp_ratio"] == 1.0 and results["strict"]["fp_ratio"] == 0.0
