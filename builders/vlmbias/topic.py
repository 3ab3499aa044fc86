"""What a VLMBias topic provides; the family turns it into jobs, splits and rows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from builders.core.family import Scene
from builders.core.spec import Spec
from builders.vlmbias.questions import Question

#: The resolutions (longest side, px) every VLMBias image is drawn at.
RESOLUTIONS = (384, 768, 1152)


class Topic(Protocol):
    """One VLMBias config (e.g. `patterned_grids`)."""

    config: str  # config name on the Hub
    topic: str  # released `topic` value, e.g. "Patterned Grid"
    presets: dict[str, str]  # preset name -> one-line description
    spec_types: tuple[type[Spec], ...]  # spec classes this topic draws (registered for `verify`)
    #: Markdown for the dataset card: how the images are made, ground-truth and bias
    #: conventions, and known differences from the paper's release.
    card_notes: str
    #: Attribution line for third-party artwork in the images ("" if none).
    attribution: str

    def counterfactuals(self, preset: str) -> Iterator[Spec]:
        """Modified images, each at one resolution, in a fixed order."""
        ...

    def originals(self, preset: str) -> Iterator[Spec]:
        """Unmodified images for the `original` split."""
        ...

    def image_id(self, spec: Spec, titled: bool) -> str:
        """Unique, stable id of the image drawn from `spec` (with or without title bar)."""
        ...

    def row_id(self, image_id: str, question: Question) -> str:
        """The released-style `ID` of one question about one image."""
        ...

    def scene(self, spec: Spec) -> Scene:
        """Draw the image."""
        ...

    def questions(self, spec: Spec) -> list[Question]:
        """Q1, Q2, Q3 for counterfactuals; the sanity questions for originals."""
        ...

    def sub_topic(self, spec: Spec) -> str: ...

    def title(self, spec: Spec) -> str:
        """Subject name drawn in the `withtitle` bar."""
        ...

    def modification(self, spec: Spec) -> str: ...

    def metadata(self, spec: Spec) -> dict[str, Any]:
        """Generator parameters for the JSON `metadata` column."""
        ...
