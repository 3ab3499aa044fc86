"""What a VLMBias topic provides, and the id scheme every topic shares.

A topic is one config (`flags`, `patterned_grids`, ...). It plans its specs,
draws one, and describes it (questions, sub-topic, title, metadata); the family
turns that into jobs, splits and rows.

Two namings live side by side. Our own image ids follow one pattern:
`<stem>_notitle_px<C>` and `<stem>_withtitle_px<C>` for a counterfactual and its
titled twin, `<stem>_original_px<C>` for an unmodified image, where the stem names
the subject and, for counterfactuals, the change (the typed extra `image_id`).
The twelve released columns carry the release's own values where the release
shows them: each topic writes the released `ID`, `image_path` and `metadata`
forms (`released_id`, `image_path`, `row_metadata`); where the release shows
nothing (unmodified images) they fall back to our naming.
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from builders.core.errors import SpecError
from builders.core.hashing import canonical_json
from builders.core.scene import Scene
from builders.core.spec import Spec, expect_spec
from builders.vlmbias.questions import Question
from builders.vlmbias.spec import VlmBiasSpec

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters

S = TypeVar("S", bound=VlmBiasSpec)

#: The titled twin's marker in ids and file names (the release's split is named `withtitle`).
TITLED = "withtitle"


@dataclasses.dataclass(frozen=True)
class Plan(Generic[S]):
    """A topic's specs under one set of parameters: counterfactual images (each with a titled twin) and
    originals."""

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


def marked_form(name: str, px: int, marker: str) -> str:
    """A released name marked as one of an image's variants: `_notitle_` becomes `_<marker>_`; a name
    without it gets `<marker>` before its resolution (`_px1152`, or a bare `_1152` as stripe flags
    write it).

    >>> marked_form("car_067_notitle_Q1_px1152", 1152, "withtitle")
    'car_067_withtitle_Q1_px1152'
    >>> marked_form("go_grid_01_remove_row_px384_Q1", 384, "nobackground")
    'go_grid_01_remove_row_nobackground_px384_Q1'
    >>> marked_form("Flag_of_Cuba_stripes_6_768_1", 768, "withtitle")
    'Flag_of_Cuba_stripes_6_withtitle_768_1'
    """
    if "_notitle_" in name:
        return name.replace("_notitle_", f"_{marker}_", 1)
    for token in (f"_px{px}", f"_{px}"):
        stem, sep, rest = name.rpartition(token)
        if sep:
            return f"{stem}_{marker}{token}{rest}"
    raise SpecError(f"cannot mark {name!r} as {marker}: it names no resolution {px}")


def titled_form(name: str, px: int) -> str:
    """The titled twin's form of a released name (`marked_form` with `withtitle`)."""
    return marked_form(name, px, TITLED)


class Topic(abc.ABC, Generic[S]):
    """One VLMBias config; its methods take specs of `spec_type` (see `expect`)."""

    config: str  # config name on the Hub
    topic: str  # released `topic` value, e.g. "Patterned Grid"
    spec_type: type[S]  # the spec class this topic draws (registered for `verify`)
    #: Markdown for the dataset card: how the images are made, ground-truth and bias
    #: conventions, and known differences from the paper's release.
    card_notes: ClassVar[str]
    #: Attribution line for third-party artwork in the images ("" if none).
    attribution: ClassVar[str] = ""
    #: Whether the topic plans unmodified images (an `original` split); the release has none for some.
    has_originals: ClassVar[bool] = True
    #: Markdown for the dataset card: what the topic's background is, which the `remove_background_*`
    #: images leave out, and the page they draw the subject on; "" if the topic draws none.
    background_note: ClassVar[str] = ""

    def expect(self, spec: Spec) -> S:
        """`spec` as this topic's spec type, or a SpecError (a manifest naming another topic's spec)."""
        return expect_spec(spec, self.spec_type, self.config)

    @abc.abstractmethod
    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[S]:
        """The images `params` (the topic's table and the resolutions) ask for, in a fixed order, drawn for
        `edition` (None: the canonical edition). Every edition plans the same ids in the same order."""

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
        """Our id of one question about an image: `<image id>_<type>` unless overridden."""
        return f"{image_id}_{question.type}"

    def released_id(self, spec: S, question: Question, titled: bool) -> str:
        """The row's `ID` as the release writes it; our `row_id` where the release shows none."""
        return self.row_id(self.image_id(spec, titled), question)

    def image_path(self, spec: S, titled: bool) -> str:
        """The row's `image_path` as the release writes it; `images/<image id>.png` where it shows none."""
        return f"images/{self.image_id(spec, titled)}.png"

    def row_metadata(self, spec: S, question: Question) -> dict[str, Any]:
        """The JSON `metadata` of one row: the image's `metadata`, unless a topic varies it by question."""
        return self.metadata(spec)

    def metadata_json(self, spec: S, question: Question) -> str:
        """The `metadata` column: `row_metadata` as canonical JSON."""
        return canonical_json(self.row_metadata(spec, question))

    @abc.abstractmethod
    def scene(self, spec: S) -> Scene:
        """Draw the image (without title bar; the family adds it)."""

    @abc.abstractmethod
    def questions(self, spec: S) -> list[Question]:
        """Q1, Q2, Q3 for counterfactuals; the sanity questions for originals."""

    def background(self, spec: S) -> str:
        """What the background-removed image of `spec` leaves out (its rows' `background_removed`)."""
        raise SpecError(f"{self.config} draws no background-removed images: {spec!r}")

    def without_background(self, spec: S, scene: Scene) -> Scene:
        """The subject of `scene` (drawn from `spec`) alone on a flat page: what `background` names is
        left out, the subject's elements are `scene`'s own (`builders.vlmbias.background`)."""
        raise SpecError(f"{self.config} draws no background-removed images: {spec!r}")

    def background_metadata_json(self, spec: S, question: Question) -> str:
        """The `metadata` of a row about the background-removed image: the row's, and what is left out."""
        removed = {"background_removed": self.background(spec)}
        return canonical_json({**self.row_metadata(spec, question), **removed})

    def background_questions(self, spec: S) -> list[Question]:
        """Q1, Q2, Q3 about the background-removed image: the counterfactual's, unless removing the
        background changes a truth (the illusions' Q3)."""
        return self.questions(spec)

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
