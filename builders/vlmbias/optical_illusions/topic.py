"""VLMBias topic `optical_illusions`: six classic illusions, unmodified (difference 0) and modified.

Paper preset: (5 x 24 + 12) cells x 3 resolutions = 396 images in the main
splits (half of them unmodified, as released), plus one unmodified image per
illusion x 3 resolutions for the `original` split's sanity questions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builders.core.hashing import rng_for
from builders.core.scene import Scene
from builders.vlmbias.background import WHITE, classes, painted
from builders.vlmbias.optical_illusions.drawing import move_within
from builders.vlmbias.optical_illusions.questions import main_questions, sanity_questions, without_inducers
from builders.vlmbias.optical_illusions.spec import SANITY, IllusionSpec, counterfactual_specs, original_specs
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters


class OpticalIllusionsTopic(Topic[IllusionSpec]):
    """The `optical_illusions` config of VLMBias."""

    config = "optical_illusions"
    topic = "Optical Illusion"
    spec_type = IllusionSpec
    attribution = (
        "Illusion geometry follows the parameterisation of Pyllusion (Makowski et al., 2021, "
        '"A parametric framework to generate visual illusions using Python", Perception 50(11); '
        "github.com/RealityBending/Pyllusion, MPL-2.0): its formulas are re-implemented and the "
        "shapes redrawn by this project's own code."
    )
    card_notes = """\
Six classic illusions with pyllusion's parameterisation: `illusion_strength` sets the inducer (ring
size, fin or rail angle, hatch angle, line tilt) and `difference` the physical truth. Ebbinghaus (left
inner circle area = (1 + d) x the right one), Müller-Lyer and Ponzo (upper line = (1 + d) x the lower
one), Zöllner (each line tilted d degrees towards the other), Poggendorff (right segment shifted up by
d) and Vertical-Horizontal (horizontal bar = (1 + d) x the vertical stem). Per illusion, samples
001-012 have difference 0 (each strength and its negative) and 013-024 are the (s, d) and (-s, -d)
cells of the paper's grid; Vertical-Horizontal has 6 + 6 (size_min 0.5..1.0 with d = 0, then size_min
{0.5, 1.0} x d {0.3, 0.4, 0.5}). Ids keep the released names (`Ebbinghaus_017_str3_diff0p7`,
`VerticalHorizontal_007_min0p5_diff0p3`). Images are C x C, white, red targets, black inducers
(Poggendorff: a grey bar), with pyllusion's line width of 20/3 pixels at every resolution.

Ground truth and bias, as released: Q1/Q2 truth Yes when difference = 0 and No otherwise; expected
bias No when difference = 0 and Yes otherwise (for unmodified images this is *not* the answer a model
recalling the illusion gives, which is Yes; it is kept for compatibility). Q3 ("Is this an example of
the ... illusion?") has truth Yes for difference 0 and No for modified images, and the same bias as
Q1/Q2. Unmodified images are part of the main splits, as in the release, so `is_counterfactual` is
true for every main row; select modified images with `modification == "modified"` (unmodified ones
have `none`). The `original` split shows one unmodified image per illusion (the same scene as sample
005; Vertical-Horizontal 003) with the paper's naming question ("What optical illusion is this?"). The
paper's second sanity question (state the illusion's usual question and answer) is not asked: its
answer is free text no exact-match scorer can grade, and the unmodified cells of `main` already ask
the usual question (truth Yes).

Released columns: `ID` `Zollner_008_Q1_notitle_px1152`, `image_path`
`images/Ebbinghaus_017_str3_diff0p7_notitle_px1152.png`, and the release generator's `metadata` keys
(`illusion_type, is_diff_zero, prompt_type, pixel`, `strength` or `size_min`, `diff`), with
`prompt_type` the row's question.

