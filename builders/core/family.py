"""What the shared pipeline needs from a benchmark family, and the little it gives back.

A family (one benchmark) declares its configs, presets, splits and row
schema, plans image jobs, draws each job's scene and turns a drawn picture into
rows. The pipeline does everything else: parallel rendering, shards, manifest,
card, verification. Core code receives a `Family` object and never looks one up;
worker processes get a pickled copy of it, so a family must pickle. A family
declares everything as attributes of its class (its module's `FAMILY` is the one
instance), so the copy carries no state and its class is importable by name.
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from PIL import Image

from builders import __version__
from builders.core.errors import UsageError
from builders.core.gallery_view import GalleryView
from builders.core.params import Parameters
from builders.core.raster import Picture
from builders.core.scene import Scene, render_scene
from builders.core.source import EMBEDDED, EMBEDDED_KIND, Source
from builders.core.spec import Spec, SpecRegistry

if TYPE_CHECKING:
    from datasets import Features

    from builders.core.folder import BuiltFolder
    from builders.core.schema import Schema

#: A family's own `Parameters` subclass.
P = TypeVar("P", bound=Parameters)


@dataclasses.dataclass(frozen=True, kw_only=True)
class ImageJob:
    """One image to draw: its spec and the role its rows play (a family's own vocabulary)."""

    config: str
    image_id: str
    spec: Spec
    role: str


def image_columns(spec: Spec, picture: Picture) -> dict[str, Any]:
    """The columns every family's rows carry about their image: its size, what drew it, its pixels."""
    return {
        "width": picture.width,
        "height": picture.height,
        "spec_hash": spec.spec_hash,
        "pixel_sha256": picture.pixel_sha256,
        "builder_version": __version__,
    }


class Family(abc.ABC):
    """A benchmark family: every family's object subclasses this and fills in its attributes.

    The abstract methods plan, draw and describe one family's images; `draw` has a default
    that fits most families (one scene per job).
    """

    name: str  # on the command line and in `builders/families.py`
    repo_name: str  # the Hub repo and the build folder (`build/<repo_name>/`)
    pretty_name: str
    configs: tuple[str, ...]
    #: Configs made of other configs' files (no extra bytes): name -> member configs, in order.
    unions: Mapping[str, tuple[str, ...]]
    presets: tuple[str, ...]
    default_preset: str
    splits: tuple[str, ...]
    #: The split `python -m eval score` reads when none is given; None: the user must choose.
    default_split: str | None = None
    #: The rows' columns (`builders.core.schema`, which imports nothing heavy); `features` gives them
    #: as `datasets.Features`.
    schema: Schema
    #: The family's spec classes by kind: how `verify` re-creates each image's spec from the manifest.
    spec_registry: SpecRegistry
    #: The card's licence (a Hub licence id) and topic tags; `card_metadata` adds what every card says.
    card_license: str
    card_tags: tuple[str, ...]
    #: Which columns the review gallery (`python -m builders gallery`) shows, and how.
    gallery_view: GalleryView
    #: Source kinds besides `embedded` -> one line saying what PATH / the options must be.
    sources: Mapping[str, str] = {}
    #: The config `load_dataset(repo, split=...)` reads when no config name is given (a built
    #: config or a union), or None: then every load must name a config.
    default_config: str | None = None
    #: The family's build parameters, a `builders.core.params.Parameters` subclass (what `--params`
    #: may set and `python -m builders params` prints), or None: the family takes none.
    parameters: type[Parameters] | None = None
    #: Each preset's parameters (an instance of `parameters`), by preset name; empty without `parameters`.
    parameter_presets: Mapping[str, Parameters] = {}
    #: Whether `build --seed N` draws fresh editions of this family: every random choice takes the seed.
    draws_editions: bool = False
    #: What an edition seed redraws and what it keeps (Markdown, for the card).
    edition_note: str = ""

    @property
    def card_metadata(self) -> dict[str, Any]:
        """Hub metadata for the card: the family's licence and tags, and what every family shares."""
        return {
            "license": self.card_license,
            "language": ["en"],
            "task_categories": ["visual-question-answering", "image-text-to-text"],
            "tags": list(self.card_tags),
            "annotations_creators": ["machine-generated"],
        }

    @property
    def features(self) -> Features:
        """The schema as `datasets.Features` (imports `datasets`: for reading and checking built folders)."""
        return self.schema.features

    def preset_parameters(self, preset: str) -> Parameters:
        """The parameters `preset` stands for (from `parameter_presets`)."""
        if self.parameters is None:
            raise UsageError(f"family {self.name!r} takes no parameters")
        if preset not in self.parameter_presets:
            raise UsageError(
                f"unknown preset {preset!r} for {self.name}; choose from: {', '.join(self.parameter_presets)}"
            )
        return self.parameter_presets[preset]

    def resolved_parameters(self, preset: str, params: Parameters | None, kind: type[P]) -> P:
        """`params` when given, else `preset`'s: what `jobs` plans from, checked to be of `kind`."""
        resolved = self.preset_parameters(preset) if params is None else params
        if not isinstance(resolved, kind):
            raise UsageError(f"{self.name} is planned from {kind.__name__}, got {type(resolved).__name__}")
        return resolved

    def configs_for(self, source: Source) -> tuple[str, ...]:
        """The configs `source` builds when the user names none: by default every config from the embedded
        source (and none from another). A family whose configs need the user's files (a release, photos)
        leaves them out of the embedded build, so the default build works offline."""
        return self.configs if source.kind == EMBEDDED_KIND else ()

    @abc.abstractmethod
    def jobs(
        self,
        config: str,
        preset: str,
        source: Source = EMBEDDED,
        *,
        params: Parameters | None = None,
        edition: int | None = None,
    ) -> Iterator[ImageJob]:
        """Every image of `config`, in a fixed order; UsageError if `source` is unsupported.

        `params` are the resolved parameters (`preset`'s, with any `--params` applied; None for a
        family without `parameters`); `edition` is the edition seed (None: the canonical edition),
        which every random choice takes and every spec records. An edition keeps the plan: the
        same image ids in the same order, whatever the seed.
        """

    @abc.abstractmethod
    def scene(self, job: ImageJob) -> Scene:
        """Draw the job's spec."""

    def draw(self, jobs: list[ImageJob]) -> list[Image.Image]:
        """Pixels for jobs that share one spec (a bundle): by default its scene, drawn once."""
        pixels = render_scene(self.scene(jobs[0]))
        return [pixels for _ in jobs]

    @abc.abstractmethod
    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        """The (split, row) pairs this image feeds; rows carry everything but the image."""

    @abc.abstractmethod
    def card_context(self, folder: BuiltFolder) -> dict[str, str]:
        """Template fields for the dataset card, read from the built folder (never from new specs)."""

    def refuse_source(self, config: str, source: Source) -> UsageError:
        """The one-sentence error for a source `config` cannot use, listing the family's sources."""
        return UsageError(
            f"config {config!r} of family {self.name!r} cannot use --source {source.kind!r}; "
            f"this family's sources: {self.describe_sources()}"
        )

    def describe_sources(self) -> str:
        """Every source kind this family reads, each with what it needs."""
        kinds = [
            f"{EMBEDDED_KIND} (drawn by code)",
            *(f"{kind} ({what})" for kind, what in self.sources.items()),
        ]
        return "; ".join(kinds)
