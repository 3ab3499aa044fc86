"""Cluster-bootstrap 95 % intervals for every metric a family reports, from one aggregate function.

Rows that share an image (or a set, pair or tuple) are not independent, so intervals come from a
cluster bootstrap: each resample draws clusters with replacement and every metric is computed again
on the rows of the drawn clusters; percentiles of a metric over the resamples bound its interval. A
family writes its metrics once, as an aggregate over graded units (rows, or AIpsych's sets) that
counts with `rate`, `shares` and `weight`:

- called on the units themselves, every unit weighs 1 and the aggregate returns the point estimates;
- called on `Weighted` views of them, a unit weighs, in each of B resamples, how often its cluster
  was drawn, so `rate` returns B values at once and the same aggregate returns every metric's
  bootstrap distribution, differences and ratios included (`replicates`).

So a new metric gets its interval without code of its own, and metrics that differ within one
resample (1a - 1b, seeing - blind, A - B of two results on the same rows) get paired intervals.

Two small-sample corrections keep the intervals at 95 % from ten clusters up (measured in
tests/test_interval_clusters.py and docs/intervals.md): each resample draws C - 1 of the C
clusters (the rescaling bootstrap of Rao and Wu, 1988), since with C draws the bootstrap variance
of a mean is (C - 1) / C of the unbiased estimate; and the percentile levels are expanded
(Hesterberg, 2015) from 2.5 and 97.5 to Phi(-t) and Phi(t), t Student's 0.975 quantile with C - 1
degrees of freedom, as the spread is itself estimated from C clusters (2.28 and 97.72 at 120
clusters, 2.04 and 97.96 at 30). Expanding the levels rather than the values keeps a rate's
interval inside what its resamples reach (never below 0 or above 1). Draws come from an explicit,
seeded `numpy.random.Generator`: the same inputs give the same intervals.

Where that would not mean 95 %, no interval is reported and `interval_table` says why, per metric
(docs/intervals.md has the measured coverage):

- a metric resting on fewer than `MIN_CLUSTERS` (10) clusters gets none: a percentile interval over
  C clusters cannot be wider than their spread (44-50 % coverage at 2 clusters, 85-94 % at 5), and
  a t interval on so few cluster values covers anywhere from 90 % to 100 % depending on how many
  rows a cluster holds and how near 0 or 1 the rate is;
- a share (`rate`, `shares`) whose every unit is a cluster of its own (a VI-Probe image's pair, a
  VISaGE tuple's one 1a row) is a count of independent yes/no trials: its interval is Wilson's, as
  the percentile interval of so coarse a count swings with the truth (99.4 % at 10 clusters for a
  truth of 0.28);
- a metric that is undefined in every resample, or that every cluster gives the same value, has no
  spread to build an interval from; except a share that is 0 (or 1) on every one of its C clusters,
  whose interval is the exact binomial bound over clusters, [0, 1 - 0.025^(1/C)] (a rate of rows
  can be no larger than the share of clusters holding any hit).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

#: Resamples per interval unless asked otherwise (`eval score --bootstrap N`).
DEFAULT_RESAMPLES = 1000
#: The seed of every interval unless asked otherwise: reruns give the same bytes.
DEFAULT_SEED = 20250523
#: The most resamples an interval takes (intervals settle long before: docs/intervals.md), and the
#: largest seed (numpy takes any non-negative integer; a score JSON stores it in 64 bits).
MAX_RESAMPLES = 100_000
MAX_SEED = 2**63 - 1
#: Weights are drawn in blocks of at most this many (cluster, resample) cells, to bound memory.
BLOCK_CELLS = 16_000_000
#: How many cluster draws are made at once while filling a block.
DRAWS_AT_ONCE = 1 << 20
#: The fewest clusters a metric must rest on to get an interval (measured: docs/intervals.md).
MIN_CLUSTERS = 10


class Replicates(np.ndarray):
    """A metric's value in each resample, how many clusters it rests on (`clusters`), whether it is a
    share of units (`share`: a `rate` or `shares` value, in [0, 1]) and, for a share whose every unit
    is a cluster of its own, its hits and units (`trials`: a binomial count of independent trials).

    A rate over the images of one case rests on those images only: its interval takes its own
    cluster count, not the whole benchmark's, and a metric on too few clusters gets none (resampling
    a few images says little about how others would go). Arithmetic keeps the fewest clusters of its
    operands (R over four image types rests on the sparsest type) and is no longer a share.
    """

    clusters: int | None
    share: bool
    trials: tuple[int, int] | None

    @classmethod
    def of(
        cls,
        values: np.ndarray,
        clusters: int | None,
        *,
        share: bool = False,
        trials: tuple[int, int] | None = None,
    ) -> Replicates:
        found = np.asarray(values, dtype=np.float64).view(cls)
        found.clusters, found.share, found.trials = clusters, share, trials
        return found

    def __array_finalize__(self, obj: Any) -> None:
        self.clusters = getattr(obj, "clusters", None)
        self.share = getattr(obj, "share", False)
        self.trials = getattr(obj, "trials", None)

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        counts = [x.clusters for x in inputs if isinstance(x, Replicates) and x.clusters is not None]
        plain = [x.view(np.ndarray) if isinstance(x, Replicates) else x for x in inputs]
        with np.errstate(divide="ignore", invalid="ignore"):
            result = getattr(ufunc, method)(*plain, **kwargs)
        if isinstance(result, np.ndarray) and result.dtype.kind == "f":
            return Replicates.of(result, min(counts) if counts else None)
        return result


Number = float | np.ndarray


class Resampling:
    """One block of bootstrap resamples: `weights[c, b]` is how often cluster `c` is drawn in resample `b`."""

    def __init__(self, weights: np.ndarray) -> None:
        self.weights = weights

    @property
    def clusters(self) -> int:
        return self.weights.shape[0]

    def total(self, clusters: np.ndarray) -> np.ndarray:
        """The summed weight of units in `clusters` (a cluster index per unit), per resample."""
        # float32 sums of whole multiplicities are exact below 2**24, far above any row count.
        if len(clusters) < self.clusters:
            return self.weights[clusters].sum(axis=0).astype(np.float64)
        counts = np.bincount(clusters, minlength=self.clusters).astype(np.float32)
        return (counts @ self.weights).astype(np.float64)


class Weighted:
    """A unit as one block of resamples sees it: attributes read through to `unit`; its weight in each
    resample is the multiplicity of its cluster (`cluster`, an index into `resampling`)."""

    __slots__ = ("cluster", "resampling", "unit")

    def __init__(self, unit: Any, cluster: int, resampling: Resampling) -> None:
        self.unit, self.cluster, self.resampling = unit, cluster, resampling

    def __getattr__(self, name: str) -> Any:
        if name in Weighted.__slots__:  # not set yet (a copy in progress): never recurse
            raise AttributeError(name)
        return getattr(self.unit, name)


def _carrier(item: Any, by: Callable[[Any], Any] | None) -> Any:
    return item if by is None else by(item)


def weight(items: Iterable[Any], *, by: Callable[[Any], Any] | None = None) -> int | np.ndarray:
    """How many `items` there are: a count for plain units, a count per resample for `Weighted` ones.

    `by` maps an item to the unit that carries its weight (a VI-Probe image pair weighs what its
    forward row weighs); by default the item itself.
    """
    found = list(items)
    if not found or not isinstance(_carrier(found[0], by), Weighted):
        return len(found)
    carriers = [_carrier(item, by) for item in found]
    clusters = np.fromiter((c.cluster for c in carriers), np.intp, len(carriers))
    return Replicates.of(carriers[0].resampling.total(clusters), len(np.unique(clusters)))


def rate(
    items: Iterable[Any], hit: Callable[[Any], Any], *, by: Callable[[Any], Any] | None = None
) -> Number | None:
    """The share of `items` for which `hit` is true; None when there are no items.

    Plain units give a float (hits / items); `Weighted` units give one share per resample (NaN in a
    resample that drew none of the items).

    >>> rate([1, 2, 3, 4], lambda n: n % 2 == 0)
    0.5
    >>> rate([], bool) is None
    True
    """
    return shares(items, lambda item: bool(hit(item)), (True,), by=by)[True]


def shares(
    items: Iterable[Any],
    key: Callable[[Any], Hashable],
    values: Iterable[Hashable],
    *,
    by: Callable[[Any], Any] | None = None,
) -> dict[Hashable, Number | None]:
    """For each of `values`, the share of `items` whose `key` is that value (None when there are no items).

    One pass over the items for every value, so a family's five categories cost one rate.

    >>> shares(["a", "b", "a", "c"], lambda x: x, ("a", "z"))
    {'a': 0.5, 'z': 0.0}
    """
    found = list(items)
    values = tuple(values)
    if not found:
        return dict.fromkeys(values)
    first = _carrier(found[0], by)
    if not isinstance(first, Weighted):
        keys = [key(item) for item in found]
        return {value: keys.count(value) / len(found) for value in values}
    carriers = [_carrier(item, by) for item in found]
    clusters = np.fromiter((carrier.cluster for carrier in carriers), np.intp, len(carriers))
    # The key reads the unit itself when it is the carrier: no attribute goes through the view.
    labels = np.array([key(item.unit if by is None else item) for item in found], dtype=object)
    resampling = first.resampling
    every = Replicates.of(resampling.total(clusters), len(np.unique(clusters)))
    alone = every.clusters == len(carriers)  # every unit a cluster of its own: independent trials
    return {
        value: Replicates.of(
            resampling.total(clusters[labels == value]) / every,  # NaN where a resample has no unit
            every.clusters,
            share=True,
            trials=(int(np.count_nonzero(labels == value)), len(carriers)) if alone else None,
        )
        for value in values
    }


def ratio(numerator: Number, denominator: Number) -> Number | None:
    """`numerator / denominator`: None for a zero plain denominator, NaN in resamples where it is zero."""
    if isinstance(denominator, np.ndarray) or isinstance(numerator, np.ndarray):
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(numerator, dtype=np.float64) / denominator
    return numerator / denominator if denominator else None


def cluster_index(keys: Iterable[Hashable]) -> dict[Hashable, int]:
    """Each distinct cluster key's index, in sorted order (so the row order of a file changes nothing)."""
    return {key: index for index, key in enumerate(sorted(set(keys), key=str))}