Differences from the release: the shapes are placed where pyllusion 1.4 places them but drawn as SVG
by our own code (at 384 px the red targets of every paper cell cover pyllusion's pixels with an IoU
of at least 0.98, and whole images differ from pyllusion's by under one grey level on average).
Vertical-Horizontal is drawn as the inverted T the paper describes (pyllusion at strength 0 draws two
collinear segments): pyllusion's longer left line is the horizontal bar, the stem rises from the
bar's lower edge, and lengths are full stroke extents. Prompts are the paper's, including the stray
"Answer with Yes/No." in the Müller-Lyer Q3 (the release's generator did not have it) and the en
dash in "Vertical–Horizontal" in its Q3.
"""

    background_note = """\
The inducers, the context that makes each picture the famous illusion: Ebbinghaus's surrounding
circles, Müller-Lyer's fins, Ponzo's converging rails, Zöllner's crossing hatch lines and
Poggendorff's occluding bar. The red targets the questions are about stay exactly where and as
they were drawn, on the white page: the inducers are painted white rather than dropped, so
Poggendorff's bar still hides the inner ends of the two segments (where they would meet) and every
red pixel is as visible as in `main`. Vertical-Horizontal has no inducers (both its lines are
targets), so its background-removed image is its `main` image. Q1 and Q2 keep their truths (the
targets are unchanged); Q3 ("Is this an example of the ... illusion?") is answered No for every
picture whose inducers are gone (expected bias Yes), since without them it is no example of the
illusion. `background_removed`: the illusion's inducers ("the fins") or "nothing".
"""

    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[IllusionSpec]:
        """Every main-split image (difference 0 included, as released), then one unmodified image per
        illusion for the `original` split, at every resolution."""
        table, resolutions = params.optical_illusions, params.resolutions
        return Plan(
            counterfactual_specs(table, resolutions, edition), original_specs(table, resolutions, edition)
        )

    def is_original(self, spec: IllusionSpec) -> bool:
        """Sanity images only: difference-0 images of `main` are drawn with titles too, as released."""
        return spec.sample == SANITY

    def stem(self, spec: IllusionSpec) -> str:
        """`Ebbinghaus_017_str3_diff0p7`; sanity images `Ebbinghaus`."""
        return spec.stem.removesuffix("_original")

    def row_id(self, image_id: str, question: Question) -> str:
        """Released style `Zollner_008_Q1_notitle_px1152`; sanity rows `Zollner_original_ID_px1152`."""
        parts = image_id.split("_")
        if parts[1] == "original":
            return f"{parts[0]}_original_{question.type}_{parts[-1]}"
        return f"{parts[0]}_{parts[1]}_{question.type}_{parts[-2]}_{parts[-1]}"

    def scene(self, spec: IllusionSpec) -> Scene:
        """The illusion in its square viewBox, to be rasterised at C x C; centred as pyllusion centres
        it, or (a fresh edition) moved to a place drawn per cell, the same at every resolution (the
        sanity image shares its cell's place)."""
        canvas = spec.definition.draw(spec.geometry, spec.px)
        if spec.edition is not None:
            sample = spec.definition.sanity_sample if spec.sample == SANITY else spec.sample
            rng = rng_for(
                "vlmbias", "optical_illusions", spec.illusion, sample, "place", edition=spec.edition
            )
            move_within(canvas, spec.px, rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0))
        return Scene(canvas, spec.px, spec.px)

    def questions(self, spec: IllusionSpec) -> list[Question]:
        """Q1, Q2, Q3 for main-split images; the sanity questions for the `original` split."""
        if spec.sample == SANITY:
            return sanity_questions(spec.definition)
        return main_questions(spec.definition, spec.equal)

    def background(self, spec: IllusionSpec) -> str:
        return spec.definition.inducers or "nothing"

    def without_background(self, spec: IllusionSpec, scene: Scene) -> Scene:
        """The red targets alone on the white page: the inducers painted white, so Poggendorff's bar still
        hides the segments' inner ends; an illusion without inducers is its own scene."""
        if not spec.definition.inducers:
            return scene
        return painted(scene, lambda element: "inducer" in classes(element), WHITE)

    def background_questions(self, spec: IllusionSpec) -> list[Question]:
        """The main questions; without its inducers a picture is no example of the illusion (Q3 No)."""
        questions = self.questions(spec)
        if not spec.definition.inducers:
            return questions
        return [without_inducers(question) if question.type == "Q3" else question for question in questions]

    def sub_topic(self, spec: IllusionSpec) -> str:
        return spec.definition.label

    def title(self, spec: IllusionSpec) -> str:
        return spec.definition.label

    def modification(self, spec: IllusionSpec) -> str:
        return "none" if spec.equal else "modified"

    def metadata(self, spec: IllusionSpec) -> dict[str, Any]:
        """The release generator's keys: illusion_type, is_diff_zero, pixel, strength (or size_min for
        Vertical-Horizontal) and diff, numbers written as its parameter lists wrote them (3, -45, 0.7, 0)."""
        illusion = spec.definition
        if illusion.grid.varies == "size_min":
            knob: dict[str, Any] = {"size_min": spec.size_min}
        else:
            knob = {"strength": _plain(spec.illusion_strength)}
        return {
            "illusion_type": illusion.name,
            "is_diff_zero": spec.equal,
            "pixel": spec.px,
            **knob,
            "diff": _plain(spec.difference),
        }

    def row_metadata(self, spec: IllusionSpec, question: Question) -> dict[str, Any]:
        """The image's keys plus `prompt_type`, the question the row asks (Q1, Q2, Q3; ID for sanity rows)."""
        return {**self.metadata(spec), "prompt_type": question.type}


def _plain(value: float) -> int | float:
    """An integral float as an int (3.0 -> 3), as the release's parameter lists held them."""
    return int(value) if float(value).is_integer() else value


TOPIC = OpticalIllusionsTopic()
