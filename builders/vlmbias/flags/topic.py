"""VLMBias topic `flags`: national flags with one star or one stripe added or removed.

Every flag is drawn from its own geometry in code (`catalogue.py`): 13 flags
counted by stars and 7 by stripes (the United States in both). Paper preset:
20 flags x add/remove x 3 resolutions = 120 counterfactual images, plus the 20
unmodified flags x 3 resolutions for the `original` split.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from builders.core.scene import Scene
from builders.vlmbias.flags.questions import flag_questions
from builders.vlmbias.flags.spec import NONE, PRESETS, FlagSpec, counterfactual_specs, original_specs
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic

SUB_TOPICS = {"stars": "Flags 2D Stars", "stripes": "Flags 2D Stripes"}


class FlagsTopic(Topic[FlagSpec]):
    """The `flags` config of VLMBias."""

    config = "flags"
    topic = "Flags"
    presets: ClassVar[Mapping[str, str]] = {name: description for name, (description, _) in PRESETS.items()}
    spec_type = FlagSpec
    attribution = ""
    card_notes = """\
Twenty national flags drawn by our own SVG code from each flag's official construction
(proportions, stripe widths, star positions and sizes); no downloaded artwork. Thirteen are
counted by stars (Australia, Cape Verde, China, the Comoros, the European Union, Honduras,
Micronesia, New Zealand, Samoa, the Solomon Islands, Tuvalu, the United States, Venezuela) and
seven by stripes (Cuba, Greece, Liberia, Malaysia, Thailand, the United States, Uruguay). Each
has an **add** and a **remove** variant with one star or stripe more or fewer, re-laid out the
flag's own way: stripes re-divide the field (the alternation continues at the bottom, a canton
keeps resting on the same stripe); star rows re-space (US 49: seven offset rows of seven as on
the 1959 flag, US 51: rows 9-8-9-8-9-8); circles and arcs re-space evenly; constellations gain
or lose one declared star. Images are C x round(C / aspect) at the official aspect. Ground truth:
the drawn count; expected bias: the real flag's count; Q3 ground truth No, bias Yes. The
`original` split holds the 20 unmodified flags (the US once per element) with the naming
question and Q1.

Differences from the release: the release edited Wikimedia Commons SVGs with o4-mini (three fixed
by hand) and only some of its flags are known (stars: US, EU, Australia; stripes: US, Cuba,
Zimbabwe, Malaysia), so the rest of the selection is ours; ids follow one pattern for both
elements; Venezuela is its civil flag (no arms) and Uruguay's Sun of May is simplified.
"""

    def plan(self, preset: str) -> Plan[FlagSpec]:
        """Each flag with one element added and one removed, then unmodified, at every resolution."""
        return Plan(counterfactual_specs(preset), original_specs(preset))

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

    def scene(self, spec: FlagSpec) -> Scene:
        """The flag at its official proportions: C x round(C / aspect)."""
        width, height = spec.size
        canvas, _ = spec.definition.draw(spec.actual, (width, height))
        return Scene(canvas, width, height)

    def questions(self, spec: FlagSpec) -> list[Question]:
        return flag_questions(spec)

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
            "arrangement": flag.arrangement(spec.actual),
            "aspect": flag.aspect,
        }


TOPIC = FlagsTopic()
