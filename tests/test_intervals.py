"""`ci95` in every family's `eval score` JSON: what the bootstrap draws, that every reported metric has
an interval, that reruns give the same bytes, `--bootstrap`, `--blind`, and `score_pairs` for harness
adapters. Calibration (coverage) is tests/test_interval_clusters.py."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy import stats

from eval.cli import main
from eval.data import load_rows
from eval.registry import family_eval
from eval.scoring import score_pairs
from eval.scoring.bootstrap import (
    MIN_CLUSTERS,
    draw,
    exact_share_bound,
    flatten,
    interval_table,
    intervals,
    rate,
    student_t,
    too_few,
    wilson,
)
from eval.scoring.score import score_replies, score_rows

ROOT = Path(__file__).resolve().parents[1]
#: Per family: its lite build's folder name, config, split, and a reply policy that mixes right,
#: wrong and unparsed answers by a hash of the row id (a "seeing" and a "blind" flavour).
FAMILIES = {
    "vlmbias": ("vlmbias", "all", "main"),
    "viprobe": ("vi-probe", "all", "test"),
    "aipsych": ("aipsych", "synthetic", "test"),
    "visage": ("visage", "drawn", "test"),
    "illusionbench": ("illusionbench-plus", "drawn", "test"),
}
#: Numbers in a score JSON that are settings or constants, not measurements: no interval.
CONSTANTS = {"k", "w", "blind.chance.tf", "blind.chance.mc"}


def pick(row_id: str, salt: str, n: int) -> int:
    return sum(map(ord, f"{salt}{row_id}")) % n


def reply(family: str, row: dict[str, Any], salt: str) -> str:
    """Right, wrong or unparsed by a hash of the row id: every rate is neither 0 nor 1."""
    choice = pick(row["id"], salt, 3)
    if family == "vlmbias":
        return (f"{{{row['ground_truth']}}}", f"{{{row['expected_bias']}}}", "No idea.")[choice]
    if family == "viprobe":
        return (f"<answer>{row['label']}</answer>", f"<answer>{1 - row['label']}</answer>", "Hm.")[choice]
    if family == "aipsych":
        return ("Neither is there.", "Top left. No.", "Top left. Yes.")[pick(row["set_id"], salt, 3)]
    if family == "visage":
        return ("Yes.", "No.", "Maybe.")[choice]
    return ("True", "False", "ii")[choice]


@pytest.fixture(scope="module")
def lite(built: Callable[..., Path]) -> dict[str, tuple[Path, list[dict[str, Any]]]]:
    found = {}
    for family, (_, config, split) in FAMILIES.items():
        folder = built(family, "lite")
        found[family] = (folder, load_rows(folder, config, split))
    return found


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_reported_metric_has_an_interval_and_blind_ones_too(family, lite) -> None:
    _, rows = lite[family]
    seeing = {row["id"]: reply(family, row, "see") for row in rows}
    blind = {row["id"]: reply(family, row, "blind") for row in rows}
    result = score_replies(family, rows, seeing, blind=blind, resamples=200)
    measured = {
        path
        for path, value in flatten({k: v for k, v in result.items() if k not in ("ci95", "outcomes")}).items()
        if isinstance(value, float) and not path.startswith(("bootstrap.", "paper_plus_minus."))
    }
    assert measured - CONSTANTS <= set(result["ci95"]), sorted(measured - CONSTANTS - set(result["ci95"]))[:5]
    assert any(path.startswith("blind.") for path in result["ci95"])
    assert all(found is None or found[0] <= found[1] for found in result["ci95"].values())
    # A null interval always says why, and only a null one does.
    assert set(result["ci95_notes"]) == {path for path, found in result["ci95"].items() if found is None}
    assert all(isinstance(note, str) and note for note in result["ci95_notes"].values())
    headline = family_eval(family).scorer.headline
    clusters = result["bootstrap"]["clusters"]
    if clusters >= MIN_CLUSTERS:  # lite VISaGE has 8 tuples: every interval null, each note says so
        for path in (
            path for path in headline if result["ci95"].get(path) is None and path in result["ci95"]
        ):
            # only a rate this policy never moves (AIpsych's Else: no reply says "else")
            assert result["ci95_notes"][path].startswith("every cluster gives the same value"), path
    else:
        assert result["ci95_notes"][headline[0]] == too_few(clusters)
    for path in ("n",):
        assert path not in result["ci95"]  # counts are not estimates
    assert result["bootstrap"]["resamples"] == 200 and result["bootstrap"]["clusters"] > 1


def test_point_estimates_are_what_they_were_without_intervals(lite) -> None:
    """Intervals change no number: every family's metrics equal its `score_rows` (no bootstrap)."""
    for family, (_, rows) in lite.items():
        replies = {row["id"]: reply(family, row, "see") for row in rows}
        plain = score_rows(family, rows, replies)
        scored = score_replies(family, rows, replies, resamples=0)
        assert scored["ci95"] == {} and scored["ci95_notes"] == {}
        assert {k: v for k, v in scored.items() if k in plain} == plain, family


