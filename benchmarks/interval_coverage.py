"""How often the 95 % intervals cover the truth, by the number of clusters a metric rests on.

Two tables, printed as Markdown (docs/intervals.md quotes them):

1. Per family, through its real scorer: runs of the correlated policy of tests/interval_policies.py
   answer groups of exactly C clusters (VISaGE categories of C tuples, VI-Probe cases of C images,
   VLMBias sub-topics of C drawings, IllusionBench+ categories of C images, AIpsych's set kinds over
   C images); each run is scored by the family's `aggregate` and `eval.scoring.bootstrap`. For each
   C: the share of group metrics whose interval is null, and the coverage of the non-null ones,
   under the shipped rule (`interval`) and under the percentile interval alone (what was printed
   before the rule: the expanded percentile interval at every C from 2 up).
2. Why the minimum is 10 and not a t interval below it, and why Wilson's for one unit per cluster:
   a plain simulation (clusters of n rows, each row right with its cluster's skill p ~ Beta(a, b))
   of the percentile bootstrap and of a t interval on the cluster values (the delete-one-cluster
   jackknife with C - 1 degrees of freedom, which for equal clusters is exactly the t interval on
   cluster means), both null when every cluster gives the same value, and with one row per
   cluster, Wilson's interval over clusters.

    .venv/bin/python benchmarks/interval_coverage.py [--intervals 2000] [--runs 4000] [--methods-only]

Not a test: a run takes minutes; tests/test_interval_clusters.py checks 2, 3, 4, 5, 10 and 30
clusters in seconds.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eval.scoring.bootstrap import interval, levels, replicates, student_t, wilson  # noqa: E402
from tests.interval_policies import SIMULATIONS, simulation  # noqa: E402

COUNTS = (2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30)
#: Groups per scoring: as many as each family breaks down by (IllusionBench+ has 5 categories).
GROUPS = {"vlmbias": 20, "viprobe": 40, "aipsych": 3, "visage": 20, "illusionbench": 5}


def family_row(family: str, clusters: int, intervals: int, resamples: int) -> tuple[float, float, float]:
    """(share of null intervals, coverage of the non-null ones, coverage of the percentile alone)."""
    simulated = simulation(family, GROUPS[family], clusters)
    rng = np.random.default_rng(1000 + clusters)
    shipped: list[bool] = []
    before: list[bool] = []
    null = run = 0
    while len(shipped) + null < intervals:
        units, truths = simulated.run(rng)
        found = replicates(simulated.aggregate, [units], simulated.cluster, resamples=resamples, seed=run)
        for path in simulated.every_path:
            values, truth = found[path], truths[path]
            bounds, _ = interval(values, values.clusters or 0, share=values.share, trials=values.trials)
            if bounds is None:
                null += 1
            else:
                shipped.append(bounds[0] <= truth <= bounds[1])
            finite = np.asarray(values)[np.isfinite(np.asarray(values))]
            low, high = np.percentile(finite, levels(clusters))
            before.append(bool(low <= truth <= high))
        run += 1
    total = len(shipped) + null
    return null / total, (sum(shipped) / len(shipped) if shipped else math.nan), sum(before) / len(before)


def families_table(intervals: int, resamples: int) -> list[str]:
    lines = [
        "| family (group metric) | " + " | ".join(str(c) for c in COUNTS) + " |",
        "|---|" + "---|" * len(COUNTS),
    ]
    for family in sorted(SIMULATIONS):
        shipped, before = [], []
        for clusters in COUNTS:
            null, covered, alone = family_row(family, clusters, intervals, resamples)
            shipped.append(
                "null"
                if null == 1
                else f"{100 * covered:.1f}" + (f" ({100 * null:.0f} % null)" if null else "")
            )
            before.append(f"{100 * alone:.1f}")
            print(f"{family} {clusters}: {shipped[-1]} / before {before[-1]}", file=sys.stderr, flush=True)
        path = simulation(family, 1, 2).every_path[0].replace("000", "<g>")
        lines.append(f"| {family} `{path}`, now | " + " | ".join(shipped) + " |")
        lines.append(f"| {family}, percentile alone (before) | " + " | ".join(before) + " |")
    return lines


#: Plain simulations: (name, Beta a, Beta b, rows per cluster, whether a row is right only when two
#: independent questions both are: VI-Probe's PFA, one yes/no per image).
POLICIES = (
    ("skill Beta(0.5, 0.7), 5 rows per cluster", 0.5, 0.7, 5, False),
    ("skill Beta(2, 2), 5 rows", 2.0, 2.0, 5, False),
    ("skill Beta(4, 1) (truth 0.8), 5 rows", 4.0, 1.0, 5, False),
    ("skill Beta(2, 2), 20 rows", 2.0, 2.0, 20, False),
    ("skill Beta(0.3, 5.7) (truth 0.05), 5 rows", 0.3, 5.7, 5, False),
    ("skill Beta(0.5, 0.7), 1 row per cluster", 0.5, 0.7, 1, False),
    (
        "skill Beta(0.5, 0.7), 1 row per cluster, right when both of 2 questions are (truth 0.28)",
        0.5,
        0.7,
        1,
        True,
    ),
)
PLAIN_COUNTS = (3, 4, 5, 6, 8, 10, 15, 30)


def plain_row(
    a: float, b: float, rows: int, both: bool, clusters: int, runs: int, resamples: int
) -> dict[str, float]:
    """Coverage of the percentile bootstrap and of the t interval on cluster values (both null when
    every cluster gives the same value), and with one row per cluster, of Wilson's interval (never null)."""
    rng = np.random.default_rng(clusters)
    truth = a * (a + 1) / ((a + b) * (a + b + 1)) if both else a / (a + b)
    hits: dict[str, list[int]] = {"percentile": [0, 0], "t on clusters": [0, 0]}
    if rows == 1:
        hits["Wilson"] = [0, 0]
    deletions = np.ones((clusters, clusters)) - np.eye(clusters)
    for _ in range(runs):
        skill = rng.beta(a, b, clusters)
        right = rng.binomial(rows, skill) * (rng.binomial(1, skill) if both else 1)
        right = right.astype(float)
        if rows == 1:
            low, high = wilson(int(right.sum()), clusters)
            hits["Wilson"][0] += low <= truth <= high
            hits["Wilson"][1] += 1
        if right.min() == right.max():
            continue
        picks = (
            rng.integers(0, clusters, size=(resamples, clusters - 1))
            + (np.arange(resamples) * clusters)[:, None]
        )
        weights = np.bincount(picks.ravel(), minlength=resamples * clusters).reshape(resamples, clusters)
        low, high = np.percentile(weights @ right / (weights.sum(axis=1) * rows), levels(clusters))
        hits["percentile"][0] += low <= truth <= high
        hits["percentile"][1] += 1
        point = right.sum() / (clusters * rows)
        left_out = deletions @ right / (deletions.sum(axis=1) * rows)
        half = student_t(clusters - 1) * math.sqrt(
            (clusters - 1) / clusters * ((left_out - point) ** 2).sum()
        )
        hits["t on clusters"][0] += abs(point - truth) <= half
        hits["t on clusters"][1] += 1
    return {method: covered / counted for method, (covered, counted) in hits.items()}


def methods_table(runs: int, resamples: int) -> list[str]:
    lines = [
        "| policy, interval | " + " | ".join(str(c) for c in PLAIN_COUNTS) + " |",
        "|---|" + "---|" * len(PLAIN_COUNTS),
    ]
    for name, a, b, rows, both in POLICIES:
        found = [plain_row(a, b, rows, both, clusters, runs, resamples) for clusters in PLAIN_COUNTS]
        for method in found[0]:
            cells = " | ".join(f"{100 * cell[method]:.1f}" for cell in found)
            lines.append(f"| {name}, {method} | {cells} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--intervals", type=int, default=2000, help="group intervals per family and count")
    parser.add_argument("--runs", type=int, default=4000, help="runs per plain simulation cell")
    parser.add_argument("--resamples", type=int, default=1000, help="as `eval score` draws")
    parser.add_argument("--methods-only", action="store_true", help="only the second table")
    args = parser.parse_args()
    if not args.methods_only:
        print("\n".join(families_table(args.intervals, args.resamples)))
        print()
    print("\n".join(methods_table(args.runs, args.resamples)))


if __name__ == "__main__":
    main()
