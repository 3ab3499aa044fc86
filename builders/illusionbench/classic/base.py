"""What a classic illusion of the drawn subset provides, and the facts every one of them shares.

An illusion draws itself at a layout `scale`, a signed `perturbation` (0 for the classic figure:
its targets physically equal; otherwise the trap version, where one target really differs by that
fraction) and an `inducer` strength (1 the standard figure; less draws its inducing feature
weaker, `inducer_feature` says which: shorter fins, less converging rails, ...; the classic
figures' difficulty comes from it), and states the facts its questions come from. Most compare
two targets (`Pair`); the rest write their own statements. Every image also gets the shared
questions: which classic illusion it shows or imitates, which of Gregory's four types it is an
example of (a trap: which type it imitates), and whether an illusion is present.

The paper labels every trap image as containing an illusion (Appendix A1). Here a trap does where
its edit leaves the illusion at work (`trap_keeps_illusion`: the fins, rails or rings still act,
only the targets really differ); where the edit removes what made the figure an illusion (a broken
Penrose bar: the object could exist; a drawn Kanizsa outline or painted Hermann dots: nothing
unseen is seen; broken Necker edges: one reading only), its rows say there is none, so every gold
is true of the image drawn.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from builders.core.svg import Canvas
from builders.illusionbench.questions import Choice, Facts, Statement
from builders.illusions.engine import IllusionCase, Variant

E = TypeVar("E")

#: Gregory's four types of cognitive illusion (paper Sec. I), as the type question's options.
KINDS = {
    "ambiguous": "An ambiguous figure that can be seen in two ways",
    "distortion": "A distortion of size, length or straightness",
    "paradox": "A paradox: an object that cannot exist",
    "fiction": "A fiction: seeing something that is not drawn",
}


def percent(perturbation: float) -> str:
    """The size of a perturbation as a whole percentage.

    >>> percent(0.35), percent(-0.1)
    ('35%', '10%')
    """
    return f"{round(abs(perturbation) * 100)}%"


def sentence(text: str) -> str:
    return text[0].upper() + text[1:]


@dataclasses.dataclass(frozen=True)
class Pair:
    """Two targets a figure makes look different; the trap scales `changed` (0 first, 1 second) by 1 + p."""

    first: str  # e.g. "the upper line"
    second: str
    same: str  # e.g. "the same length"
    more: str  # e.g. "longer"
    less: str  # e.g. "shorter"
    changed: int
    odd: str  # a fourth, wrong answer to the comparison question

    def larger(self, perturbation: float) -> int | None:
        """Index of the target that really is larger, or None when they are equal."""
        if perturbation == 0:
            return None
        return self.changed if perturbation > 0 else 1 - self.changed

    def statements(self, perturbation: float) -> list[Statement]:
        larger = self.larger(perturbation)
        targets = (self.first, self.second)
        return [
            Statement(f"{sentence(self.first)} and {self.second} are {self.same}.", larger is None, True),
            Statement(f"{sentence(self.first)} is {self.more} than {self.second}.", larger == 0, True),
            Statement(f"{sentence(self.second)} is {self.more} than {self.first}.", larger == 1, True),
            Statement(f"{sentence(targets[self.changed])} is {self.less} than the other one.", False, True)
            if larger is None
            else Statement(
                f"{sentence(targets[1 - larger])} is {self.more} than the other one.", False, True
            ),
        ]

    def choice(self, perturbation: float) -> Choice:
        options = (
            f"They are {self.same}",
            f"{sentence(self.first)} is {self.more}",
            f"{sentence(self.second)} is {self.more}",
        )
        larger = self.larger(perturbation)
        correct = options[0] if larger is None else options[1 + larger]
        wrong = tuple(option for option in (*options, self.odd) if option != correct)
        return Choice(f"How do {self.first} and {self.second} compare?", correct, wrong)

    def truth(self, perturbation: float) -> str:
        """What really differs in a trap image: "the lower line really is 20% longer than the upper line"."""
        changed, other = (self.first, self.second) if self.changed == 0 else (self.second, self.first)
        word = self.more if perturbation > 0 else self.less
        return f"{changed} really is {percent(perturbation)} {word} than {other}"


class ClassicIllusion(ABC):
    """One classic illusion of the drawn subset: its canvas, its facts and how it is named."""

    name: ClassVar[str]  # e.g. "jastrow"
    title: ClassVar[str]  # e.g. "the Jastrow illusion"
    kind: ClassVar[str]  # one of KINDS
    width: ClassVar[int] = 512
    height: ClassVar[int] = 512
    #: The classic figure's illusion cause, for the golden description.
    cause: ClassVar[str]
    #: Whether the sign of a trap's perturbation matters (which target grows or shrinks).
    signed: ClassVar[bool] = False
    #: What `inducer` scales, for the card: "the fins' length", "the rails' convergence", ...
    inducer_feature: ClassVar[str]
    #: Whether the trap version still holds the illusion (its inducer still acts); False where the
    #: trap's edit removes it (the object becomes possible, the unseen is drawn, one reading is left).
    trap_keeps_illusion: ClassVar[bool] = True

    @abstractmethod
    def canvas(
        self, scale: float, perturbation: float, inducer: float = 1.0, *, edition: int | None = None
    ) -> Canvas:
        """The figure; `perturbation` 0 draws the classic one, anything else its trap version;
        `inducer` below 1 draws the inducing feature weaker; `edition` (the edition seed) keys any
        random choice the drawing makes."""

    @abstractmethod
    def content(self, perturbation: float) -> str:
        """What the picture shows, physically, for the golden description."""

    @abstractmethod
    def own_statements(self, perturbation: float) -> list[Statement]:
        """Statements about this figure's property, true and false ones."""

    @abstractmethod
    def own_choice(self, perturbation: float) -> Choice:
        """The question about this figure's property."""

    @abstractmethod
    def trap_truth(self, perturbation: float) -> str:
        """What really differs in the trap version, for its golden description."""

    def holds_illusion(self, perturbation: float) -> bool:
        """Whether the figure drawn at `perturbation` holds an illusion: the classic one always, a trap
        where its edit leaves the illusion at work."""
        return perturbation == 0 or self.trap_keeps_illusion

    def facts(self, perturbation: float, others: Sequence[str], rng: random.Random) -> Facts:
        """Every statement and question about the figure; `others` are the other illusions' titles."""
        illusion = self.holds_illusion(perturbation)
        cause: str | None = self.cause
        if perturbation != 0:
            cause = f"{self.cause}; unlike in the classic figure, {self.trap_truth(perturbation)}"
        statements = [
            *self.own_statements(perturbation),
            Statement("There is a visual illusion in the image.", illusion),
            Statement("The image is a photograph of a real scene.", False),
        ]
        wrong_titles = rng.sample([sentence(title) for title in others if title != self.title], 3)
        choices = (
            self.own_choice(perturbation),
            Choice(
                "Which classic visual illusion does this figure show or imitate?",
                sentence(self.title),
                tuple(wrong_titles),
            ),
            Choice(
                "Which type of visual illusion is this figure an example of?"
                if perturbation == 0
                else "Which type of visual illusion does this figure imitate?",
                KINDS[self.kind],
                tuple(text for kind, text in KINDS.items() if kind != self.kind),
            ),
        )
        return Facts(tuple(statements), choices, self.content(perturbation), cause if illusion else None)