def test_draws_are_c_minus_1_clusters_with_replacement_from_the_seed() -> None:
    weights = draw(50, 400, np.random.default_rng(3))
    assert weights.shape == (50, 400) and set(weights.sum(axis=0)) == {49.0}
    assert (weights == draw(50, 400, np.random.default_rng(3))).all()
    assert not (weights == draw(50, 400, np.random.default_rng(4))).all()
    # Each cluster is drawn 49/50 times per resample on average.
    assert weights.mean() == pytest.approx(49 / 50)
    assert rate([], bool) is None and rate([1, 0, 1, 1], bool) == 0.75


def test_student_t_is_scipys() -> None:
    for degrees in (1, 2, 3, 4, 5, 7, 10, 20, 30, 60, 119, 1000, 10**6):
        assert student_t(degrees) == pytest.approx(stats.t.ppf(0.975, degrees), rel=1e-3)


def test_a_metric_on_too_few_clusters_has_no_interval_and_arithmetic_keeps_the_fewest() -> None:
    """A rate over fewer than ten images says too little about others: no interval. Arithmetic keeps
    the fewest clusters of its operands."""

    class Unit:
        def __init__(self, cluster: int, hit: bool) -> None:
            self.cluster, self.hit = cluster, hit

    units = [Unit(c, (c + i) % 3 == 0) for c in range(40) for i in range(5)]

    def measure(group: list[Any]) -> dict[str, Any]:
        one = rate([u for u in group if u.cluster == 0], lambda u: u.hit)
        nine = rate([u for u in group if u.cluster < 9], lambda u: u.hit)
        ten = rate([u for u in group if u.cluster < 10], lambda u: u.hit)
        every = rate(group, lambda u: u.hit)
        return {"one": one, "nine": nine, "ten": ten, "every": every, "every - nine": every - nine}

    found, notes = interval_table(measure, [units], lambda u: u.cluster, resamples=500, seed=2)
    assert found["one"] is None and notes["one"] == too_few(1) == (
        "1 cluster: too few for a 95 % interval (it needs at least 10)"
    )
    assert found["nine"] is None and notes["nine"] == notes["every - nine"] == too_few(9)
    assert (
        found["ten"] is not None
        and found["every"] is not None
        and set(notes) == {"one", "nine", "every - nine"}
    )
    assert found["ten"][1] - found["ten"][0] > found["every"][1] - found["every"][0]


