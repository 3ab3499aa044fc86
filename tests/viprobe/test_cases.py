"""Every VI-Probe case through the engine: facts, labels, determinism and what each variant adds.

Per-case pixel audits (targets measured against strength, inducers, guides) live in
`test_<case>.py`; this module checks what all 27 cases share.
"""

from __future__ import annotations

import re

import pytest

from builders.illusions.engine import CATEGORIES, Variant
from builders.viprobe.family import FAMILY
from builders.viprobe.questions import ANSWER_INSTRUCTIONS, questions
from tests.viprobe.drawing import changed, pixels

CASES = tuple(FAMILY.cases.values())

#: The release's questions (paper Table 5 / sweep configs), verbatim with their typos.
VERBATIM = {
    "muller_lyer": "Are the two black lines of equal length?",
    "ponzo": "Are the two horizontal black lines of equal length?",
    "ebbinghaus": "Are the two orange circles the same size?",
    "delboeuf": "Are the two solid circles the same size?",
    "circle_ponzo": "Are the two circles the same size?",
    "cornsweet": "Are the two circles of the same color?",
    "simultaneous_contrast": "Are the two small squares of the same color?",
    "munker_white": "Are the two rectangle the same color?",
    "mach_band": "Is there an boundary in between every adjecent regions?",
    "cornsweet_case1": "Are the two vertical bands of the same color?",
    "hering": "Are the two horizontal lines straight?",
    "zollner": "Are the those red lines straight?",
    "twisted_cord": "Are those vertical columns parallel?",
    "poggendorff": "Are the red and black solid diagonal lines aligned?",
    "ehrenstein": "Do the squares on the left and right have straight edges?",
}


def test_the_27_cases_in_the_papers_order_and_categories() -> None:
    assert [case.number for case in CASES] == list(range(1, 28))
    assert [case.category for case in CASES] == ["size"] * 11 + ["color"] * 7 + ["orientation"] * 9
    assert set(FAMILY.unions) == {*CATEGORIES, "all"} and FAMILY.unions["all"] == FAMILY.configs
    assert len(FAMILY.unions["size"]) == 11 and len(FAMILY.unions["orientation"]) == 9


@pytest.mark.parametrize("name", sorted(VERBATIM))
def test_forward_questions_are_the_releases(name: str) -> None:
    assert FAMILY.cases[name].question == VERBATIM[name]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_labels_follow_variant_and_polarity(case) -> None:
    original = 0 if case.name.startswith("mach_band") else 1
    assert case.original_answer == original
    for variant in Variant:
        forward = 1 - original if variant.perturbed else original
        asked = questions(case, variant)
        assert [(q.polarity, q.label) for q in asked] == [("f", forward), ("r", 1 - forward), ("I", forward)]
        f, r, i = asked
        assert f.prompt == f"{f.question}\n{ANSWER_INSTRUCTIONS}" and i.prompt == f.prompt
        assert r.question != f.question and not f.system_prompt and not r.system_prompt
        assert i.system_prompt.startswith("Visual Comparison Instructions:")


def test_irradiation_controls_ask_about_two_black_targets() -> None:
    for name, shape in (("irradiation", "square"), ("irradiation_pentagon", "pentagon")):
        case = FAMILY.cases[name]
        asked = questions(case, Variant.PERTURBED_CONTROL)
        assert f"left black {shape} and the right black {shape}" in asked[0].question
        assert f"left black {shape}" in asked[1].question and asked[1].question != asked[0].question
        assert f"left white {shape}" in questions(case, Variant.PERTURBED)[0].question


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_each_variant_adds_exactly_its_own_change(case) -> None:
    """Perturbing, removing the inducer and adding the guide each change pixels; nothing else does."""
    name, strength = case.name, 1.4
    original = pixels(name, Variant.ORIGINAL)
    perturbed = pixels(name, Variant.PERTURBED, 1.0, strength)
    assert original.shape == (case.height, case.width, 3)
    assert changed(original, perturbed).any()
    assert changed(original, pixels(name, Variant.ORIGINAL_CONTROL)).any()
    assert changed(original, pixels(name, Variant.ORIGINAL_WITH_GUIDE)).any()
    assert changed(perturbed, pixels(name, Variant.PERTURBED_WITH_GUIDE, 1.0, strength)).any()
    # The base scale changes the configuration (size, hue or inducer density).
    assert changed(original, pixels(name, Variant.ORIGINAL, 0.5)).any()
    # Rendering is a pure function of the spec.
    again = case.render(Variant.PERTURBED, 1.0, strength).to_string()
    assert again == case.render(Variant.PERTURBED, 1.0, strength).to_string()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_perturbed_images_need_a_strength_other_than_one(case) -> None:
    with pytest.raises(ValueError, match=re.escape("perturbed images need strength != 1.0")):
        case.render(Variant.PERTURBED, 1.0, 1.0)
    with pytest.raises(ValueError, match=re.escape("original images need strength == 1.0")):
        case.render(Variant.ORIGINAL, 1.0, 1.2)