class PairIllusion(ClassicIllusion):
    """An illusion about two targets that look different in size or length."""

    pair: ClassVar[Pair]
    signed = True

    def own_statements(self, perturbation: float) -> list[Statement]:
        return self.pair.statements(perturbation)

    def own_choice(self, perturbation: float) -> Choice:
        return self.pair.choice(perturbation)

    def trap_truth(self, perturbation: float) -> str:
        return self.pair.truth(perturbation)


class Drawn(ABC, Generic[E]):
    """Geometry kept apart from drawing (as in pyllusion): `elements` computes, `draw` only draws.

    Listed first among an illusion's bases, it supplies `canvas`.
    """

    width: ClassVar[int]
    height: ClassVar[int]
    background: ClassVar[str] = "#ffffff"

    @abstractmethod
    def elements(self, scale: float, perturbation: float, inducer: float = 1.0) -> E:
        """Every position and size of the figure."""

    @abstractmethod
    def draw(self, elements: E, canvas: Canvas) -> None:
        """Draw the elements, nothing else."""

    def canvas(
        self, scale: float, perturbation: float, inducer: float = 1.0, *, edition: int | None = None
    ) -> Canvas:
        """The figure from its elements; these figures make no random choice, so `edition` changes nothing."""
        canvas = Canvas(self.width, self.height, background=self.background)
        self.draw(self.elements(scale, perturbation, inducer), canvas)
        return canvas


class FromViProbe(PairIllusion, Generic[E]):
    """A VI-Probe case drawn by the shared illusion engine: its original, or perturbed at 1 + p, with
    its inducer weakened (`weaken`) below strength 1."""

    case: ClassVar[IllusionCase[Any, Any]]

    @abstractmethod
    def weaken(self, elements: E, inducer: float) -> E:
        """The case's elements with the inducing feature at strength `inducer` (below 1)."""

    def canvas(
        self, scale: float, perturbation: float, inducer: float = 1.0, *, edition: int | None = None
    ) -> Canvas:
        variant = Variant.PERTURBED if perturbation else Variant.ORIGINAL
        elements = self.case.configure(variant, scale, 1.0 + perturbation, edition=edition)
        if inducer != 1.0:
            elements = self.weaken(elements, inducer)
        canvas = Canvas(self.case.width, self.case.height, background=self.case.background)
        self.case.draw(elements, canvas)
        return canvas
