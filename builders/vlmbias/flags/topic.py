"""VLMBias topic `flags`: national flags with one star or one stripe added or removed.

Every flag is drawn from its own geometry in code (`catalogue.py`): 13 flags
counted by stars and 7 by stripes (the United States in both). Paper preset:
20 flags x add/remove x 3 resolutions = 120 counterfactual images, plus the 20
unmodified flags x 3 resolutions for the `original` split.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builders.core.scene import Scene
from builders.vlmbias.background import GREY, classes, keep_only
from builders.vlmbias.flags.flag import STARS
from builders.vlmbias.flags.questions import flag_questions
from builders.vlmbias.flags.spec import NONE, FlagSpec, counterfactual_specs, original_specs
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic, titled_form

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters

SUB_TOPICS = {"stars": "Flags 2D Stars", "stripes": "Flags 2D Stripes"}
#: The classes of what a background-removed flag keeps: a counted star and the border some flags draw
#: around it; the stripes.
COUNTED = {STARS: frozenset({"counted", "star-outline"}), "stripes": frozenset({"stripes"})}
#: What a background-removed flag leaves out, by counted element.
BACKGROUNDS = {STARS: "everything but the stars", "stripes": "the canton and emblems over the stripes"}


class FlagsTopic(Topic[FlagSpec]):
    """The `flags` config of VLMBias."""

    config = "flags"
    topic = "Flags"
    spec_type = FlagSpec
    attribution = ""
    card_notes = """\