def test_shares_of_independent_trials_get_wilson_and_all_or_nothing_the_exact_bound() -> None:
    """A share whose every unit is a cluster of its own is a binomial count: Wilson's interval. A share
    that every cluster gives as 0 gets the exact bound over clusters, not [0, 0]; a difference that is
    0 in every resample has no spread to build an interval from."""

    class Unit:
        def __init__(self, cluster: int, hit: bool, miss: bool = False) -> None:
            self.cluster, self.hit, self.miss = cluster, hit, miss

    alone = [Unit(c, c % 4 == 0) for c in range(20)]  # 5 of 20, one unit per cluster
    grouped = [Unit(c, c % 4 == 0) for c in range(20) for _ in range(3)]

    def measure(group: list[Any]) -> dict[str, Any]:
        hit, miss = rate(group, lambda u: u.hit), rate(group, lambda u: u.miss)
        return {"hit": hit, "miss": miss, "miss - miss": miss - miss}

    found, notes = interval_table(measure, [alone], lambda u: u.cluster, resamples=500, seed=1)
    assert found["hit"] == wilson(5, 20) and found["miss"] == wilson(0, 20)
    found, notes = interval_table(measure, [grouped], lambda u: u.cluster, resamples=500, seed=1)
    assert found["hit"] != wilson(15, 60) and found["miss"] == exact_share_bound(0.0, 20)
    assert found["miss"][1] == pytest.approx(1 - 0.025 ** (1 / 20))
    assert found["miss - miss"] is None
    assert notes == {
        "miss - miss": "every cluster gives the same value (0): no spread to build an interval from"
    }


def test_a_difference_inside_one_resample_is_paired() -> None:
    """Two rates of the same clusters: the interval of their difference is much narrower than the
    two intervals combined as if independent, and contains the true difference (0.1 by design)."""
    rng = np.random.default_rng(0)
    units = []
    for cluster in range(200):
        skill = rng.random()
        for _ in range(4):
            seen = rng.random() < skill
            units.append({"cluster": cluster, "a": seen, "b": seen or rng.random() < 0.1 / (1 - 0.5)})

    class Unit:
        def __init__(self, found: dict[str, Any]) -> None:
            self.__dict__.update(found)

    found = [Unit(unit) for unit in units]

    def measure(group: list[Any]) -> dict[str, Any]:
        a, b = rate(group, lambda u: u.a), rate(group, lambda u: u.b)
        return {"a": a, "b": b, "b-a": b - a}

    ci = intervals(measure, [found], lambda u: u.cluster, resamples=1000, seed=1)
    paired = ci["b-a"][1] - ci["b-a"][0]
    apart = math.hypot(ci["a"][1] - ci["a"][0], ci["b"][1] - ci["b"][0])
    assert paired < apart / 2
    assert ci["b-a"][0] <= 0.1 <= ci["b-a"][1]


def _score(data: Path, predictions: Path, *extra: str) -> list[str]:
    return ["score", "vlmbias", "--data", str(data), "--config", "game_boards", "--split", "main",
            "--predictions", str(predictions), *extra]  # fmt: skip


def _replies(path: Path, rows: list[dict[str, Any]], salt: str) -> Path:
    path.write_text(
        "".join(json.dumps({"id": r["id"], "response": reply("vlmbias", r, salt)}) + "\n" for r in rows)
    )
    return path


def test_reruns_give_the_same_bytes_and_bootstrap_sets_the_resamples(lite_build, tmp_path) -> None:
    rows = load_rows(lite_build, "game_boards", "main")
    predictions = _replies(tmp_path / "p.jsonl", rows, "see")
    outs = [tmp_path / f"{name}.json" for name in ("a", "b", "c", "d")]
    assert main([*_score(lite_build, predictions), "--out", str(outs[0])]) == 0
    assert main([*_score(lite_build, predictions), "--out", str(outs[1])]) == 0
    assert outs[0].read_bytes() == outs[1].read_bytes()
    first = json.loads(outs[0].read_text())
    assert first["bootstrap"]["resamples"] == 1000 and first["ci95"]["accuracy"][0] < first["accuracy"]
    assert main([*_score(lite_build, predictions), "--bootstrap-seed", "5", "--out", str(outs[2])]) == 0
    assert json.loads(outs[2].read_text())["ci95"] != first["ci95"]
    assert main([*_score(lite_build, predictions), "--bootstrap", "0", "--out", str(outs[3])]) == 0
    none = json.loads(outs[3].read_text())
    assert none["ci95"] == {} and none["accuracy"] == first["accuracy"]


