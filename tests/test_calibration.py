"""The 95 % intervals are calibrated: over many simulated runs of a policy with known true rates they
cover the truth 93-97 % of the time, per family, while a row-level binomial interval does not.

Each run answers real rows (lite builds) or rows of the family's schema, in real reply text graded
by the family's own parser. The policy draws, per cluster (the unit `eval score` resamples by), a
skill p from a Beta distribution and answers each of the cluster's rows right with probability p,
so rows inside a cluster are correlated and the truth is a property of the Beta: E[p] for an
accuracy, E[p^2] for VI-Probe's PFA (both questions of an image right). Every run's interval is the
family's own metric through `eval.scoring.bootstrap.intervals`, with the family's cluster; one test
checks that it is the very interval `eval score` reports. The Wilson interval treats rows as
independent, as a naive binomial interval does, and visibly under-covers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from eval.data import load_rows
from eval.registry import family_eval
from eval.scoring.bootstrap import intervals, rate
from eval.scoring.score import score_units
from eval.scoring.viprobe import pairs, pfa
from eval.scoring.vlmbias import metrics

RUNS = 1000
RESAMPLES = 500
#: Clusters per simulated benchmark: a few dozen, where small-sample corrections matter.
CLUSTERS = 80
#: A strong cluster effect (intra-cluster correlation 1 / (a + b + 1) = 0.45).
SKILL = (0.5, 0.7)
MEAN = SKILL[0] / sum(SKILL)


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion, rows taken as independent."""
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def coverage(
    simulate: Callable[[np.random.Generator], list[Any]],
    metric: Callable[[Sequence[Any]], Any],
    cluster: Callable[[Any], str],
    truth: float,
    *,
    naive: Callable[[Sequence[Any]], tuple[int, int]] | None = None,
    runs: int = RUNS,
) -> tuple[float, float | None]:
    """(share of runs whose bootstrap interval covers `truth`, the same for the naive Wilson interval)."""
    rng = np.random.default_rng(2025)
    covered = naive_covered = 0
    for run in range(runs):
        units = simulate(rng)
        low, high = intervals(
            lambda found: {"m": metric(found)}, [units], cluster, resamples=RESAMPLES, seed=run
        )["m"]
        covered += low <= truth <= high
        if naive is not None:
            low, high = wilson(*naive(units))
            naive_covered += low <= truth <= high
    return covered / runs, (naive_covered / runs if naive is not None else None)


def _first_clusters(
    rows: Sequence[dict[str, Any]], key: Callable[[dict[str, Any]], str]
) -> Callable[[Any], bool]:
    """Whether a row belongs to the first `CLUSTERS` clusters (by key): a benchmark of a few dozen."""
    kept = set(sorted({key(row) for row in rows})[:CLUSTERS])
    return lambda row: key(row) in kept


def same_as_reported(
    family: str, units: list[Any], path: str, metric: Callable[[Sequence[Any]], Any]
) -> None:
    """The interval a calibration test checks is the one `eval score` reports for `path`."""
    scorer = family_eval(family).scorer
    alone = intervals(
        lambda found: {path: metric(found)}, [units], scorer.cluster, resamples=RESAMPLES, seed=7
    )
    assert (
        score_units(scorer, scorer.options(), units, resamples=RESAMPLES, seed=7)["ci95"][path] == alone[path]
    )


def grade_rows(family: str, rows: Sequence[dict[str, Any]], replies: dict[str, str]) -> list[Any]:
    """The family's graded units of `replies`, under its default options."""
    scorer = family_eval(family).scorer
    return scorer.grade_rows(rows, replies, scorer.options())


def cluster(family: str) -> Callable[[Any], str]:
    return family_eval(family).scorer.cluster


def skills(rng: np.random.Generator, keys: Sequence[str]) -> dict[str, float]:
    return dict(zip(keys, rng.beta(*SKILL, len(keys)), strict=True))


# ------------------------------------------------------------------------------------------ VLMBias


@pytest.fixture(scope="module")
def vlmbias_graded(lite_build) -> list[tuple[Any, Any]]:
    """Each main row graded twice from real reply text: answered right, and answered with the bias."""
    rows = load_rows(lite_build, "all", "main")
    rows = [row for row in rows if _first_clusters(rows, lambda r: r["image_id"].rsplit("_px", 1)[0])(row)]
    right = grade_rows("vlmbias", rows, {r["id"]: f"I count {{{r['ground_truth']}}}." for r in rows})
    biased = grade_rows("vlmbias", rows, {r["id"]: f"{{{r['expected_bias']}}}" for r in rows})
    return list(zip(right, biased, strict=True))


