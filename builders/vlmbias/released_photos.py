"""Released photos as a topic: `--source upstream PATH` builds animals or logos from the release's photos.

The drawn topic and this one share a config name; the family picks this one for
an upstream source, and for any image whose spec is an `UpstreamPhotoSpec`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builders.core.errors import UsageError
from builders.core.scene import Scene
from builders.vlmbias.photo_release import (
    ORIGINAL,
    TOPICS,
    Titler,
    UpstreamPhotoSpec,
    image_key,
    row_id,
    upstream_specs,
)
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters


@dataclasses.dataclass(frozen=True)
class ReleasedPhotos(Topic[UpstreamPhotoSpec]):
    """A photo topic (animals, logos) as released: `--source upstream PATH` builds it, not the drawn one.

    Planning reads `path`, a local copy of the release, as `preset` takes it (paper: every released
    photo at every resolution; lite: the photos at 384 px, `photo_release.LITE_PX`); drawing and
    describing need only the spec, which records the photo's file, place and hash and the released rows.
    """

    config: str
    #: The subject a released photo's title bar names, from its first row and all its rows.
    titler: Titler
    path: Path | None = None
    preset: str = "paper"
    #: The released `topic` value, e.g. "Animals" (drawn topics set it as a class attribute).
    topic: str = dataclasses.field(init=False)

    spec_type = UpstreamPhotoSpec
    card_notes = ""

    def __post_init__(self) -> None:
        if self.config not in TOPICS:
            raise UsageError(f"only {sorted(TOPICS)} have released photos, not {self.config!r}")
        object.__setattr__(self, "topic", TOPICS[self.config])  # frozen: set once, as a field

    def reading(self, path: Path, preset: str) -> ReleasedPhotos:
        """This topic planning from the local copy at `path`, as `preset` takes it."""
        return dataclasses.replace(self, path=path, preset=preset)

    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[UpstreamPhotoSpec]:
        """The release's photos as `reading`'s preset takes them. They are the release's own: no
        parameter or edition changes them (the family refuses `--params` and `--seed` for them)."""
        if self.path is None:
            raise UsageError(f"released {self.config} photos need --source upstream PATH")
        counterfactuals, originals = upstream_specs(self.path, self.preset, self.config, self.titler)
        return Plan(counterfactuals, originals)

    def is_original(self, spec: UpstreamPhotoSpec) -> bool:
        return spec.role == ORIGINAL

    def stem(self, spec: UpstreamPhotoSpec) -> str:
        return image_key(spec.released_id)

    def image_id(self, spec: UpstreamPhotoSpec, titled: bool) -> str:
        """The id planned from the release (its row ID without the question token)."""
        return spec.image_id(titled)

    def row_id(self, image_id: str, question: Question) -> str:
        """The released form: the question type before the resolution, `..._notitle_Q1_px768`."""
        return row_id(image_id, question)

    def image_path(self, spec: UpstreamPhotoSpec, titled: bool) -> str:
        """The released rows' `image_path` (of the withtitle rows, for the titled twin)."""
        return spec.titled_path if titled else spec.released_path

    def metadata_json(self, spec: UpstreamPhotoSpec, question: Question) -> str:
        """The released `metadata`, verbatim."""
        return spec.released_metadata

    def scene(self, spec: UpstreamPhotoSpec) -> Scene:
        return spec.scene()

    def questions(self, spec: UpstreamPhotoSpec) -> list[Question]:
        return spec.questions()

    def sub_topic(self, spec: UpstreamPhotoSpec) -> str:
        return spec.sub_topic

    def title(self, spec: UpstreamPhotoSpec) -> str:
        return spec.title

    def modification(self, spec: UpstreamPhotoSpec) -> str:
        return spec.modification

    def metadata(self, spec: UpstreamPhotoSpec) -> dict[str, Any]:
        return spec.metadata()
