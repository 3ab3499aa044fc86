"""What a VI-Probe build sweeps: base scales and strengths per category, their bins, the image size.

A preset is one `ViProbeParameters`; `python -m builders params viprobe` prints it as TOML and
`build --params FILE` changes any of it. `paper` is the 0.1 grid the VI-Probe release kept (290
base configurations, 10 strengths); `full` is the generator's complete sweep; `lite` is one base
scale and four strengths for quick runs.

Every grid value sits in a sweep bin: `jitter` either side of it. The canonical edition draws at
the grid value itself; a fresh edition (`build --seed N`) draws each case's base scale anywhere in
its bin (`drawn_base_scale`), while ids and rows keep naming the grid value. Strengths are the
paper's graded doses and are never jittered.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

from builders.core.params import Parameters, parameter
from builders.illusions.engine import CATEGORIES

#: The range the release sweeps base scales and strengths over, and all the drawing supports:
#: beyond it size targets leave the canvas and the orientation tables end.
LOWEST, HIGHEST = 0.5, 1.5
#: Decimals a base scale or strength is given to: the image ids name them so (`-b1.00-P-s1.30`).
DECIMALS = 2
#: Decimals a fresh edition's drawn base scale is kept to.
DRAWN_DECIMALS = 4


def steps(start: float, stop: float, count: int, *, endpoint: bool = True) -> tuple[float, ...]:
    """`count` evenly spaced values from `start` (to `stop` if `endpoint`), rounded to 2 decimals.

    >>> steps(0.5, 1.5, 11)[:3], steps(0.5, 1.5, 10, endpoint=False)[-1]
    ((0.5, 0.6, 0.7), 1.4)
    """
    span = (stop - start) / (count - 1 if endpoint else count)
    return tuple(round(start + span * index, DECIMALS) for index in range(count))


def _without_one(values: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(value for value in values if value != 1.0)


PAPER_SCALES = steps(LOWEST, HIGHEST, 11)
PAPER_COLOR_SCALES = steps(LOWEST, HIGHEST, 10, endpoint=False)
PAPER_STRENGTHS = _without_one(steps(LOWEST, HIGHEST, 11))
#: The lite preset's four strengths, the same for every category (its one base scale: 1.0).
LITE_STRENGTHS = (0.6, 0.8, 1.2, 1.4)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Sweep(Parameters):
    """One category's sweep: every case of it is drawn at each base scale, and perturbed at each strength."""

    base_scales: tuple[float, ...] = parameter(
        PAPER_SCALES,
        meaning="base scales, to 2 decimals: the paper's unrelated factor (size: a size factor; color: a "
        "hue shift; orientation: an inducer-table entry), each one base configuration of six images",
        minimum=LOWEST,
        maximum=HIGHEST,
        max_items=101,
        unique=True,
    )
    strengths: tuple[float, ...] = parameter(
        PAPER_STRENGTHS,
        meaning="strengths s of the perturbed images, to 2 decimals and never 1.0 (the originals'): one "
        "target changed by the ratio s, or bent, tilted or shifted in proportion to s - 1",
        minimum=LOWEST,
        maximum=HIGHEST,
        max_items=100,
        unique=True,
    )
    jitter: float = parameter(
        0.05,
        meaning="half-width of each base scale's sweep bin, at most half the smallest gap between base "
        "scales: a fresh edition (--seed) draws each case's base scale anywhere in its bin, within 0.5-1.5",
        minimum=0.0,
        maximum=0.5,
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class ViProbeParameters(Parameters):
    """The three categories' sweeps and the size every image is drawn at."""

    resolution: int = parameter(
        512,
        meaning="width of every image in px, an even number: the 512 x 256 and 512 x 512 canvases are "
        "drawn at this width (the paper's: 512)",
        minimum=128,
        maximum=2048,
    )
    size: Sweep = dataclasses.field(default_factory=Sweep)
    color: Sweep = dataclasses.field(default_factory=lambda: Sweep(base_scales=PAPER_COLOR_SCALES))
    orientation: Sweep = dataclasses.field(default_factory=Sweep)

    def sweep(self, category: str) -> Sweep:
        """The sweep of `category` ("size", "color" or "orientation")."""
        return {"size": self.size, "color": self.color, "orientation": self.orientation}[category]

    def check(self) -> None:
        if self.resolution % 2:
            raise ValueError(
                "resolution must be even, so the 512 x 256 canvases keep their 2:1 shape; "
                f"got {self.resolution}"
            )
        for category in CATEGORIES:
            _check_sweep(category, self.sweep(category))


def _check_sweep(category: str, sweep: Sweep) -> None:
    """ValueError naming the key when a sweep's values cannot name distinct images or its bins overlap."""
    for key in ("base_scales", "strengths"):
        for value in getattr(sweep, key):
            if round(value, DECIMALS) != value:
                raise ValueError(
                    f"{category}.{key} must be given to {DECIMALS} decimals, as the image ids name them; "
                    f"got {value!r}"
                )
    if 1.0 in sweep.strengths:
        raise ValueError(
            f"{category}.strengths may not hold 1.0: it leaves the targets equal, which is the originals' "
            "strength; leave it out"
        )
    scales = sorted(sweep.base_scales)
    gaps = [round(high - low, DECIMALS) for low, high in itertools.pairwise(scales)]
    if gaps and sweep.jitter > min(gaps) / 2 + 1e-9:
        raise ValueError(
            f"{category}.jitter {sweep.jitter:g} is more than half the smallest gap between "
            f"{category}.base_scales ({min(gaps):g}), so sweep bins would overlap; set it to at most "
            f"{min(gaps) / 2:g}"
        )


def drawn_base_scale(rng: random.Random, base_scale: float, jitter: float) -> float:
    """A base scale drawn uniformly from the bin of `base_scale`: `jitter` either side, kept within 0.5-1.5.

    >>> drawn_base_scale(random.Random(1), 1.0, 0.05)
    0.9634
    >>> drawn_base_scale(random.Random(1), 0.5, 0.05), drawn_base_scale(random.Random(1), 1.0, 0.0)
    (0.5067, 1.0)
    """
    low, high = max(LOWEST, base_scale - jitter), min(HIGHEST, base_scale + jitter)
    return round(rng.uniform(low, high), DRAWN_DECIMALS)


PRESETS: dict[str, ViProbeParameters] = {
    "paper": ViProbeParameters(),
    "lite": ViProbeParameters(
        size=Sweep(base_scales=(1.0,), strengths=LITE_STRENGTHS),
        color=Sweep(base_scales=(1.0,), strengths=LITE_STRENGTHS),
        orientation=Sweep(base_scales=(1.0,), strengths=LITE_STRENGTHS),
    ),
    "full": ViProbeParameters(
        size=Sweep(base_scales=steps(0.5, 1.5, 51), strengths=_without_one(steps(0.5, 1.5, 51)), jitter=0.01),
        color=Sweep(
            base_scales=steps(0.5, 1.5, 50, endpoint=False),
            strengths=_without_one(steps(0.5, 1.5, 51)),
            jitter=0.01,
        ),
        orientation=Sweep(),
    ),
}
