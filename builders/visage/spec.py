"""VISaGE image specs and the planner that turns a preset into them.

A drawn image is keyed by its tuple (concept, norm, exception), its type
(typical or exceptional) and its index; the spec also holds the sampled pose,
palette, background and detail seed, so it alone draws the image. The i-th
typical and i-th exceptional image of a tuple are sampled together and share
pose, background and every colour the exception does not change. In a fresh
edition (`build --seed N`) every one of these choices is drawn again, and the
spec records the edition. An image from
the authors' tuples (`external`) carries the tuple's text and the photo's absolute path.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from builders.core.hashing import rng_for
from builders.core.spec import Spec, input_root
from builders.visage.concepts import CONCEPTS, concept
from builders.visage.params import VisageParameters
from builders.visage.predicates import VisageTuple
from builders.visage.style import Background, Pose, sample_background, sample_palette, sample_pose

FAMILY_KEY = "visage"


@dataclasses.dataclass(frozen=True, kw_only=True)
class DrawnImageSpec(Spec):
    """One drawn image: which tuple and image, at what size, in which pose, colours and background."""

    kind = "visage_drawn"

    concept: str
    norm: str
    exception: str
    image_type: str  # typical | exceptional
    index: int
    width: int
    height: int
    rotation: float
    scale: float
    shift: tuple[float, float]
    flip: bool
    background: str  # plain | gradient | floor
    background_colors: tuple[str, ...]
    palette: tuple[tuple[str, str], ...]  # (role, #rrggbb), in the drawer's role order
    seed: int  # details inside the drawing: a clock's time, a giraffe's patches

    @property
    def tuple_id(self) -> str:
        return f"{self.concept}-{self.norm}-{self.exception}"

    @property
    def image_id(self) -> str:
        """E.g. `clock-hands-digital_clock-e2`: the tuple, t/e for the image type, the index."""
        return f"{self.tuple_id}-{self.image_type[0]}{self.index}"

    @property
    def tuple_text(self) -> VisageTuple:
        return concept(self.concept).tuple(self.norm, self.exception)

    @property
    def pose(self) -> Pose:
        return Pose(rotation=self.rotation, scale=self.scale, shift=self.shift, flip=self.flip)

    @property
    def colours(self) -> dict[str, str]:
        return dict(self.palette)

    @property
    def scene_background(self) -> Background:
        return Background(self.background, self.background_colors)


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExternalImageSpec(Spec):
    """One image of a user-supplied tuple: the tuple's text and the photo, by path and content hash."""

    kind = "visage_external"

    tuple_id: str
    norm_id: str
    category: str
    category_pl: str
    exception: str
    exception_pl: str
    predicate: str
    attribute: str
    attribute_sg: str
    norm_text: str
    name_reveals: bool
    image_type: str
    index: int
    path: str  # relative to the --images folder, e.g. `photos/lion.jpg`
    sha256: str  # of the file's bytes
    width: int
    height: int
    images: str = input_root("images")  # the --images folder: never published

    @property
    def image_id(self) -> str:
        """E.g. `external-lion-manes-lioness-e0`: apart from every drawn image's id, whatever the tuple."""
        return f"external-{self.tuple_id}-{self.image_type[0]}{self.index}"

    @property
    def tuple_text(self) -> VisageTuple:
        return VisageTuple.from_norm(
            tuple_id=self.tuple_id,
            norm_id=self.norm_id,
            category=(self.category, self.category_pl),
            exception=(self.exception, self.exception_pl),
            predicate=self.predicate,
            attribute=self.attribute,
            attribute_sg=self.attribute_sg,
            norm_text=self.norm_text,
            name_reveals=self.name_reveals,
        )


VisageSpec = DrawnImageSpec | ExternalImageSpec


def drawn_specs(params: VisageParameters, edition: int | None = None) -> Iterator[DrawnImageSpec]:
    """Every drawn image `params` ask for, in `edition`: per tuple typical 0, exceptional 0, typical 1..."""
    for tuple_id in params.tuple_ids():
        concept_key, norm, exception = tuple_id.split("-")
        for index in range(params.pairs):
            yield from pair_specs(concept_key, norm, exception, index, params, edition)


def pair_specs(
    concept_key: str,
    norm: str,
    exception: str,
    index: int,
    params: VisageParameters,
    edition: int | None = None,
) -> tuple[DrawnImageSpec, DrawnImageSpec]:
    """The i-th (typical, exceptional) images of a tuple, sampled together in `edition`.

    Their side is `params.resolution`, or the counting resolution for a norm whose attribute is fine
    detail to count (`Norm.fine_detail`: a guitar's strings).
    """
    entry = CONCEPTS[concept_key]
    size = params.size(entry.norm(norm).fine_detail)
    key = (FAMILY_KEY, "drawn", f"{concept_key}-{norm}-{exception}", index)
    roles = entry.drawer.roles
    typical = sample_palette(roles, entry.palette, key, edition)
    exceptional = sample_palette(roles, {**entry.palette, **entry.exception(exception).palette}, key, edition)
    outline = entry.drawer.outline_roles
    avoid = [p[r] for p in (typical, exceptional) for r in outline]
    background = sample_background(avoid, key, params.backgrounds, edition)
    pose = sample_pose(
        entry.pose,
        key,
        rotation=params.pose.rotation,
        shift=params.pose.shift,
        mirror=params.pose.mirror,
        edition=edition,
    )
    common: dict[str, Any] = {
        "concept": concept_key,
        "norm": norm,
        "exception": exception,
        "index": index,
        "width": size,
        "height": size,
        "rotation": pose.rotation,
        "scale": pose.scale,
        "shift": pose.shift,
        "flip": pose.flip,
        "background": background.kind,
        "background_colors": background.colors,
        "seed": rng_for(*key, "details", edition=edition).getrandbits(32),
        "edition": edition,
    }
    return (
        DrawnImageSpec(image_type="typical", palette=tuple(typical.items()), **common),
        DrawnImageSpec(image_type="exceptional", palette=tuple(exceptional.items()), **common),
    )
