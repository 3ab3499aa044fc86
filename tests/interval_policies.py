"""Rows of each family's schema in groups of a chosen number of clusters, and a correlated policy that
answers them, for checking what the families' 95 % intervals cover (tests/test_interval_clusters.py,
benchmarks/interval_coverage.py).

A group is what a family breaks its metrics down by (a VISaGE category, a VI-Probe case, a VLMBias
sub-topic, an IllusionBench+ category, an AIpsych set kind); each holds exactly `clusters` clusters
(tuples, images, drawings), so one scoring of many groups gives many intervals at that cluster count.
Each run of the policy picks a mean skill m uniformly in [0.3, 0.7], draws per cluster a skill p
from Beta(1.2 m, 1.2 (1 - m)) (intra-cluster correlation 1 / 2.2 = 0.45, a strong cluster effect)
and answers each unit of the cluster right with probability p (VISaGE's 1b rows p / 2), in reply
text the family's parser reads: units within a cluster are correlated, and each group metric's
truth is a property of the Beta (E[p], or E[p^2] for VI-Probe's both-questions-right PFA). The
truth varies from run to run, so coverage is averaged over truths, not read at one lucky point of
a metric's discrete sawtooth.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from eval.registry import family_eval
from eval.scoring.aipsych.sets import SET_KINDS
from eval.scoring.illusionbench.metrics import CATEGORIES as ILLUSIONBENCH_CATEGORIES
from eval.scoring.scorer import Scorer

#: a + b of every run's Beta: intra-cluster correlation 1 / (a + b + 1).
CONCENTRATION = 1.2
MEANS = (0.3, 0.7)


def mean_skill(a: float, b: float) -> float:
    return a / (a + b)


def both_right(a: float, b: float) -> float:
    """E[p^2] of p ~ Beta(a, b): both questions of an image right."""
    return a * (a + 1) / ((a + b) * (a + b + 1))


@dataclasses.dataclass(frozen=True)
class Simulation:
    """One family's groups of `clusters` clusters, graded right and wrong from real reply text.

    `paths[g]` are the metrics of group g and `truth(a, b)` their true value under skills Beta(a, b);
    `group(unit)` is a unit's group; `odds` scales a unit's chance to be right (1 but for VISaGE's
    1b rows).
    """

    family: str
    right: tuple[Any, ...]
    wrong: tuple[Any, ...]
    paths: tuple[tuple[str, ...], ...]
    truth: Callable[[float, float], float]
    group: Callable[[Any], int]
    odds: tuple[float, ...]

    @property
    def scorer(self) -> Scorer[Any, Any]:
        return family_eval(self.family).scorer

    def aggregate(self, units: Sequence[Any]) -> dict[str, Any]:
        """The family's metrics of `units` under its default options."""
        return self.scorer.aggregate(units, self.scorer.options())

    def cluster(self, unit: Any) -> Any:
        return self.scorer.cluster(unit)

    @property
    def every_path(self) -> tuple[str, ...]:
        return tuple(path for paths in self.paths for path in paths)

    def run(self, rng: np.random.Generator) -> tuple[list[Any], dict[str, float]]:
        """The units one policy run gives (each right with its cluster's skill times its odds), and each
        group metric's truth in that run (every group draws its own mean skill)."""
        means = rng.uniform(*MEANS, len(self.paths))
        betas = [(CONCENTRATION * mean, CONCENTRATION * (1 - mean)) for mean in means]
        cluster = self.scorer.cluster
        groups = {cluster(unit): self.group(unit) for unit in self.right}
        skill = {name: rng.beta(*betas[group]) for name, group in sorted(groups.items())}
        draws = rng.random(len(self.right))
        units = [
            right if draw < skill[cluster(right)] * odds else wrong
            for right, wrong, odds, draw in zip(self.right, self.wrong, self.odds, draws, strict=True)
        ]
        truths = {path: self.truth(*betas[g]) for g, paths in enumerate(self.paths) for path in paths}
        return units, truths


def graded(family: str, rows: Sequence[dict[str, Any]], replies: dict[str, str]) -> list[Any]:
    """The family's graded units of `replies` to `rows`, under its default options."""
    scorer = family_eval(family).scorer
    return scorer.grade_rows(rows, replies, scorer.options())


def visage_rows(groups: int, clusters: int) -> list[dict[str, Any]]:
    """Per category, `clusters` tuples of a typical and an exceptional image and their seven conditions."""
    rows = []
    for g in range(groups):
        for t in range(clusters):
            for kind, conditions in (
                ("typical", ("1a", "1d", "2a")),
                ("exceptional", ("1b", "1c", "2b", "2c")),
            ):
                for condition in conditions:
                    rows.append(
                        {
                            "id": f"c{g}-t{t}-{kind}-{condition}",
                            "tuple_id": f"c{g}-t{t}",
                            "category": f"category{g:03d}",
                            "image_type": kind,
                            "condition": condition,
                            "label": "no" if condition in ("1c", "2b") else "yes",
                        }
                    )
    return rows


def _visage(groups: int, clusters: int) -> Simulation:
    rows = visage_rows(groups, clusters)
    right = graded("visage", rows, {r["id"]: f"{r['label'].capitalize()}." for r in rows})
    wrong = graded("visage", rows, {r["id"]: "No." if r["label"] == "yes" else "**Yes**" for r in rows})
    paths = tuple((f"by_category.category{g:03d}.accuracy",) for g in range(groups))
    odds = tuple(0.5 if unit.condition == "1b" else 1.0 for unit in right)

    def truth(a: float, b: float) -> float:  # of a tuple's 7 rows, the 1b row is right half as often
        return mean_skill(a, b) * 13 / 14

    return Simulation("visage", tuple(right), tuple(wrong), paths, truth, _number("category"), odds)


