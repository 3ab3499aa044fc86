"""The illusion engine: one case, six variants, one drawing path.

A case computes its elements (a small frozen dataclass) from the base scale
and its layout (what a fresh edition redraws: `builders/illusions/layout.py`),
and three hooks change them: `control` removes the inducer, `perturb` makes the
targets physically unequal at a strength, `guide` overlays a visual hint. The
engine applies the hooks in a fixed order (elements -> control -> perturbation
-> guide under or over the illusion) so every case derives the six variants the
same way, and adding a case means writing one small file.
"""

from __future__ import annotations

import enum
import random
from abc import ABC, abstractmethod
from typing import ClassVar, Generic, TypeVar

from builders.core.hashing import rng_for
from builders.core.svg import Canvas, sub
from builders.illusions.layout import Layout

E = TypeVar("E")
L = TypeVar("L", bound=Layout)

CATEGORIES = ("size", "color", "orientation")


class Variant(str, enum.Enum):
    """The six images of one configuration; controls never carry guides."""

    ORIGINAL = "original"
    PERTURBED = "perturbed"
    ORIGINAL_CONTROL = "original_control"
    PERTURBED_CONTROL = "perturbed_control"
    ORIGINAL_WITH_GUIDE = "original_with_guide"
    PERTURBED_WITH_GUIDE = "perturbed_with_guide"

    @property
    def perturbed(self) -> bool:
        return self.value.startswith("perturbed")

    @property
    def control(self) -> bool:
        return self.value.endswith("_control")

    @property
    def guide(self) -> bool:
        return self.value.endswith("_with_guide")

    @property
    def code(self) -> str:
        """The paper's symbol: O, P, OC, PC, OH, PH."""
        return ("P" if self.perturbed else "O") + ("C" if self.control else "H" if self.guide else "")


class IllusionCase(ABC, Generic[E, L]):
    """One illusion: its canvas, questions and the hooks that derive its variants.

    Class attributes are the case's facts (number, names, canvas, verbatim
    question) and `layout_class`, its free factors; methods compute
    geometry (`elements`, `control`, `perturb`) and draw it (`draw`, `guide`),
    kept apart as in pyllusion.
    """

    #: The case's free factors: what a fresh edition may redraw (`layout_class()`: the canonical drawing).
    layout_class: type[L]

    number: ClassVar[int]
    name: ClassVar[str]  # config name, e.g. "muller_lyer"
    title: ClassVar[str]  # e.g. "Müller-Lyer"
    category: ClassVar[str]  # one of CATEGORIES
    width: ClassVar[int] = 512
    height: ClassVar[int] = 256
    background: ClassVar[str] = "#ffffff"
    question: ClassVar[str]  # forward wording, verbatim (typos kept)
    reversed_question: ClassVar[str]  # opposite polarity: its truthful answer is the inverse
    control_question: ClassVar[str | None] = (
        None  # a control-specific forward wording, if the release has one
    )
    control_reversed_question: ClassVar[str | None] = None
    #: Truthful answer to the forward question for original images (1 = yes); perturbed images invert it.
    original_answer: ClassVar[int] = 1
    #: Draw the guide under the illusion instead of over it.
    guide_first: ClassVar[bool] = False

    @abstractmethod
    def elements(self, base_scale: float, layout: L, rng: random.Random) -> E:
        """The original configuration at `base_scale` in `layout`: targets physically equal."""

    @abstractmethod
    def control(self, elements: E) -> E:
        """The same configuration with the inducer removed."""

    @abstractmethod
    def perturb(self, elements: E, strength: float) -> E:
        """The configuration with one target changed by `strength` (a ratio; 1.0 changes nothing)."""

    @abstractmethod
    def draw(self, elements: E, canvas: Canvas) -> None:
        """Draw targets and inducers."""

    @abstractmethod
    def guide(self, elements: E, canvas: Canvas) -> None:
        """Draw the visual hint."""

    def label(self, variant: Variant) -> int:
        """Truthful answer (1 yes, 0 no) to the forward question for `variant`."""
        return 1 - self.original_answer if variant.perturbed else self.original_answer

    def forward_question(self, variant: Variant) -> str:
        return self.control_question if variant.control and self.control_question else self.question

    def reversed_question_for(self, variant: Variant) -> str:
        if variant.control and self.control_reversed_question:
            return self.control_reversed_question
        return self.reversed_question

    def configure(
        self,
        variant: Variant,
        base_scale: float,
        strength: float,
        *,
        layout: L | None = None,
        edition: int | None = None,
    ) -> E:
        """Elements of one image: the hooks applied in the release's order (control, then perturbation).

        `layout` None is the canonical one.
        """
        if variant.perturbed == (strength == 1.0):
            needed = "!=" if variant.perturbed else "=="
            raise ValueError(f"{variant.value} images need strength {needed} 1.0, got {strength}")
        rng = rng_for("illusion", self.name, base_scale, edition=edition)
        elements = self.elements(base_scale, self.layout_class() if layout is None else layout, rng)
        if variant.control:
            elements = self.control(elements)
        if variant.perturbed:
            elements = self.perturb(elements, strength)
        return elements

    def render(
        self,
        variant: Variant,
        base_scale: float,
        strength: float,
        *,
        layout: L | None = None,
        edition: int | None = None,
    ) -> Canvas:
        """The image of one variant as an SVG canvas of `width` x `height` user units (pixels).

        Random draws are keyed by (case, base scale) and the edition seed only (None: the canonical
        edition), and the layout is one per configuration, so all variants and strengths of one
        configuration share them and differ only by the hooks. A mirrored or flipped layout turns
        everything but the background, guides included.
        """
        layout = self.layout_class() if layout is None else layout
        elements = self.configure(variant, base_scale, strength, layout=layout, edition=edition)
        canvas = Canvas(self.width, self.height, background=self.background)
        if variant.guide and self.guide_first:
            self.guide(elements, canvas)
        self.draw(elements, canvas)
        if variant.guide and not self.guide_first:
            self.guide(elements, canvas)
        if layout.mirror or layout.flip:
            _turn(canvas, layout.mirror, layout.flip)
        return canvas


def _turn(canvas: Canvas, mirror: bool, flip: bool) -> None:
    """Mirror (left to right) and/or flip (top to bottom) everything drawn after the background."""
    drawn = list(canvas.root)[1:]  # the first element is the background
    scale_x, scale_y = (-1 if mirror else 1), (-1 if flip else 1)
    shift_x, shift_y = (canvas.width if mirror else 0), (canvas.height if flip else 0)
    group = sub(canvas.root, "g", transform=f"matrix({scale_x} 0 0 {scale_y} {shift_x} {shift_y})")
    for element in drawn:
        canvas.root.remove(element)
        group.append(element)
