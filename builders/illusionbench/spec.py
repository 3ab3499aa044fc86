"""Specs of the drawn subset: what one drawn image is, and the ladders its difficulty is read on.

One frozen spec per image: a classic illusion or its trap version (`ClassicSpec`), an
Ishihara-style plate (`IshiharaSpec`) or a plain scene (`SceneSpec`). The planner
(`plan.drawn_specs`) turns the build's parameters (`params.IllusionBenchParameters`: counts, the
ladders below, the image width) into specs. Every choice it makes (layout scale, sign of a trap's
perturbation, a plate's digit, shapes) comes from `rng_for("illusionbench", "drawn", category,
index, edition=...)` (the digits' order from one draw per edition) and is stored in the spec; what
it does not choose is fixed by the image's index: the illusion (index modulo 11), the level (index
modulo 3) and so the perturbation size, and the number of true/false statements. A fresh edition
(`build --seed N`) therefore redraws the first and keeps the second.

Difficulty comes from the perturbation size, on a ladder of three sizes per category (a size
between two rungs takes the nearer one). For trap figures, plates and scenes the perturbation is a
physical difference: largest is easy, smallest hard. Classic figures have no physical difference
at all; theirs is the strength of the inducer that makes the illusion (the fins of a Müller-Lyer
figure, the rails of a Ponzo figure, ...: `ClassicIllusion.inducer_feature`), drawn at 0.5, 0.75
or 1 times the standard figure's by default: the weakest is easy, the standard one hard. A build
may set other ladders; an image whose ladder is not the default one carries it in its spec.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from builders.core.errors import SpecError
from builders.core.spec import Spec
from builders.illusionbench import scenes
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.ishihara.glyphs import DIGITS

Ladder = tuple[float, float, float]

#: Perturbation sizes (easy, neutral, hard) per category: the canonical ladders.
LADDERS: dict[str, Ladder] = {
    "classic": (0.5, 0.75, 1.0),  # the inducer's strength, a share of the standard figure's
    "trap": (0.35, 0.2, 0.1),  # relative change of one target
    "ishihara": (1.0, 0.7, 0.45),  # share of the full red-green contrast the digit keeps
    "no_illusion": (0.5, 0.25, 0.1),  # how much wider the largest shape is than the next
}
#: The sizes the drawing supports per category (every figure stays inside its canvas, a trap's
#: change stays measurable, a plate's digit stays coloured, a scene's largest shape stays largest).
SIZE_RANGES: dict[str, tuple[float, float]] = {
    "classic": (0.25, 1.0),
    "trap": (0.05, 0.4),
    "ishihara": (0.2, 1.0),
    "no_illusion": (0.02, 1.0),
}
SCALES = (0.85, 1.15)  # range of the classic figures' layout scale
#: Every drawing's canvas is this wide; an image `px` wide keeps its canvas's shape, so px must be a
#: multiple of 32 (the heights 256, 384, 400 and 512 then scale to whole pixels).
CANVAS_WIDTH = 512
PX_STEP = 32
PX_RANGE = (128, 2048)
LEVELS = ("easy", "neutral", "hard")


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


def within(size: float, category: str) -> bool:
    """Whether a perturbation of this size (its magnitude) is one the drawing of `category` supports."""
    low, high = SIZE_RANGES[category]
    return low <= abs(size) <= high


@dataclasses.dataclass(frozen=True, kw_only=True)
class DrawnImageSpec(Spec):
    """What every drawn spec holds besides its drawing: its index, and the two things a build's
    parameters may change from the canonical ones (None: unchanged, and left out of `to_dict`, so
    canonical specs and their hashes stay what they were): its category's ladder and its width."""

    index: int  # position among its category's images
    ladder: Ladder | None = None  # (easy, neutral, hard) sizes; None: LADDERS[category]
    px: int | None = None  # width in px; None: CANVAS_WIDTH

    def __post_init__(self) -> None:
        if self.px is not None and (self.px % PX_STEP or not PX_RANGE[0] <= self.px <= PX_RANGE[1]):
            raise SpecError(
                f"px must be a multiple of {PX_STEP} from {PX_RANGE[0]} to {PX_RANGE[1]}, got {self.px!r}"
            )

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        for name in ("ladder", "px"):
            if data[name] is None:
                del data[name]
        return data

    def level(self, size: float, category: str) -> str:
        """The difficulty of a perturbation of `size` on this image's ladder for `category`."""
        return difficulty(size, LADDERS[category] if self.ladder is None else self.ladder)

    def size(self, width: int, height: int) -> tuple[int, int]:
        """The image's pixel size for a canvas of `width` x `height` units (its shape kept)."""
        if self.px is None:
            return width, height
        return self.px, self.px * height // width