Twenty national flags drawn by our own SVG code from each flag's official construction
(proportions, stripe widths, star positions and sizes); no downloaded artwork. Thirteen are
counted by stars (the European Union, Australia, Cape Verde, China, the Comoros, Honduras,
Micronesia, the United States, New Zealand, Samoa, the Solomon Islands, Tuvalu, Venezuela, in the
order they are numbered) and seven by stripes (Cuba, Greece, Liberia, Malaysia, the United States,
Uruguay, Zimbabwe). Each
has an **add** and a **remove** variant with one star or stripe more or fewer, re-laid out the
flag's own way: stripes re-divide the field (the alternation continues at the bottom, a canton
keeps resting on the same stripe); star rows re-space (US 49: seven offset rows of seven as on
the 1959 flag, US 51: rows 9-8-9-8-9-8); circles and arcs re-space evenly; constellations gain
or lose one declared star. Images are C x round(C / aspect) at the official aspect. Ground truth:
the drawn count; expected bias: the real flag's count; Q3 ground truth No, bias Yes. The
`original` split holds the 20 unmodified flags (the US once per element) with the naming
question (answered by the flag's title, e.g. "Flag of Europe") and Q1.

Released columns: star rows `flag_stars_NNN_notitle_Q1_px1152`, numbered adds first (001-013, the
EU first) then removes (014-026; the US's 49 stars are 021); stripe rows
`Flag_of_the_United_States_stripes_14_1152` for Q1 with `_1` and `_2` appended for Q2 and Q3;
`image_path` `images/Flag of the United States-stars=49_1152.png` (the Commons title, the element
and its count, the resolution).

Differences from the release: the release edited Wikimedia Commons SVGs with o4-mini (three fixed
by hand) and only some of its flags are known (stars: US, EU, Australia; stripes: US, Cuba,
Zimbabwe, Malaysia, Greece, Uruguay), so the rest of the selection is ours (Liberia as the seventh
stripe flag); Venezuela is its civil flag (no arms), Uruguay's Sun of May and Zimbabwe's bird are
simplified; the star flags' numbers other than 001 and 021 follow our order.
"""

    background_note = """\
Everything on the flag but the counted elements. Star flags keep only their counted stars (New
Zealand's with their white borders), where and as they were drawn, on a flat mid-grey page: the
field, stripes, cantons, Union Jacks, crescents and other emblems are gone (a white page would
hide white stars). Stripe flags keep their stripes, which then run the flag's full width: the
canton or hoist emblem laid over them (the US stars, Greece's cross, Malaysia's crescent and star,
Cuba's triangle, Uruguay's sun, Zimbabwe's triangle) is gone. `background_removed`: "everything but
the stars" or "the canton and emblems over the stripes".
"""

    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[FlagSpec]:
        """Each flag with one element added and one removed, then unmodified, at every resolution."""
        table, resolutions = params.flags, params.resolutions
        return Plan(
            counterfactual_specs(table, resolutions, edition), original_specs(table, resolutions, edition)
        )

    def is_original(self, spec: FlagSpec) -> bool:
        return spec.action == NONE

    def stem(self, spec: FlagSpec) -> str:
        """E.g. `flag_stars_001_australia_add`; originals `flag_stars_001_australia`.

        The number is the flag's position among the flags counted by the same element.
        """
        flag = f"flag_{spec.element}_{spec.number:03d}_{spec.flag}"
        return flag if self.is_original(spec) else f"{flag}_{spec.action}"

    def row_id(self, image_id: str, question: Question) -> str:
        """The image id with the question type: `..._px384_Q1`; the naming question `..._ID`."""
        return f"{image_id}_{question.type}"

    def released_id(self, spec: FlagSpec, question: Question, titled: bool) -> str:
        """Stars `flag_stars_021_notitle_Q1_px1152`; stripes `Flag_of_Cuba_stripes_6_1152` for Q1, then
        `_1` (Q2) and `_2` (Q3) as the release suffixes repeats; unmodified flags ours."""
        if spec.action == NONE:
            return super().released_id(spec, question, titled)
        if spec.element == STARS:
            name = f"flag_stars_{spec.released_number:03d}_notitle_{question.type}_px{spec.px}"
        else:
            title = spec.definition.file_title.replace(" ", "_")
            repeat = {"Q1": "", "Q2": "_1", "Q3": "_2"}[question.type]
            name = f"{title}_stripes_{spec.actual}_{spec.px}{repeat}"
        return titled_form(name, spec.px) if titled else name

    def image_path(self, spec: FlagSpec, titled: bool) -> str:
        """As released: `images/Flag of the United States-stars=49_1152.png`; unmodified flags ours."""
        if spec.action == NONE:
            return super().image_path(spec, titled)
        name = f"{spec.definition.file_title}-{spec.element}={spec.actual}_{spec.px}"
        return f"images/{titled_form(name, spec.px) if titled else name}.png"

    def scene(self, spec: FlagSpec) -> Scene:
        """The flag at its official proportions: C x round(C / aspect)."""
        width, height = spec.size
        canvas, _ = spec.definition.draw(spec.actual, (width, height), spec.edition)
        return Scene(canvas, width, height)

    def questions(self, spec: FlagSpec) -> list[Question]:
        return flag_questions(spec)

    def background(self, spec: FlagSpec) -> str:
        return (
            "everything but the stars" if spec.element == STARS else "the canton and emblems over the stripes"
        )

    def without_background(self, spec: FlagSpec, scene: Scene) -> Scene:
        """The counted stars on a grey page, or the stripes without what lies over them."""
        counted = COUNTED[spec.element]
        return keep_only(scene, lambda element: bool(classes(element) & counted), GREY)

    def sub_topic(self, spec: FlagSpec) -> str:
        return SUB_TOPICS[spec.element]

    def title(self, spec: FlagSpec) -> str:
        """The country's name, e.g. "United States"."""
        return spec.definition.title

    def modification(self, spec: FlagSpec) -> str:
        return spec.action

    def metadata(self, spec: FlagSpec) -> dict[str, Any]:
        """Country, counted element, standard and drawn counts, and how the element is laid out."""
        flag = spec.definition
        return {
            "flag": flag.key,
            "flag_number": spec.number,
            "country": flag.title,
            "element": spec.element,
            "action": spec.action,
            "standard_count": spec.standard,
            "actual_count": spec.actual,
            "layout": flag.rule,
            "arrangement": flag.arrangement(spec.actual, spec.edition),
            "aspect": flag.aspect,
        }


TOPIC = FlagsTopic()
