"""Specs of the drawn subset, the presets, and the planner that turns a preset into specs.

One frozen spec per image: a classic illusion or its trap version (`ClassicSpec`), an
Ishihara-style plate (`IshiharaSpec`) or a plain scene (`SceneSpec`). Every choice the planner
makes (illusion, layout scale, sign of a trap's perturbation, digit, shapes) comes from
`rng_for("illusionbench", "drawn", category, index)` and is stored in the spec.

Difficulty comes from the perturbation size, on a ladder of three sizes per category (a size
between two rungs takes the nearer one). For trap figures, plates and scenes the perturbation is a
physical difference: largest is easy, smallest hard. Classic figures have no physical difference
at all; theirs is the strength of the inducer that makes the illusion (the fins of a Müller-Lyer
figure, the rails of a Ponzo figure, ...: `ClassicIllusion.inducer_feature`), drawn at 0.5, 0.75
or 1 times the standard figure's: the weakest is easy, the standard one hard.
The `paper` preset has the paper's image counts for the four categories that can be drawn
(164 classic, 19 trap, 26 Ishihara, 245 no-illusion); real-scene photographs cannot be drawn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, ClassVar

from builders.core.errors import SpecError, UsageError
from builders.core.hashing import rng_for
from builders.core.spec import Spec
from builders.illusionbench import scenes
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.ishihara.glyphs import DIGITS

#: Perturbation sizes (easy, neutral, hard) per category.
LADDERS = {
    "classic": (0.5, 0.75, 1.0),  # the inducer's strength, a share of the standard figure's
    "trap": (0.35, 0.2, 0.1),  # relative change of one target
    "ishihara": (1.0, 0.7, 0.45),  # share of the full red-green contrast the digit keeps
    "no_illusion": (0.5, 0.25, 0.1),  # how much wider the largest shape is than the next
}
SCALES = (0.85, 1.15)  # range of the classic figures' layout scale


def difficulty(perturbation: float, ladder: tuple[float, float, float]) -> str:
    """Easy, neutral or hard from the size of a perturbation on its category's ladder.

    A ladder's rungs shrink towards hard (a physical difference) or grow towards it (an inducer).

    >>> [difficulty(p, LADDERS["trap"]) for p in (0.35, -0.2, 0.1, 0.0)]
    ['easy', 'neutral', 'hard', 'hard']
    >>> [difficulty(s, LADDERS["classic"]) for s in (0.5, 0.75, 1.0)]
    ['easy', 'neutral', 'hard']
    """
    size = abs(perturbation)
    easy, neutral, hard = ladder
    if easy < hard:
        size, easy, neutral, hard = -size, -easy, -neutral, -hard
    if size >= (easy + neutral) / 2:
        return "easy"
    if size >= (neutral + hard) / 2:
        return "neutral"
    return "hard"


@dataclasses.dataclass(frozen=True, kw_only=True)
class ClassicSpec(Spec):
    """A classic illusion (perturbation 0) or its trap version (one target really changed by p),
    its inducer drawn at a strength (1 the standard figure's)."""

    kind: ClassVar[str] = "illusionbench_classic"

    illusion: str
    index: int  # position among its category's images
    scale: float
    perturbation: float
    inducer: float = 1.0

    def __post_init__(self) -> None:
        if self.illusion not in ILLUSIONS:
            raise SpecError(f"unknown illusion {self.illusion!r}; choose from {sorted(ILLUSIONS)}")
        if not 0.5 <= self.scale <= 1.5:
            raise SpecError(f"scale must lie in [0.5, 1.5], got {self.scale!r}")
        if self.perturbation and not 0.05 <= abs(self.perturbation) <= 0.4:
            raise SpecError(f"a trap's perturbation must be 0.05 to 0.4 in size, got {self.perturbation!r}")
        if not 0.25 <= self.inducer <= 1.0:
            raise SpecError(f"the inducer's strength must lie in [0.25, 1], got {self.inducer!r}")

    def to_dict(self) -> dict[str, Any]:
        """As every spec's, but a standard inducer (1) is left out: specs drawn before the inducer
        could vary keep their hashes."""
        data = super().to_dict()
        if data["inducer"] == 1.0:
            del data["inducer"]
        return data

    @property
    def category(self) -> str:
        return "trap" if self.perturbation else "classic"

    @property
    def image_id(self) -> str:
        return f"{self.category}-{self.index:03d}-{self.illusion}"

    @property
    def difficulty(self) -> str:
        if self.perturbation:
            return difficulty(self.perturbation, LADDERS["trap"])
        return difficulty(self.inducer, LADDERS["classic"])


@dataclasses.dataclass(frozen=True, kw_only=True)
class IshiharaSpec(Spec):
    """A dot plate showing `digit`; `contrast` is the share of the red-green difference kept."""

    kind: ClassVar[str] = "illusionbench_ishihara"
    category: ClassVar[str] = "ishihara"

    index: int
    digit: int
    contrast: float

    def __post_init__(self) -> None:
        if self.digit not in DIGITS:
            raise SpecError(f"digit must be 0-9, got {self.digit!r}")
        if not 0.2 <= self.contrast <= 1.0:
            raise SpecError(f"contrast must lie in [0.2, 1], got {self.contrast!r}")

    @property
    def image_id(self) -> str:
        return f"ishihara-{self.index:03d}"

    @property
    def perturbation(self) -> float:
        return self.contrast

    @property
    def difficulty(self) -> str:
        return difficulty(self.contrast, LADDERS["ishihara"])


@dataclasses.dataclass(frozen=True, kw_only=True)
class SceneSpec(Spec):
    """A plain scene of one `shape` kind; the largest is 1 + perturbation times the next widest."""

    kind: ClassVar[str] = "illusionbench_scene"
    category: ClassVar[str] = "no_illusion"

    index: int
    shape: str
    shapes: tuple[scenes.Shape, ...]
    perturbation: float

    def __post_init__(self) -> None:
        if self.shape not in scenes.KINDS:
            raise SpecError(f"shape must be one of {scenes.KINDS}, got {self.shape!r}")
        if not 2 <= len(self.shapes) <= 4 or any(color not in scenes.COLORS for color, *_ in self.shapes):
            raise SpecError(f"a scene holds 2-4 shapes of known colours, got {self.shapes!r}")

    @property
    def image_id(self) -> str:
        return f"no_illusion-{self.index:03d}"

    @property
    def difficulty(self) -> str:
        return difficulty(self.perturbation, LADDERS["no_illusion"])


DrawnSpec = ClassicSpec | IshiharaSpec | SceneSpec


@dataclasses.dataclass(frozen=True)
class Preset:
    """How many images each drawn category gets."""

    classic: int
    trap: int
    ishihara: int
    no_illusion: int


PRESETS = {"paper": Preset(164, 19, 26, 245), "lite": Preset(11, 11, 10, 12)}
DRAWN_CATEGORIES = ("classic", "trap", "ishihara", "no_illusion")


def drawn_specs(category: str, preset: str) -> Iterator[DrawnSpec]:
    """The specs of one drawn category under a preset, in a fixed order.

    Illusions take turns (index modulo the 11 illusions), classic inducer strengths and trap sizes
    cycle through their ladders, digits through 0-9, so every preset spreads them evenly (with 11
    illusions and 3 rungs, each illusion meets every rung once it has 3 images).

    Raises:
        UsageError: unknown category or preset.
    """
    if preset not in PRESETS:
        raise UsageError(f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}")
    if category not in DRAWN_CATEGORIES:
        raise UsageError(f"category {category!r} cannot be drawn; choose from {', '.join(DRAWN_CATEGORIES)}")
    names = list(ILLUSIONS)
    for index in range(getattr(PRESETS[preset], category)):
        rng = rng_for("illusionbench", "drawn", category, index)
        step = LADDERS.get(category, (0.0,) * 3)[index % 3]
        if category in ("classic", "trap"):
            name = names[index % len(names)]
            sign = rng.choice((-1, 1)) if ILLUSIONS[name].signed else 1
            scale = round(rng.uniform(*SCALES), 2)
            if category == "classic":  # the step is the inducer's strength; the targets stay equal
                # (0 times the sign: -0.0 after a negative draw, as classic specs have always recorded)
                yield ClassicSpec(
                    illusion=name, index=index, scale=scale, perturbation=sign * 0.0, inducer=step
                )
            else:
                yield ClassicSpec(illusion=name, index=index, scale=scale, perturbation=sign * step)
        elif category == "ishihara":
            yield IshiharaSpec(index=index, digit=index % 10, contrast=step)
        else:
            shape, shapes = scenes.plan_shapes(rng, rng.choice((2, 3, 3, 4)), step)
            yield SceneSpec(index=index, shape=shape, shapes=shapes, perturbation=step)
