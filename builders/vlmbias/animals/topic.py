"""VLMBias topic `animals`: side views of 91 animals with one extra leg in the middle of the body.

Paper preset: 91 animals (23 birds drawn with 3 legs, 68 mammals with 5) x 3
resolutions = 273 counterfactual images, plus the same animals with their
standard legs x 3 resolutions for the `original` split. With
`--source upstream PATH` the release's photos are re-emitted instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builders.core.scene import Scene
from builders.vlmbias.animals.questions import animal_questions
from builders.vlmbias.animals.release_names import counterfactual_file, number_text, original_file
from builders.vlmbias.animals.render import draw_animal
from builders.vlmbias.animals.scenery import HABITATS, SCENERY_PARTS
from builders.vlmbias.animals.spec import AnimalSpec, counterfactual_specs, original_specs
from builders.vlmbias.animals.species import slug
from builders.vlmbias.background import classes, leave_out
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic, titled_form, type_before_px

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters

SUB_TOPIC = "Animal Add Legs"


class AnimalsTopic(Topic[AnimalSpec]):
    """The `animals` config of VLMBias; released photos are answered for by `UpstreamPhotos`."""

    config = "animals"
    topic = "Animals"
    spec_type = AnimalSpec
    attribution = ""
    card_notes = """\
Side views of 91 animals on simple outdoor backgrounds, drawn by our own SVG code from one
declarative entry per species (body and leg proportions, neck, head, ears, horns or antlers,
tail, mane, coat colours and markings): the release's 23 birds and 68 mammals, in the release's
numbering (`animal_053_arcticfox`). Counterfactual images add one leg in the middle of the body
(the release's edit prompt asked for exactly that): birds have 3 legs, mammals 5. Ground truth:
the legs drawn; expected bias: 2 or 4; Q3 ("Is this an animal with 4 legs?") ground truth No,
bias Yes. The `original` split holds every animal with its standard legs at every resolution,
asked Q1 ("How many legs does this animal have?") with the standard count as ground truth, as the
project site's human study asks its 273 unmodified animal photos; the paper's naming question
("What animal is this?") is not asked, which keeps the split near the release's size. Images are
C x 3C/4 (longest side C). The title bar shows the animal's name.

Released columns: `ID` `animal_053_arcticfox_notitle_Q1_px768` (animal 10: `animal_0010_elk_...`),
`image_path` the released file `images/arctic fox_4_3_768.png` (name, the kept generation and edit
trials, resolution) and, for unmodified animals, `images/arctic fox_768px.png`; all as the project
site's human-study metadata lists them.

Differences from the release: the release's images are Gemini photographs edited by Gemini and
curated by hand; ours are flat vector drawings, so the animals are recognisable by silhouette,
colours and markings rather than photographic detail. Nothing but legs reaches below the body,
the ground behind the legs is one flat colour, and neighbouring legs never touch in the lower
legs, so every leg is separately visible. With `--source upstream PATH` (a local copy of
`anvo25/vlms-are-biased`) the release's photos are re-emitted with its own prompts, answers and IDs
(`withtitle` rows: our title bar above the released untitled photo); the paper preset requires the
complete release, the lite preset takes its 384 px images.
"""

    background_note = """\
The scene around the animal: sky, far scenery (hills, trees, water, fences) and the ground line.
The animal stays whole, exactly as drawn in `main` (its legs belong to it), on a flat page of its
habitat's ground colour, which every leg is drawn to stand out from (a white page would hide the
white birds: swan, egret, stork). `background_removed`: "sky, far scenery and ground".
"""

    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[AnimalSpec]:
        """Animals with an added leg in release order, then with their standard legs, at every resolution."""
        table, resolutions = params.animals, params.resolutions
        return Plan(
            counterfactual_specs(table, resolutions, edition), original_specs(table, resolutions, edition)
        )

    def is_original(self, spec: AnimalSpec) -> bool:
        return spec.is_original

    def stem(self, spec: AnimalSpec) -> str:
        """`animal_053_arcticfox`, for the plain, titled and original images alike (animal 10 is
        `animal_0010_elk`, as the released IDs write it)."""
        return f"animal_{number_text(spec.entry.number)}_{slug(spec.species)}"

    def row_id(self, image_id: str, question: Question) -> str:
        """As the release names photo rows: `..._notitle_Q1_px768`, `..._original_ID_px384`."""
        return type_before_px(image_id, question)

    def image_path(self, spec: AnimalSpec, titled: bool) -> str:
        """The released file, `images/asian elephant_4_1_768.png` (titled twin: `withtitle` before the
        resolution); unmodified `images/asian elephant_768px.png`."""
        if spec.is_original:
            return f"images/{original_file(spec.species, spec.px)}"
        name = counterfactual_file(spec.species, spec.entry.number, spec.px).removesuffix(".png")
        return f"images/{titled_form(name, spec.px) if titled else name}.png"

    def scene(self, spec: AnimalSpec) -> Scene:
        """The animal on its background, C x 3C/4."""
        width, height = spec.size
        return Scene(draw_animal(spec.entry, spec.legs, spec.edition), width, height)

    def questions(self, spec: AnimalSpec) -> list[Question]:
        """Q1, Q2, Q3 for an animal with an added leg; Q1 for an unmodified one."""
        return animal_questions(spec)

    def background(self, spec: AnimalSpec) -> str:
        return "sky, far scenery and ground"

    def without_background(self, spec: AnimalSpec, scene: Scene) -> Scene:
        """The animal alone, on a page of its habitat's ground colour."""
        page = HABITATS[spec.entry.habitat].ground
        return leave_out(scene, lambda element: bool(classes(element) & SCENERY_PARTS), page)

    def sub_topic(self, spec: AnimalSpec) -> str:
        return SUB_TOPIC

    def title(self, spec: AnimalSpec) -> str:
        """The animal's name, e.g. "Arctic Fox"."""
        return spec.species

    def modification(self, spec: AnimalSpec) -> str:
        return "none" if spec.is_original else "add"

    def metadata(self, spec: AnimalSpec) -> dict[str, Any]:
        """Species, class, legs drawn and the standard count, number and habitat."""
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