@dataclasses.dataclass(frozen=True, kw_only=True)
class ClassicSpec(DrawnImageSpec):
    """A classic illusion (perturbation 0) or its trap version (one target really changed by p),
    its inducer drawn at a strength (1 the standard figure's)."""

    kind: ClassVar[str] = "illusionbench_classic"

    illusion: str
    scale: float
    perturbation: float
    inducer: float = 1.0

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.illusion not in ILLUSIONS:
            raise SpecError(f"unknown illusion {self.illusion!r}; choose from {sorted(ILLUSIONS)}")
        if not 0.5 <= self.scale <= 1.5:
            raise SpecError(f"scale must lie in [0.5, 1.5], got {self.scale!r}")
        if self.perturbation and not within(self.perturbation, "trap"):
            low, high = SIZE_RANGES["trap"]
            raise SpecError(
                f"a trap's perturbation must be {low} to {high} in size, got {self.perturbation!r}"
            )
        if not within(self.inducer, "classic"):
            low, high = SIZE_RANGES["classic"]
            raise SpecError(f"the inducer's strength must lie in [{low:g}, {high:g}], got {self.inducer!r}")

    def to_dict(self) -> dict[str, Any]:
        """As every drawn spec's, but a standard inducer (1) is left out too: specs drawn before the
        inducer could vary keep their hashes."""
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
        return self.level(self.perturbation if self.perturbation else self.inducer, self.category)


@dataclasses.dataclass(frozen=True, kw_only=True)
class IshiharaSpec(DrawnImageSpec):
    """A dot plate showing `digit`; `contrast` is the share of the red-green difference kept."""

    kind: ClassVar[str] = "illusionbench_ishihara"
    category: ClassVar[str] = "ishihara"

    digit: int
    contrast: float

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.digit not in DIGITS:
            raise SpecError(f"digit must be 0-9, got {self.digit!r}")
        if not within(self.contrast, "ishihara"):
            low, high = SIZE_RANGES["ishihara"]
            raise SpecError(f"contrast must lie in [{low:g}, {high:g}], got {self.contrast!r}")

    @property
    def image_id(self) -> str:
        return f"ishihara-{self.index:03d}"

    @property
    def perturbation(self) -> float:
        return self.contrast

    @property
    def difficulty(self) -> str:
        return self.level(self.contrast, self.category)


@dataclasses.dataclass(frozen=True, kw_only=True)
class SceneSpec(DrawnImageSpec):
    """A plain scene of one `shape` kind; the largest is 1 + perturbation times the next widest."""

    kind: ClassVar[str] = "illusionbench_scene"
    category: ClassVar[str] = "no_illusion"

    shape: str
    shapes: tuple[scenes.Shape, ...]
    perturbation: float

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.shape not in scenes.KINDS:
            raise SpecError(f"shape must be one of {scenes.KINDS}, got {self.shape!r}")
        if not 2 <= len(self.shapes) <= 4 or any(color not in scenes.COLORS for color, *_ in self.shapes):
            raise SpecError(f"a scene holds 2-4 shapes of known colours, got {self.shapes!r}")
        if not within(self.perturbation, "no_illusion"):
            low, high = SIZE_RANGES["no_illusion"]
            raise SpecError(f"a scene's widening must lie in [{low:g}, {high:g}], got {self.perturbation!r}")

    @property
    def image_id(self) -> str:
        return f"no_illusion-{self.index:03d}"

    @property
    def difficulty(self) -> str:
        return self.level(self.perturbation, self.category)


DrawnSpec = ClassicSpec | IshiharaSpec | SceneSpec
DRAWN_CATEGORIES = ("classic", "trap", "ishihara", "no_illusion")
