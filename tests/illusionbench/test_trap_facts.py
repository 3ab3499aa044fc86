"""Every gold of a drawn classic or trap figure is true of the figure drawn: its questions are read
against facts measured from the drawing's own elements, not from the questions' code.

From the elements a figure is drawn from: whether the Penrose bars leave a gap (the object could
exist), whether the Kanizsa outline is drawn, whether grey dots are painted on the Hermann
crossings, whether the Necker cube's back edges break (one square in front, one reading). Where a
trap's edit does one of these, the illusion is gone; elsewhere (size, length and tilt traps, Rubin's
faces) the inducer still acts and the figure still holds it. Each gold (a true statement, the
negation of a false one, the correct option, the golden description) is read for the claims its
words make (`CLAIMS`), and every claim about a measured fact must match it. A question asking
which illusion or which type the figure imitates claims nothing about the image itself.
"""

from __future__ import annotations

from typing import Any

import pytest

from builders.illusionbench import rows
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.params import PRESETS
from builders.illusionbench.plan import drawn_specs
from builders.illusionbench.questions import NUMERALS
from builders.illusionbench.spec import ClassicSpec

#: The paper preset's 19 traps and its first 33 classic figures (every illusion at every level).
FIGURES = [*drawn_specs("trap", PRESETS["paper"]), *list(drawn_specs("classic", PRESETS["paper"]))[:33]]

#: Words of a gold and the fact they claim about the image: (phrase, fact, value).
CLAIMS = (
    ("cannot exist", "could_exist", False),
    ("could not exist", "could_exist", False),
    ("impossible", "could_exist", False),
    ("could exist", "could_exist", True),
    ("it is not drawn", "outline_drawn", False),
    ("not drawn between", "outline_drawn", False),
    ("drawn as a thin grey line", "outline_drawn", True),
    ("outline is really drawn", "outline_drawn", True),
    ("really painted", "dots_painted", True),
    ("real grey dot", "dots_painted", True),
    ("as white as the rest", "dots_painted", False),
    ("same plain white everywhere", "dots_painted", False),
    ("plain white everywhere", "dots_painted", False),
    ("can be seen in two ways", "one_reading", False),
    ("the drawing does not say", "one_reading", False),
    ("either square can be seen as the front", "one_reading", False),
    ("the lower-left square", "one_reading", True),
    ("there is a visual illusion", "illusion", True),
    ("there is no visual illusion", "illusion", False),
    ("the reason for visual illusions is", "illusion", True),
    ("something that is not drawn", "illusion", True),
    ("an object that cannot exist", "illusion", True),
)


def measured(spec: ClassicSpec) -> dict[str, bool]:
    """The facts of a figure, from the elements it is drawn from."""
    illusion = ILLUSIONS[spec.illusion]
    if not hasattr(illusion, "elements"):  # drawn by VI-Probe's engine: two targets, inducer kept
        return {"illusion": True}
    elements: Any = illusion.elements(spec.scale, spec.perturbation, spec.inducer)
    found: dict[str, bool] = {}
    if spec.illusion == "penrose_triangle":
        found["could_exist"] = elements.gap_center is not None
    if spec.illusion == "kanizsa_triangle":
        found["outline_drawn"] = elements.outline
    if spec.illusion == "hermann_grid":
        found["dots_painted"] = bool(elements.dots)
    if spec.illusion == "necker_cube":
        found["one_reading"] = elements.gap > 0
    # The illusion is gone where the edit makes the object possible, draws the unseen or leaves one reading.
    found["illusion"] = not any(found.values())
    return found


def claims(text: str, negated: bool = False) -> set[tuple[str, bool]]:
    """The (fact, value) claims a gold's words make; a false statement claims each one's opposite."""
    lowered = text.lower()
    said = {(fact, value) for phrase, fact, value in CLAIMS if phrase in lowered}
    return {(fact, value != negated) for fact, value in said}


def golds(spec: ClassicSpec) -> list[tuple[str, set[tuple[str, bool]]]]:
    """Each question of the figure and the claims its gold makes about the image."""
    found = []
    for question in rows.questions(spec):
        if question.question_type == "tf":
            said = claims(question.question, negated=question.answer == "False")
        elif question.question_type == "mc":
            correct = question.options[NUMERALS.index(question.answer)]
            about_image = "imitate" not in question.question
            said = claims(correct) if about_image else set()
        else:
            said = claims(question.answer)
        found.append((question.key, said))
    return found


@pytest.mark.parametrize("spec", FIGURES, ids=lambda spec: spec.image_id)
def test_every_gold_is_true_of_the_figure_drawn(spec: ClassicSpec) -> None:
    facts = measured(spec)
    for key, said in golds(spec):
        wrong = {(fact, value) for fact, value in said if fact in facts and facts[fact] != value}
        assert not wrong, (key, wrong, facts)


def test_a_trap_is_labelled_an_illusion_exactly_where_its_drawing_keeps_one() -> None:
    traps = [spec for spec in FIGURES if spec.category == "trap"]
    removed = [spec.image_id for spec in traps if not measured(spec)["illusion"]]
    assert len(traps) == 19 and len(removed) == 6, removed  # 2 Hermann, 2 Kanizsa, 1 Necker, 1 Penrose
    for spec in traps:
        assert ILLUSIONS[spec.illusion].holds_illusion(spec.perturbation) == measured(spec)["illusion"]
        type_question = next(q for q in rows.questions(spec) if q.key == "mc3")
        assert type_question.question.startswith("Which type of visual illusion does this figure imitate?")


def test_the_checks_catch_a_gold_the_drawing_contradicts() -> None:
    """The Penrose trap read with the classic figure's words: the reading finds the contradiction."""
    trap = next(spec for spec in FIGURES if spec.illusion == "penrose_triangle" and spec.perturbation)
    facts = measured(trap)
    assert facts == {"could_exist": True, "illusion": False}
    assert ("could_exist", False) in claims("A paradox: an object that cannot exist")
    assert ("illusion", True) in claims("There is a visual illusion in the image.")
    assert ("illusion", False) in claims("There is a visual illusion in the image.", negated=True)