def test_vlmbias_accuracy_and_task_mean_intervals_are_calibrated(vlmbias_graded) -> None:
    drawings = sorted({cluster("vlmbias")(right) for right, _ in vlmbias_graded})

    def simulate(rng: np.random.Generator) -> list[Any]:
        skill = skills(rng, drawings)
        return [
            right if rng.random() < skill[cluster("vlmbias")(right)] else biased
            for right, biased in vlmbias_graded
        ]

    def naive(units: Sequence[Any]) -> tuple[int, int]:
        return sum(unit.correct for unit in units), len(units)

    found, binomial = coverage(simulate, metrics.accuracy, cluster("vlmbias"), MEAN, naive=naive)
    assert 0.93 <= found <= 0.97, found
    assert binomial is not None and binomial < 0.90, binomial
    task, _ = coverage(simulate, task_mean, cluster("vlmbias"), MEAN)
    assert 0.93 <= task <= 0.97, task
    units = simulate(np.random.default_rng(1))
    same_as_reported("vlmbias", units, "accuracy", metrics.accuracy)
    same_as_reported("vlmbias", units, "task_mean", task_mean)


def task_mean(units: Sequence[Any]) -> Any:
    """The paper's task mean: the unweighted mean of the topic accuracies."""
    topics = {unit.topic for unit in units}
    return metrics.task_mean(
        {topic: metrics.accuracy([u for u in units if u.topic == topic]) for topic in topics}
    )


# ------------------------------------------------------------------------------------------ VI-Probe


@pytest.fixture(scope="module")
def viprobe_graded(built) -> list[tuple[Any, Any]]:
    rows = load_rows(built("viprobe", "lite"), "all", "test")
    rows = [row for row in rows if row["polarity"] in (0, 1)]  # forward and reversed
    rows = [row for row in rows if _first_clusters(rows, lambda r: r["pair_id"])(row)]
    right = grade_rows(
        "viprobe", rows, {r["id"]: f"<reasons>...</reasons><answer>{r['label']}</answer>" for r in rows}
    )
    wrong = grade_rows("viprobe", rows, {r["id"]: f"<answer> **{1 - r['label']}** </answer>" for r in rows})
    return list(zip(right, wrong, strict=True))


def test_viprobe_pfa_interval_is_calibrated(viprobe_graded) -> None:
    images = sorted({cluster("viprobe")(right) for right, _ in viprobe_graded})

    def simulate(rng: np.random.Generator) -> list[Any]:
        skill = skills(rng, images)
        return [
            right if rng.random() < skill[cluster("viprobe")(right)] else wrong
            for right, wrong in viprobe_graded
        ]

    def paired_accuracy(units: Sequence[Any]) -> Any:
        return pfa(pairs(units))

    a, b = SKILL  # both questions right: E[p^2]
    found, _ = coverage(simulate, paired_accuracy, cluster("viprobe"), a * (a + 1) / ((a + b) * (a + b + 1)))
    assert 0.93 <= found <= 0.97, found
    same_as_reported("viprobe", simulate(np.random.default_rng(1)), "pfa", paired_accuracy)


# ------------------------------------------------------------------------------------------ AIpsych

SPOTS = ("Neither of them is there.", None, None, None)
FALLS = ("Top left.", "Top left. No.", "Top left. No, there is no mistake.", "Nothing else.")


def aipsych_rows(images: int) -> list[dict[str, Any]]:
    """Rows of the AIpsych schema: five 4-prompt sets per image."""
    return [
        {
            "id": f"i{i}-s{s}-p{p}",
            "set_id": f"i{i}-s{s}",
            "image_id": f"i{i}",
            "prompt_idx": p,
            "set_kind": s % 3,
        }
        for i in range(images)
        for s in range(5)
        for p in range(1, 5)
    ]


def test_aipsych_trap_spotting_interval_is_calibrated() -> None:
    rows = aipsych_rows(CLUSTERS)
    spotted = grade_rows(
        "aipsych", rows, {r["id"]: SPOTS[r["prompt_idx"] - 1] for r in rows if SPOTS[r["prompt_idx"] - 1]}
    )
    fooled = grade_rows("aipsych", rows, {r["id"]: FALLS[r["prompt_idx"] - 1] for r in rows})
    assert {unit.outcome.category for unit in spotted} == {"trap_spotting"}
    assert {unit.outcome.category for unit in fooled} == {"authority_bias"}
    images = sorted({unit.image_id for unit in spotted})

    def simulate(rng: np.random.Generator) -> list[Any]:
        skill = skills(rng, images)
        return [s if rng.random() < skill[s.image_id] else f for s, f in zip(spotted, fooled, strict=True)]

    def naive(units: Sequence[Any]) -> tuple[int, int]:
        return sum(unit.outcome.category == "trap_spotting" for unit in units), len(units)

    def trap(units: Sequence[Any]) -> Any:  # over the classified sets, as the release counts it
        classified = [unit for unit in units if unit.outcome.category is not None]
        return rate(classified, lambda unit: unit.outcome.category == "trap_spotting")

    found, binomial = coverage(simulate, trap, cluster("aipsych"), MEAN, naive=naive)
    assert 0.93 <= found <= 0.97, found
    assert binomial is not None and binomial < 0.90, binomial
    same_as_reported("aipsych", simulate(np.random.default_rng(1)), "rates.trap_spotting", trap)


