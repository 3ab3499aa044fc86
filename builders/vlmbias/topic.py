"""What a VLMBias topic provides, and the id scheme every topic shares.

A topic is one config (`flags`, `patterned_grids`, ...). It plans its specs,
draws one, and describes it (questions, sub-topic, title, metadata); the family
turns that into jobs, splits and rows. Image ids follow one pattern:
`<stem>_notitle_px<C>` and `<stem>_withtitle_px<C>` for a counterfactual and its
titled twin, `<stem>_original_px<C>` for an unmodified image, where the stem names
the subject and, for counterfactuals, the change.
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from builders.core.errors import SpecError
from builders.core.scene import Scene
from builders.core.spec import Spec, expect_spec
from builders.vlmbias.questions import Question
from builders.vlmbias.spec import VlmBiasSpec

S = TypeVar("S", bound=VlmBiasSpec)


@dataclasses.dataclass(frozen=True)
class Plan(Generic[S]):
    """A topic's specs under one preset: counterfactual images (each with a titled twin) and originals."""

    counterfactuals: Iterable[S]
    originals: Iterable[S]


def type_before_px(image_id: str, question: Question) -> str:
    """A row ID with the question type before the resolution, as the release names photo rows.

    >>> type_before_px("animal_053_arcticfox_notitle_px768", Question("Q1", "p", "5", "4", "number"))
    'animal_053_arcticfox_notitle_Q1_px768'
    """
    stem, sep, px = image_id.rpartition("_px")
    if not sep:
        return f"{image_id}_{question.type}"
    return f"{stem}_{question.type}_px{px}"


class Topic(abc.ABC, Generic[S]):
    """One VLMBias config; its methods take specs of `spec_type` (see `expect`)."""

    config: str  # config name on the Hub
    topic: str  # released `topic` value, e.g. "Patterned Grid"
    presets: ClassVar[Mapping[str, str]]  # preset name -> one-line description
    spec_type: ClassVar[type[Spec]]  # the spec class this topic draws (registered for `verify`)
    #: Markdown for the dataset card: how the images are made, ground-truth and bias
    #: conventions, and known differences from the paper's release.
    card_notes: ClassVar[str]
    #: Attribution line for third-party artwork in the images ("" if none).
    attribution: ClassVar[str] = ""

    def expect(self, spec: Spec) -> S:
        """`spec` as this topic's spec type, or a SpecError (a manifest naming another topic's spec)."""
        return expect_spec(spec, self.spec_type, self.config)  # type: ignore[return-value]

    @abc.abstractmethod
    def plan(self, preset: str) -> Plan[S]:
        """The preset's images, in a fixed order."""

    @abc.abstractmethod
    def is_original(self, spec: S) -> bool:
        """Whether the image is unmodified (the `original` split)."""

    @abc.abstractmethod
    def stem(self, spec: S) -> str:
        """The id's stem: the subject and, for a counterfactual, the change."""

    def image_id(self, spec: S, titled: bool) -> str:
        """`<stem>_notitle_px384`, `<stem>_withtitle_px384` or `<stem>_original_px384`."""
        if self.is_original(spec):
            if titled:
                raise SpecError(f"unmodified {self.config} images are not drawn with a title: {spec!r}")
            return f"{self.stem(spec)}_original_px{spec.px}"
        return f"{self.stem(spec)}_{'withtitle' if titled else 'notitle'}_px{spec.px}"

    def row_id(self, image_id: str, question: Question) -> str:
        """The released-style `ID` of one question about an image: `<image id>_<type>` unless overridden."""
        return f"{image_id}_{question.type}"

    @abc.abstractmethod
    def scene(self, spec: S) -> Scene:
        """Draw the image (without title bar; the family adds it)."""

    @abc.abstractmethod
    def questions(self, spec: S) -> list[Question]:
        """Q1, Q2, Q3 for counterfactuals; the sanity questions for originals."""

    @abc.abstractmethod
    def sub_topic(self, spec: S) -> str: ...

    @abc.abstractmethod
    def title(self, spec: S) -> str:
        """Subject name drawn in the `withtitle` bar."""

    @abc.abstractmethod
    def modification(self, spec: S) -> str: ...

    @abc.abstractmethod
    def metadata(self, spec: S) -> dict[str, Any]:
        """Generator parameters for the JSON `metadata` column."""