def _viprobe(groups: int, clusters: int) -> Simulation:
    rows = [
        {
            "id": f"case{g}-i{i}-{polarity}",
            "pair_id": f"case{g}-i{i}",
            "case_name": f"case{g:03d}",
            "category": "size",
            "variant_code": "O",
            "strength": 0.0,
            "polarity": polarity,
            "label": label,
        }
        for g in range(groups)
        for i in range(clusters)
        for polarity, label in (("f", (g + i) % 2), ("r", 1 - (g + i) % 2))
    ]
    right = graded(
        "viprobe", rows, {r["id"]: f"<reasons>...</reasons><answer>{r['label']}</answer>" for r in rows}
    )
    wrong = graded("viprobe", rows, {r["id"]: f"<answer> **{1 - r['label']}** </answer>" for r in rows})
    paths = tuple((f"by_case.case{g:03d}.pfa",) for g in range(groups))  # both questions right: E[p^2]
    return Simulation(
        "viprobe", tuple(right), tuple(wrong), paths, both_right, _number("case_name"), (1.0,) * len(right)
    )


def _vlmbias(groups: int, clusters: int) -> Simulation:
    rows = [
        {
            "ID": f"s{g}-d{d}-{question}-px{pixel}",
            "id": f"s{g}-d{d}-{question}-px{pixel}",
            "image_id": f"s{g}-d{d}_px{pixel}",
            "topic": "Flags",
            "sub_topic": f"sub_topic{g:03d}",
            "pixel": pixel,
            "type_of_question": question,
            "ground_truth": str(10 + d % 5),
            "expected_bias": str(11 + d % 5),
        }
        for g in range(groups)
        for d in range(clusters)
        for question in ("Q1", "Q2")
        for pixel in (384,)  # one resolution: a drawing's two questions
    ]
    right = graded("vlmbias", rows, {r["id"]: f"I count {{{r['ground_truth']}}}." for r in rows})
    wrong = graded("vlmbias", rows, {r["id"]: f"{{{r['expected_bias']}}}" for r in rows})
    paths = tuple((f"by_sub_topic.sub_topic{g:03d}.accuracy",) for g in range(groups))
    return Simulation(
        "vlmbias", tuple(right), tuple(wrong), paths, mean_skill, _number("sub_topic"), (1.0,) * len(right)
    )


def _illusionbench(groups: int, clusters: int) -> Simulation:
    """Groups are the five categories (the release's own): `groups` is capped at five."""
    categories = ILLUSIONBENCH_CATEGORIES[: min(groups, len(ILLUSIONBENCH_CATEGORIES))]
    rows = [
        {
            "id": f"{category}-i{i}-q{q}",
            "image_id": f"{category}-i{i}",
            "category": category,
            "difficulty": i % 3,
            "question_type": kind,
            "answer": answer,
        }
        for category in categories
        for i in range(clusters)
        for q, (kind, answer) in enumerate(
            (("tf", "True"), ("tf", "False"), ("mc", "ii"), ("mc", "iv"), ("mc", "i"))
        )
    ]
    right = graded("illusionbench", rows, {r["id"]: f"The answer is {r['answer']}." for r in rows})
    other = {"True": "False", "False": "True", "ii": "iii", "iv": "i", "i": "iv"}
    wrong = graded("illusionbench", rows, {r["id"]: other[r["answer"]] for r in rows})
    paths = tuple((f"by_category.{category}.accuracy",) for category in categories)

    def group(unit: Any) -> int:
        return categories.index(unit.category)

    return Simulation(
        "illusionbench", tuple(right), tuple(wrong), paths, mean_skill, group, (1.0,) * len(right)
    )


#: An AIpsych set that spots the trap, and one that falls for it (the release's categories).
SPOTS = ("Neither of them is there.", None, None, None)
FALLS = ("Top left.", "Top left. No.", "Top left. No, there is no mistake.", "Nothing else.")


def aipsych_rows(images: int) -> list[dict[str, Any]]:
    """Rows of the AIpsych schema: five 4-prompt sets per image, of the three set kinds in turn."""
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


def _aipsych(groups: int, clusters: int) -> Simulation:
    """Groups are the three set kinds, every image holding each: all rest on the `clusters` images."""
    rows = aipsych_rows(clusters)
    spotted = graded(
        "aipsych", rows, {r["id"]: SPOTS[r["prompt_idx"] - 1] for r in rows if SPOTS[r["prompt_idx"] - 1]}
    )
    fooled = graded("aipsych", rows, {r["id"]: FALLS[r["prompt_idx"] - 1] for r in rows})
    paths = (
        "rates.trap_spotting",
        *(f"by_set_kind.{kind}.rates.trap_spotting" for kind in SET_KINDS),
    )
    every = (paths[: groups + 1],)  # one group: the same images under every path
    return Simulation(
        "aipsych", tuple(spotted), tuple(fooled), every, mean_skill, lambda _: 0, (1.0,) * len(spotted)
    )


def _number(field: str) -> Callable[[Any], int]:
    """A unit's group: the number its group's name (`category007`, `case007`, ...) ends in."""
    return lambda unit: int(getattr(unit, field)[-3:])


SIMULATIONS: dict[str, Callable[[int, int], Simulation]] = {
    "vlmbias": _vlmbias,
    "viprobe": _viprobe,
    "aipsych": _aipsych,
    "visage": _visage,
    "illusionbench": _illusionbench,
}


def simulation(family: str, groups: int, clusters: int) -> Simulation:
    return SIMULATIONS[family](groups, clusters)


def covered(bounds: Sequence[float] | None, truth: float) -> bool | None:
    """Whether an interval holds the truth; None for a null interval."""
    return None if bounds is None else bool(bounds[0] <= truth <= bounds[1])