# ------------------------------------------------------------------------------------------ VISaGE


def visage_rows(tuples: int) -> list[dict[str, Any]]:
    """Rows of the VISaGE schema: per tuple a typical and an exceptional image (as `external` has), their
    conditions."""
    rows = []
    for t in range(tuples):
        for kind, conditions in (("typical", ("1a", "1d", "2a")), ("exceptional", ("1b", "1c", "2b", "2c"))):
            for condition in conditions:
                label = "no" if condition in ("1c", "2b") else "yes"
                rows.append(
                    {
                        "id": f"t{t}-{kind}-{condition}",
                        "tuple_id": f"t{t}",
                        "category": "clock",
                        "image_type": kind,
                        "condition": condition,
                        "label": label,
                    }
                )
    return rows


def test_visage_condition_accuracy_and_effect_intervals_are_calibrated() -> None:
    rows = visage_rows(CLUSTERS)
    right = grade_rows("visage", rows, {r["id"]: f"{r['label'].capitalize()}." for r in rows})
    wrong = grade_rows("visage", rows, {r["id"]: "No." if r["label"] == "yes" else "**Yes**" for r in rows})
    tuples = sorted({unit.tuple_id for unit in right})

    def simulate(rng: np.random.Generator) -> list[Any]:
        skill = skills(rng, tuples)
        # Exceptional images under the category's name (1b) are right half as often: 1a - 1b = E[p] / 2.
        odds = {unit.id: skill[unit.tuple_id] / (2 if unit.condition == "1b" else 1) for unit in right}
        return [r if rng.random() < odds[r.id] else w for r, w in zip(right, wrong, strict=True)]

    def accuracy(units: Sequence[Any]) -> Any:
        return rate(units, lambda unit: unit.correct)

    def effect(units: Sequence[Any]) -> Any:  # Acc(1a) - Acc(1b)
        first, second = ([u for u in units if u.condition == code] for code in ("1a", "1b"))
        return rate(first, lambda unit: unit.correct) - rate(second, lambda unit: unit.correct)

    def naive(units: Sequence[Any]) -> tuple[int, int]:
        return sum(unit.correct for unit in units), len(units)

    # Of a tuple's 7 rows, the 1b row is right half as often.
    found, binomial = coverage(simulate, accuracy, cluster("visage"), MEAN * 13 / 14, naive=naive)
    assert 0.93 <= found <= 0.97, found
    assert binomial is not None and binomial < 0.90, binomial
    found, _ = coverage(simulate, effect, cluster("visage"), MEAN / 2)
    assert 0.93 <= found <= 0.97, found
    units = simulate(np.random.default_rng(1))
    same_as_reported("visage", units, "accuracy", accuracy)
    same_as_reported("visage", units, "effects.congruency.1a-1b", effect)


# ------------------------------------------------------------------------------------------ IllusionBench+


def illusionbench_rows(images: int) -> list[dict[str, Any]]:
    """Rows of the IllusionBench+ schema: two true/false and three multiple-choice questions per image."""
    rows = []
    for i in range(images):
        for q, (kind, answer) in enumerate(
            (("tf", "True"), ("tf", "False"), ("mc", "ii"), ("mc", "iv"), ("mc", "i"))
        ):
            rows.append(
                {
                    "id": f"img{i}-q{q}",
                    "image_id": f"img{i}",
                    "category": i % 5,
                    "difficulty": i % 3,
                    "question_type": kind,
                    "answer": answer,
                }
            )
    return rows


def test_illusionbench_accuracy_interval_is_calibrated() -> None:
    rows = illusionbench_rows(CLUSTERS)
    right = grade_rows("illusionbench", rows, {r["id"]: f"The answer is {r['answer']}." for r in rows})
    other = {"True": "False", "False": "True", "ii": "iii", "iv": "i", "i": "iv"}
    wrong = grade_rows("illusionbench", rows, {r["id"]: other[r["answer"]] for r in rows})
    assert all(unit.correct() for unit in right) and not any(unit.correct() for unit in wrong)
    images = sorted({unit.image_id for unit in right})

    def simulate(rng: np.random.Generator) -> list[Any]:
        skill = skills(rng, images)
        return [r if rng.random() < skill[r.image_id] else w for r, w in zip(right, wrong, strict=True)]

    def naive(units: Sequence[Any]) -> tuple[int, int]:
        return sum(unit.correct() for unit in units), len(units)

    def accuracy(units: Sequence[Any]) -> Any:
        return rate(units, lambda unit: unit.correct())

    found, binomial = coverage(simulate, accuracy, cluster("illusionbench"), MEAN, naive=naive)
    assert 0.93 <= found <= 0.97, found
    assert binomial is not None and binomial < 0.90, binomial
    same_as_reported("illusionbench", simulate(np.random.default_rng(1)), "accuracy", accuracy)
