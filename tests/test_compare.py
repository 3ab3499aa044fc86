"""`python -m eval compare A.json B.json`: paired differences of two scores on the same rows; refusals.

Two simulated policies answer the VLMBias lite rows from one uniform number per row (a hash of its
id): A is right below 0.3, B below 0.5, both give the expected bias otherwise. The true difference
in accuracy is 0.2 and B is never worse on a row, so the paired interval must contain 0.2 and be
narrower than the two results' intervals combined as if independent (variance 0.16 against
0.21 + 0.25 per row); a result compared with itself differs by zero.
"""

from __future__ import annotations

import hashlib
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main
from eval.data import load_rows

ROOT = Path(__file__).resolve().parents[1]


def uniform(row_id: str) -> float:
    return int.from_bytes(hashlib.sha256(row_id.encode()).digest()[:8], "big") / 2**64


def policy(row: dict[str, Any], skill: float) -> str:
    answer = row["ground_truth"] if uniform(row["id"]) < skill else row["expected_bias"]
    return f"The answer is {{{answer}}}."


@pytest.fixture(scope="module")
def results(lite_build: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("compare")
    rows = load_rows(lite_build, "all", "main")
    found = {}
    for name, skill in (("a", 0.3), ("b", 0.5)):
        replies = folder / f"{name}.jsonl"
        replies.write_text(
            "".join(json.dumps({"id": r["id"], "response": policy(r, skill)}) + "\n" for r in rows)
        )
        found[name] = folder / f"{name}.json"
        argv = ["score", "vlmbias", "--data", str(lite_build), "--config", "all", "--split", "main"]
        assert main([*argv, "--predictions", str(replies), "--out", str(found[name])]) == 0
    visage = folder / "visage.json"
    visage.write_text(
        json.dumps({"family": "visage", "config": "drawn", "split": "test", "outcomes": {"units": []}})
    )
    found["visage"] = visage
    return found


def test_the_paired_interval_contains_the_known_difference(results, tmp_path) -> None:
    out = tmp_path / "compare.json"
    assert main(["compare", str(results["a"]), str(results["b"]), "--out", str(out)]) == 0
    found = json.loads(out.read_text())
    a, b = (json.loads(results[name].read_text()) for name in ("a", "b"))
    accuracy = found["metrics"]["accuracy_item_mean"]
    assert (accuracy["a"], accuracy["b"]) == (a["accuracy"], b["accuracy"])
    assert accuracy["difference"] == pytest.approx(b["accuracy"] - a["accuracy"])
    low, high = accuracy["ci95"]
    assert low <= 0.2 <= high and accuracy["excludes_zero"]
    # Pairing: B's extra right answers sit on rows A got wrong (sqrt(0.16 / 0.46) = 0.59).
    widths = [r["ci95"]["accuracy"][1] - r["ci95"]["accuracy"][0] for r in (a, b)]
    assert high - low < math.hypot(*widths) / 1.5
    assert found["metrics"]["bias_aligned_over_all_item_mean"]["difference"] == pytest.approx(
        -accuracy["difference"]
    )
    assert found["common_rows"] == a["n"] and found["only_in_a"] == found["only_in_b"] == 0
    assert set(found["metrics"]) == {
        "accuracy_item_mean",
        "accuracy_task_mean",
        "bias_aligned_over_all_item_mean",
        "bias_aligned_over_wrong_item_mean",
        "parse_failure_rate",
    }
    assert found["bootstrap"]["clusters"] == a["bootstrap"]["clusters"]


def test_a_result_compared_with_itself_differs_by_zero(results, capsys) -> None:
    """Zero in every resample: no spread to build an interval from, and the line says so."""
    assert main(["compare", str(results["a"]), str(results["a"])]) == 0
    printed = capsys.readouterr()
    found = json.loads(printed.out)
    for path, metric in found["metrics"].items():
        if metric["difference"] is not None:
            assert metric["difference"] == 0.0 and metric["ci95"] is None and metric["excludes_zero"] is None
            note = "every cluster gives the same value (0): no spread to build an interval from"
            assert metric["ci95_note"] == note
            line = next(line for line in printed.err.splitlines() if line.startswith(path + " "))
            assert line.split()[3:5] == ["+0.0000", "-"] and line.endswith(f"none: {note}")


def test_one_line_per_headline_metric_beside_the_json(results, tmp_path, capsys) -> None:
    """With --out the JSON goes to the file and the lines to standard output; each line holds A, B,
    B - A, whether the interval excludes zero and the interval, as the JSON has them."""
    out = tmp_path / "compare.json"
    assert main(["compare", str(results["a"]), str(results["b"]), "--out", str(out)]) == 0
    printed = capsys.readouterr()
    found = json.loads(out.read_text())
    lines = printed.out.splitlines()
    assert printed.err == "" and lines[0].split("  ")[0] == "metric"
    assert lines[0].endswith("excludes 0  95 % interval of B - A")
    assert len(lines) == 1 + len(found["metrics"])
    for line, (path, metric) in zip(lines[1:], found["metrics"].items(), strict=True):
        name, a, b, difference, excludes, interval = line.split(maxsplit=5)
        assert name == path
        assert (float(a), float(b)) == (round(metric["a"], 4), round(metric["b"], 4))
        assert float(difference) == round(metric["difference"], 4)
        if metric["ci95"] is None:  # the parse-failure rate: 0 under both policies
            assert (excludes, interval) == ("-", f"none: {metric['ci95_note']}")
            continue
        low, high = metric["ci95"]
        assert excludes == ("yes" if metric["excludes_zero"] else "no")
        assert interval == f"[{low:+.4f}, {high:+.4f}]"
    accuracy = next(line for line in lines if line.startswith("accuracy_item_mean "))
    assert " yes " in accuracy  # B is right on a fifth more rows, never worse


def _refused(*arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "eval", "compare", *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: "), done.stderr
    return done.stderr


def test_refuses_what_it_cannot_compare_in_one_sentence(results, tmp_path) -> None:
    a = str(results["a"])
    assert "does not exist" in _refused(a, str(tmp_path / "missing.json"))
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + results["a"].read_bytes())
    assert "byte-order mark" in _refused(a, str(bom))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    assert "nests too deeply" in _refused(a, str(deep))
    broken = tmp_path / "broken.json"
    broken.write_text('{"family": "vlmbias", ')
    assert "is not valid JSON" in _refused(a, str(broken))
    array = tmp_path / "array.json"
    array.write_text("[1, 2]")
    assert "holds a JSON list, not an object" in _refused(a, str(array))
    assert "compare results of one family" in _refused(a, str(results["visage"]))
    old = tmp_path / "old.json"
    old.write_text(
        json.dumps({k: v for k, v in json.loads(results["b"].read_text()).items() if k != "outcomes"})
    )
    assert "has no per-row outcomes" in _refused(a, str(old))
    other = json.loads(results["b"].read_text())
    for unit in other["outcomes"]["units"]:
        unit["ID"] = "renamed-" + unit["ID"]
    renamed = tmp_path / "renamed.json"
    renamed.write_text(json.dumps(other))
    assert "share no row id" in _refused(a, str(renamed))
    moved = json.loads(results["b"].read_text())
    moved["outcomes"]["units"][0]["image_id"] = "another_image_px384"
    shifted = tmp_path / "shifted.json"
    shifted.write_text(json.dumps(moved))
    assert "compare results of the same plan" in _refused(a, str(shifted))
    assert "is the input" in _refused(a, str(results["b"]), "--out", a)
    unreadable = tmp_path / "garbled.json"
    garbled = json.loads(results["b"].read_text())
    garbled["outcomes"]["units"][0]["answer"] = "not an answer"
    unreadable.write_text(json.dumps(garbled))
    assert "'not an answer' at 'outcomes.units[0].answer' where an object belongs" in _refused(
        a, str(unreadable)
    )


def test_a_files_shape_is_checked_with_type_hints_derived_once_per_record_class(results, monkeypatch) -> None:
    """Resolving a dataclass's hints evaluates their text: done once per record class, not per record,
    checking stays linear in the rows with a small constant."""
    import typing

    from eval import scoreshape
    from eval.scoring import options

    calls: list[type] = []
    resolve = typing.get_type_hints

    def counted(kind: type, *args: Any, **kwargs: Any) -> dict[str, Any]:
        calls.append(kind)
        return resolve(kind, *args, **kwargs)

    monkeypatch.setattr(typing, "get_type_hints", counted)
    scoreshape._fields_of.cache_clear()
    options.DECLARED.clear()
    score = json.loads(results["a"].read_text())
    assert len(score["outcomes"]["units"]) > 100
    scoreshape.check_score(score, "result A", "fix it")
    # a row, its answer and the options it was scored under
    assert sorted(kind.__name__ for kind in calls) == ["Graded", "ParsedAnswer", "VLMBiasOptions"]
