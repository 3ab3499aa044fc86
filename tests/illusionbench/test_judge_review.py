"""The end of the paper's grading protocol: a person's review overturns the judge's verdicts.

A scripted judge on 127.0.0.1 (`test_judge_grading.ScriptedJudge`: a reply "votes:N ..." gets N
votes of 1 among 5) grades the lite build's trap questions through `python -m eval score`;
`--write-review` writes the replies it marked incorrect, a person's edits of that file come back
with `--review`, and every verdict the person changed moves the metrics by exactly that reply.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main as eval_cli
from eval.data import load_rows
from tests.illusionbench.test_judge_grading import ScriptedJudge

CONFIG = "drawn_trap"


@pytest.fixture
def judge() -> Iterator[ScriptedJudge]:
    server = ScriptedJudge()
    yield server
    server.close()


@pytest.fixture
def run(illusionbench_lite: Path, judge: ScriptedJudge, tmp_path: Path) -> dict[str, Any]:
    """The trap rows, replies the judge marks incorrect on every third row, and the judged command
    (each reply names its row, so no two replies share a prompt and the judge's vote count)."""
    rows = load_rows(illusionbench_lite, CONFIG, "test")
    wrong = [row["id"] for row in rows[::3]]
    lines = [
        {"id": row["id"], "response": f"votes:{1 if row['id'] in wrong else 4} {row['id']} {row['answer']}"}
        for row in rows
    ]
    predictions = tmp_path / "replies.jsonl"
    predictions.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    argv = ["score", "illusionbench", "--data", str(illusionbench_lite), "--config", CONFIG]
    argv += ["--predictions", str(predictions), "--bootstrap", "200"]
    judged = [*argv, "--grader", "judge", "--judge-url", judge.base_url, "--judge-model", "judge-7b"]
    return {"rows": rows, "wrong": wrong, "argv": argv, "judged": judged, "predictions": predictions}


def _score(argv: list[str], out: Path) -> dict[str, Any]:
    assert eval_cli([*argv, "--out", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_review_file_overturns_the_judges_verdicts(
    run: dict[str, Any], judge: ScriptedJudge, tmp_path: Path
) -> None:
    rows, wrong = run["rows"], run["wrong"]
    review = tmp_path / "review.jsonl"
    before = _score([*run["judged"], "--write-review", str(review)], tmp_path / "judged.json")
    assert before["accuracy"] == pytest.approx(1 - len(wrong) / len(rows))
    assert before["judge"]["review"]["judged_incorrect"] == wrong
    assert before["judge"]["reviewed"] == {"rows": 0, "changed": []}

    # The file to fill in: every reply the judge marked incorrect, its verdict pre-filled.
    written = _lines(review)
    assert [line["id"] for line in written] == wrong and len(wrong) >= 4
    by_id = {row["id"]: row for row in rows}
    for line in written:
        assert line["correct"] is False and sorted(line["votes"]) == [0, 0, 0, 0, 1]
        assert line["question"] == by_id[line["id"]]["question"] and line["reply"].startswith("votes:1 ")

    # A person: the first two judged-incorrect replies were right; the third stays wrong; and a reply
    # the judge passed is wrong after all.
    passed = next(row["id"] for row in rows if row["id"] not in wrong)
    edited = [{**written[0], "correct": True}, {**written[1], "correct": True}, written[2]]
    edited.append({"id": passed, "correct": False})
    review.write_text("".join(json.dumps(line) + "\n" for line in edited), encoding="utf-8")
    calls = len(judge.received)
    judge.calls.clear()  # the scripted judge votes afresh on the prompts it has seen
    after = _score([*run["judged"], "--review", str(review)], tmp_path / "reviewed.json")
    assert len(judge.received) == 2 * calls  # the judge still votes; the person's verdicts replace its

    assert after["judge"]["reviewed"] == {
        "rows": 4,
        "changed": sorted(
            [
                {"id": written[0]["id"], "judge": False, "reviewed": True},
                {"id": written[1]["id"], "judge": False, "reviewed": True},
                {"id": passed, "judge": True, "reviewed": False},
            ],
            key=lambda change: [row["id"] for row in rows].index(change["id"]),
        ),
    }
    right = len(rows) - len(wrong) + 2 - 1
    assert after["accuracy"] == pytest.approx(right / len(rows))
    assert after["parsers"]["judge"]["accuracy"] == after["accuracy"]
    assert after["judge"]["rows"][written[0]["id"]] | {"votes": None} == {
        "votes": None,
        "correct": False,  # the judge's verdict, kept beside the person's
        "reviewed": True,
        "models": ["judge-7b"],
    }
    assert after["judge"]["rows"][written[2]["id"]]["reviewed"] is False  # confirmed: not a change
    assert after["judge"]["rows"][written[3]["id"]]["reviewed"] is None  # left out of the review
    # The outcomes carry the person's verdicts: `eval compare` recomputes the difference from them.
    comparison = tmp_path / "comparison.json"
    compared = [str(tmp_path / "judged.json"), str(tmp_path / "reviewed.json"), "--bootstrap", "200"]
    assert eval_cli(["compare", *compared, "--out", str(comparison)]) == 0
    accuracy = json.loads(comparison.read_text(encoding="utf-8"))["metrics"]["accuracy"]
    assert accuracy["difference"] == pytest.approx(1 / len(rows))  # two overturned to right, one to wrong


def test_a_blind_run_is_judged_but_never_reviewed(run: dict[str, Any], tmp_path: Path) -> None:
    review = tmp_path / "review.jsonl"
    review.write_text(json.dumps({"id": run["wrong"][0], "correct": True}) + "\n", encoding="utf-8")
    blind = tmp_path / "blind.jsonl"  # the same verdicts in other words (a prompt of its own to the judge)
    lines = run["predictions"].read_text(encoding="utf-8").splitlines()
    blind.write_text("".join(line.replace('"}', ' blind"}') + "\n" for line in lines), encoding="utf-8")
    found = _score([*run["judged"], "--blind", str(blind), "--review", str(review)], tmp_path / "b.json")
    n, wrong = len(run["rows"]), len(run["wrong"])
    assert found["accuracy"] == pytest.approx((n - wrong + 1) / n)
    assert found["blind"]["accuracy"] == pytest.approx((n - wrong) / n)  # the same replies, unreviewed


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([{"id": "no-such-row", "correct": True}], "names 'no-such-row' (line 1), which is no judged reply"),
        ([{"id": "WRONG", "correct": "yes"}], 'says correct is "yes" for'),
        ([{"id": "WRONG", "corect": True}], "has the key 'corect', which no review line has"),
        ([{"id": "WRONG", "correct": True}, {"id": "WRONG", "correct": False}], "again (first on line 1)"),
        (["not json"], "line 1 of review file"),
    ],
)
def test_a_bad_review_file_is_one_sentence_before_the_judge_is_asked(
    run: dict[str, Any],
    judge: ScriptedJudge,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: list[Any],
    message: str,
) -> None:
    review = tmp_path / "review.jsonl"
    text = "".join(
        (line if isinstance(line, str) else json.dumps(line).replace("WRONG", run["wrong"][0])) + "\n"
        for line in lines
    )
    review.write_text(text, encoding="utf-8")
    out = tmp_path / "scores.json"
    assert eval_cli([*run["judged"], "--review", str(review), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err
    assert not out.exists() and not judge.received


def test_review_flags_need_the_judge_one_at_a_time_and_a_new_file_to_write(
    run: dict[str, Any], judge: ScriptedJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    review = tmp_path / "review.jsonl"
    review.write_text("", encoding="utf-8")
    assert eval_cli([*run["argv"], "--review", str(review)]) == 2
    assert (
        "--review and --write-review check the judge's verdicts; add --grader judge"
        in capsys.readouterr().err
    )
    assert eval_cli([*run["judged"], "--review", str(review), "--write-review", str(tmp_path / "w")]) == 2
    assert "give one of them" in capsys.readouterr().err
    # Writing the list never replaces a file: the predictions, or a review a person filled in.
    for existing in (run["predictions"], review):
        before = existing.read_bytes()
        assert eval_cli([*run["judged"], "--write-review", str(existing)]) == 2
        assert "exists, and --write-review would replace it" in capsys.readouterr().err
        assert existing.read_bytes() == before
    assert not judge.received  # every refusal came before the judge was asked
    # An empty review changes nothing.
    found = _score([*run["judged"], "--review", str(review)], tmp_path / "empty.json")
    assert found["judge"]["reviewed"] == {"rows": 0, "changed": []}
