"""VLMBias topic `animals`: side views of 91 animals with one extra leg in the middle of the body.

Paper preset: 91 animals (23 birds drawn with 3 legs, 68 mammals with 5) x 3
resolutions = 273 counterfactual images, plus the same animals with their
standard legs x 3 resolutions for the `original` split. With
`--source upstream PATH` the release's photos are re-emitted instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from builders.core.errors import SpecError
from builders.core.family import Scene
from builders.core.spec import Spec, expect_spec
from builders.vlmbias import photo_release
from builders.vlmbias.animals.catalogue import CATALOGUE
from builders.vlmbias.animals.questions import animal_questions
from builders.vlmbias.animals.render import draw_animal
from builders.vlmbias.animals.spec import PRESETS, AnimalSpec, counterfactual_specs, original_specs
from builders.vlmbias.animals.species import slug
from builders.vlmbias.photo_release import UpstreamPhotos, UpstreamPhotoSpec
from builders.vlmbias.questions import Question

__all__ = ["TOPIC", "AnimalSpec", "AnimalsTopic"]

SUB_TOPIC = "Animal Add Legs"


def _spec(spec: Spec) -> AnimalSpec:
    return expect_spec(spec, AnimalSpec, "animals")


class AnimalsTopic(UpstreamPhotos):
    """The `animals` config of VLMBias; released photos are answered for by `UpstreamPhotos`."""

    config = "animals"
    topic = "Animals"
    presets: dict[str, str] = {name: description for name, (description, _) in PRESETS.items()}  # noqa: RUF012
    spec_types: tuple[type[Spec], ...] = (AnimalSpec, UpstreamPhotoSpec)
    attribution = ""
    card_notes = """\
Side views of 91 animals on simple outdoor backgrounds, drawn by our own SVG code from one
declarative entry per species (body and leg proportions, neck, head, ears, horns or antlers,
tail, mane, coat colours and markings): the release's 23 birds and 68 mammals, in the release's
numbering (`animal_053_arcticfox`). Counterfactual images add one leg in the middle of the body
(the release's edit prompt asked for exactly that): birds have 3 legs, mammals 5. Ground truth:
the legs drawn; expected bias: 2 or 4; Q3 ("Is this an animal with 4 legs?") ground truth No,
bias Yes. The `original` split holds every animal with its standard legs at every resolution,
with the paper's sanity questions (Appendix N, whose counting question reads "How many legs do
this animal have?", kept verbatim) and the standard count as ground truth. Images are C x 3C/4
(longest side C). The title bar shows the animal's name.

Differences from the release: the release's images are Gemini photographs edited by Gemini and
curated by hand; ours are flat vector drawings, so the animals are recognisable by silhouette,
colours and markings rather than photographic detail. Nothing but legs reaches below the body,
the ground behind the legs is one flat colour, and neighbouring legs never touch in the lower
legs, so every leg is separately visible. With `--source upstream PATH` (a local copy of
`anvo25/vlms-are-biased`) the release's photos are re-emitted with its own prompts, answers and IDs
(`withtitle` rows: our title bar above the released untitled photo); the paper preset requires the
complete release, the lite preset takes its 384 px images.
"""

    def counterfactuals(self, preset: str) -> Iterator[Spec]:
        """Animals with an added leg in release order, each at every resolution of the preset."""
        return counterfactual_specs(preset)

    def originals(self, preset: str) -> Iterator[Spec]:
        """Animals with their standard legs, each at every resolution of the preset."""
        return original_specs(preset)

    def _upstream_title(self, first: photo_release.ReleasedRow, rows: list[photo_release.ReleasedRow]) -> str:
        """The animal's name for a released photo: from the slug in its ID (`animal_053_arcticfox_...`)."""
        names = {slug(name): name for name in CATALOGUE}
        match = re.match(r"animal_\d+_([a-z]+)_", first.id)
        if match is None:
            return SUB_TOPIC
        return names.get(match.group(1), match.group(1).title())

    def _drawn_image_id(self, spec: Spec, titled: bool) -> str:
        """`animal_053_arcticfox_notitle_px768`; originals `animal_053_arcticfox_original_px768`."""
        spec = _spec(spec)
        stem = f"animal_{spec.entry.number:03d}_{slug(spec.species)}"
        if spec.is_original:
            if titled:
                raise SpecError(f"original animals are not drawn with a title: {spec!r}")
            return f"{stem}_original_px{spec.px}"
        return f"{stem}_{'withtitle' if titled else 'notitle'}_px{spec.px}"

    def _drawn_scene(self, spec: Spec) -> Scene:
        """The animal on its background, C x 3C/4."""
        spec = _spec(spec)
        width, height = spec.size
        return Scene(draw_animal(spec.entry, spec.legs), width, height)

    def _drawn_questions(self, spec: Spec) -> list[Question]:
        """Q1, Q2, Q3 for an animal with an added leg; the sanity questions for an unmodified one."""
        return animal_questions(_spec(spec))

    def _drawn_sub_topic(self, spec: Spec) -> str:
        _spec(spec)
        return SUB_TOPIC

    def _drawn_title(self, spec: Spec) -> str:
        """The animal's name, e.g. "Arctic Fox"."""
        return _spec(spec).species

    def _drawn_modification(self, spec: Spec) -> str:
        return "none" if _spec(spec).is_original else "add"

    def _drawn_metadata(self, spec: Spec) -> dict[str, Any]:
        """Species, class, legs drawn and the standard count, number and habitat."""
        spec = _spec(spec)
        entry = spec.entry
        return {
            "animal": spec.species,
            "number": entry.number,
            "class": entry.group,
            "habitat": entry.habitat,
            "action_type": "none" if spec.is_original else "add_leg",
            "standard_legs": entry.legs,
            "legs": spec.legs,
        }


TOPIC = AnimalsTopic()