@pytest.mark.parametrize("value", ["-1", "many", "1.5"])
def test_a_bad_bootstrap_count_is_one_sentence_and_exit_2(lite_build, tmp_path, value) -> None:
    rows = load_rows(lite_build, "game_boards", "main")
    predictions = _replies(tmp_path / "p.jsonl", rows, "see")
    command = [sys.executable, "-m", "eval", *_score(lite_build, predictions, "--bootstrap", value)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    last = done.stderr.splitlines()[-1]  # argparse's usage lines, then one sentence
    expected = (
        f"argument --bootstrap: {value!r} is not a number of resamples (0 turns intervals off): "
        "a whole number from 0 to 100,000"
    )
    assert last == f"python -m eval score: error: {expected}"


def test_blind_replies_pair_with_the_seeing_ones(lite_build, tmp_path) -> None:
    rows = load_rows(lite_build, "game_boards", "main")
    seeing = _replies(tmp_path / "see.jsonl", rows, "see")
    prior = tmp_path / "blind.jsonl"  # a text-only policy: the expected bias every time
    prior.write_text(
        "".join(json.dumps({"id": r["id"], "response": f"{{{r['expected_bias']}}}"}) + "\n" for r in rows)
    )
    out = tmp_path / "out.json"
    assert main([*_score(lite_build, seeing, "--blind", str(prior)), "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    blind = result["blind"]
    assert blind["n"] == len(rows) and blind["prior_strength"]["all"] == 1.0 and blind["accuracy"] == 0.0
    assert blind["prior_strength"]["by_topic"] == {"Game Boards": 1.0}
    changed = [r for r in rows if reply("vlmbias", r, "see") != f"{{{r['expected_bias']}}}"]
    right = [r for r in changed if pick(r["id"], "see", 3) == 0]
    assert blind["visual_override"]["changed"] == pytest.approx(len(changed) / len(rows))
    assert blind["visual_override"]["changed_to_truth"] == pytest.approx(len(right) / len(rows))
    assert blind["seeing_minus_blind"]["accuracy"] == pytest.approx(result["accuracy"])
    low, high = result["ci95"]["blind.visual_override.changed"]
    assert low < blind["visual_override"]["changed"] < high
    assert len(result["outcomes"]["blind"]) == len(rows)
    unrelated = tmp_path / "unrelated.jsonl"
    unrelated.write_text(json.dumps({"id": "nothing-here", "response": "{1}"}) + "\n")
    command = [sys.executable, "-m", "eval", *_score(lite_build, seeing, "--blind", str(unrelated))]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (
        done.returncode == 2
        and "none of the 1 predictions in" in done.stderr
        and "unrelated.jsonl" in done.stderr
    )


def test_score_pairs_reports_what_eval_score_reports(lite_build, tmp_path) -> None:
    """The function harness adapters call: (row, reply) pairs in, the same numbers and intervals out."""
    rows = load_rows(lite_build, "game_boards", "main")
    predictions = _replies(tmp_path / "p.jsonl", rows, "see")
    blind = _replies(tmp_path / "b.jsonl", rows, "blind")
    out = tmp_path / "out.json"
    assert (
        main(
            [
                *_score(lite_build, predictions, "--blind", str(blind), "--parser", "lmms-eval"),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    cli = json.loads(out.read_text())
    pairs = [(row, reply("vlmbias", row, "see")) for row in rows]
    blind_pairs = [(row, reply("vlmbias", row, "blind")) for row in rows]
    direct = json.loads(
        json.dumps(score_pairs("vlmbias", pairs, blind_pairs=blind_pairs, parser="lmms-eval"))
    )
    assert {key: cli[key] for key in direct} == direct