def draw(clusters: int, resamples: int, rng: np.random.Generator) -> np.ndarray:
    """Multiplicities (clusters x resamples, float32) of `clusters - 1` draws with replacement per resample.

    Drawn a few resamples at a time, so the draws never hold more than about a million integers.

    >>> w = draw(5, 3, np.random.default_rng(0))
    >>> w.shape, w.sum(axis=0).tolist()
    ((5, 3), [4.0, 4.0, 4.0])
    """
    picks = max(clusters - 1, 1)
    weights = np.empty((clusters, resamples), dtype=np.float32)
    step = max(1, DRAWS_AT_ONCE // picks)
    for start in range(0, resamples, step):
        count = min(step, resamples - start)
        chosen = rng.integers(0, clusters, size=(count, picks)) + (np.arange(count) * clusters)[:, None]
        weights[:, start : start + count] = (
            np.bincount(chosen.ravel(), minlength=count * clusters).reshape(count, clusters).T
        )
    return weights


def blocks(clusters: int, resamples: int, rng: np.random.Generator) -> Iterable[Resampling]:
    """The resamples, in blocks small enough to hold in memory, drawn in order from `rng`."""
    size = max(1, min(resamples, BLOCK_CELLS // max(clusters, 1)))
    for start in range(0, resamples, size):
        yield Resampling(draw(clusters, min(size, resamples - start), rng))


def flatten(tree: Any, prefix: str = "") -> dict[str, Any]:
    """Every leaf of nested dicts by its dotted path (lists are not metrics and are skipped).

    >>> flatten({"accuracy": 0.5, "effects": {"1a-1b": 0.1}, "ids": ["x"]})
    {'accuracy': 0.5, 'effects.1a-1b': 0.1}
    """
    if isinstance(tree, Mapping):
        leaves: dict[str, Any] = {}
        for key, value in tree.items():
            leaves.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return leaves
    if isinstance(tree, (list, tuple)):
        return {}
    return {prefix: tree}


#: Student's t at 0.975 for 1-5 degrees of freedom, where the expansion below is too rough.
_T_FEW = {
    1: 12.706204736174698,
    2: 4.302652729749464,
    3: 3.182446305284263,
    4: 2.776445105197793,
    5: 2.570581835636314,
}
_Z = 1.959963984540054


def student_t(degrees: int) -> float:
    """Student's t quantile at 0.975 (a table to 5 degrees, then the Cornish-Fisher expansion in 1/degrees).

    >>> round(student_t(30), 3), round(student_t(1000), 3)
    (2.042, 1.962)
    """
    if degrees in _T_FEW:
        return _T_FEW[degrees]
    z, nu = _Z, degrees
    return (
        z
        + (z**3 + z) / (4 * nu)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * nu**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * nu**3)
    )


def levels(clusters: int) -> tuple[float, float]:
    """The percentiles that bound a 95 % interval over `clusters` clusters: 100 Phi(-+t(clusters - 1)).

    >>> [round(level, 2) for level in levels(30)], [round(level, 3) for level in levels(10**6)]
    ([2.04, 97.96], [2.5, 97.5])
    """
    tail = 50 * math.erfc(student_t(max(clusters - 1, 1)) / math.sqrt(2))
    return tail, 100 - tail


def exact_share_bound(value: float, clusters: int) -> list[float]:
    """The 95 % interval of a share that is `value` (0 or 1) on every one of `clusters` clusters: the
    exact (Clopper-Pearson) bound on the share of clusters with any hit (or any miss), which bounds
    the share of rows too.

    >>> [round(bound, 4) for bound in exact_share_bound(0.0, 80)], exact_share_bound(1.0, 10)[1]
    ([0.0, 0.0451], 1.0)
    """
    reach = 1 - 0.025 ** (1 / clusters)
    return [0.0, reach] if value == 0 else [1 - reach, 1.0]


def wilson(hits: int, trials: int) -> list[float]:
    """Wilson's score interval (95 %) of `hits` out of `trials` independent yes/no trials.

    >>> [round(bound, 4) for bound in wilson(3, 10)], wilson(0, 10)[0]
    ([0.1078, 0.6032], 0.0)
    """
    z = _Z
    share = hits / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def too_few(clusters: int) -> str:
    """The note of a metric resting on fewer than `MIN_CLUSTERS` clusters.

    >>> too_few(2)
    '2 clusters: too few for a 95 % interval (it needs at least 10)'
    """
    noun = "cluster" if clusters == 1 else "clusters"
    return f"{clusters} {noun}: too few for a 95 % interval (it needs at least {MIN_CLUSTERS})"


def interval(
    values: np.ndarray, clusters: int, *, share: bool = False, trials: tuple[int, int] | None = None
) -> tuple[list[float] | None, str | None]:
    """A metric's 95 % interval from its resampled `values` over `clusters` clusters, or None and why.

    From `MIN_CLUSTERS` clusters up: a share of independent trials (one unit per cluster, `trials`)
    gets Wilson's interval; a share that every cluster gives as 0 or 1, `exact_share_bound`; any other
    metric, the expanded percentile interval (`levels`). Below the minimum, undefined everywhere, or
    with no spread at all, none.
    """
    if clusters < MIN_CLUSTERS:
        return None, too_few(clusters)
    if trials is not None:
        return wilson(*trials), None
    finite = np.asarray(values)[np.isfinite(values)]
    if finite.size == 0:
        return None, "undefined in every resample"
    low, high = (float(bound) for bound in np.percentile(finite, levels(clusters)))
    if finite.min() == finite.max():
        if share and low in (0.0, 1.0):
            return exact_share_bound(low, clusters), None
        return None, f"every cluster gives the same value ({low:g}): no spread to build an interval from"
    return [low, high], None


def replicates(
    aggregate: Callable[..., Any],
    groups: Sequence[Sequence[Any]],
    cluster_of: Callable[[Any], Hashable],
    *,
    resamples: int,
    seed: int,
) -> dict[str, Replicates]:
    """Every array-valued metric `aggregate(*groups)` returns, by path, over `resamples` resamples.

    The units of all `groups` (a seeing run and a blind run of the same rows, or two results being
    compared) are resampled together: a cluster drawn twice weighs twice in every group.
    """
    keys = cluster_index(cluster_of(unit) for group in groups for unit in group)
    if not keys:
        return {}
    rng = np.random.default_rng(seed)
    pieces: dict[str, list[np.ndarray]] = {}
    counts: dict[str, int] = {}
    share: dict[str, bool] = {}
    trials: dict[str, tuple[int, int] | None] = {}
    for block in blocks(len(keys), resamples, rng):
        weighted = [[Weighted(unit, keys[cluster_of(unit)], block) for unit in group] for group in groups]
        for path, value in flatten(aggregate(*weighted)).items():
            if isinstance(value, np.ndarray):
                pieces.setdefault(path, []).append(value)
                counts[path] = getattr(value, "clusters", None) or len(keys)
                share[path] = bool(getattr(value, "share", False))
                trials[path] = getattr(value, "trials", None)
    return {
        path: Replicates.of(np.concatenate(parts), counts[path], share=share[path], trials=trials[path])
        for path, parts in pieces.items()
    }


def interval_table(
    aggregate: Callable[..., Any],
    groups: Sequence[Sequence[Any]],
    cluster_of: Callable[[Any], Hashable],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> tuple[dict[str, list[float] | None], dict[str, str]]:
    """(`ci95`, `ci95_notes`): the interval of every metric of `aggregate(*groups)` by dotted path, None
    where none means 95 % (`interval`), and for each None the reason, by the same path."""
    if resamples <= 0:
        return {}, {}
    found = replicates(aggregate, groups, cluster_of, resamples=resamples, seed=seed)
    bounds: dict[str, list[float] | None] = {}
    notes: dict[str, str] = {}
    for path, values in found.items():
        bounds[path], note = interval(values, values.clusters or 0, share=values.share, trials=values.trials)
        if note is not None:
            notes[path] = note
    return bounds, notes


def intervals(
    aggregate: Callable[..., Any],
    groups: Sequence[Sequence[Any]],
    cluster_of: Callable[[Any], Hashable],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> dict[str, list[float] | None]:
    """`ci95` alone: `interval_table` without the notes."""
    return interval_table(aggregate, groups, cluster_of, resamples=resamples, seed=seed)[0]
