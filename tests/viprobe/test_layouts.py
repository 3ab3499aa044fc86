"""What each VI-Probe case declares free for a fresh edition: draws within the declared ranges, the
canonical layout is the release's, and no freedom can make a question false.

A question that names a side ("the left white square", "the squares on the left and right") or an
orientation ("horizontal", "vertical") of what it asks about forbids a free mirror or flip that would
move that side, and every case keeps its canvas; a freedom that would change which target a strength
changes is no freedom at all (the pixel audits check that on the pixels of a fresh edition).
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from builders.core.hashing import rng_for
from builders.illusions.engine import Variant
from builders.illusions.layout import DRAW, Choice, Uniform, drawn, freedoms
from builders.viprobe.editions import edition_layout
from builders.viprobe.family import FAMILY

CASES = tuple(FAMILY.cases.values())
#: Draws per case to check ranges and layouts on.
DRAWS = 200


def free_fields(case) -> dict[str, dataclasses.Field]:  # type: ignore[no-untyped-def]
    return {field.name: field for field in dataclasses.fields(case.layout_class) if DRAW in field.metadata}


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_every_case_draws_several_factors_and_the_canonical_layout_is_the_releases(case) -> None:
    assert len(freedoms(case.layout_class)) >= 4, "too little changes for an edition to look new"
    canonical = case.layout_class()
    for name, field in free_fields(case).items():
        assert getattr(canonical, name) == field.default  # what the release draws
    # The canonical layout draws exactly what no layout draws.
    for variant in (Variant.ORIGINAL, Variant.PERTURBED_CONTROL):
        strength = 1.0 if variant is Variant.ORIGINAL else 1.3
        plain = case.render(variant, 1.0, strength).to_string()
        assert case.render(variant, 1.0, strength, layout=canonical).to_string() == plain


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_draws_stay_in_their_declared_ranges_and_cover_them(case) -> None:
    layouts = [drawn(case.layout_class, rng_for("test", case.name, index)) for index in range(DRAWS)]
    for name, field in free_fields(case).items():
        draw, values = field.metadata[DRAW], [getattr(layout, name) for layout in layouts]
        if isinstance(draw, Uniform):
            assert all(draw.low <= value <= draw.high for value in values), name
            spread = (draw.high - draw.low) / 4
            assert min(values) < draw.low + spread and max(values) > draw.high - spread, name
        else:
            assert isinstance(draw, Choice) and set(values) == set(draw.options), name
    # A layout round-trips through the manifest's JSON form.
    assert all(case.layout_class.from_dict(layout.to_dict()) == layout for layout in layouts)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_no_freedom_moves_a_side_or_orientation_the_question_names(case) -> None:
    free = free_fields(case)
    asked = " ".join(
        case.forward_question(variant) + " " + case.reversed_question_for(variant) for variant in Variant
    ).lower()
    if re.search(r"\b(left|right)\b", asked) and not re.search(r"\bleft and right\b", asked):
        assert "mirror" not in free, "the question names a left and a right target"
    if re.search(r"\b(top|bottom|upper|lower|above|below)\b", asked):
        assert "flip" not in free, "the question names a top and a bottom target"
    if re.search(r"\b(horizontal|vertical)\b", asked):
        # Mirrors and flips keep horizontals horizontal; nothing may turn the figure (a fan's or a
        # ring's turn is the inducer's own, `fan_turn`, `ring_turn`).
        assert not {"turn", "angle"} & set(free), free
    # A case's twin keeps its own identity: nothing swaps a horizontal figure for a vertical one.
    assert "transpose" not in free


def test_editions_draw_differently_and_the_same_seed_draws_the_same() -> None:
    for case in CASES:
        first, second = edition_layout(case, 1.0, 1), edition_layout(case, 1.0, 2)
        assert first != second and first == edition_layout(case, 1.0, 1), case.name
        assert edition_layout(case, 0.5, 1) != first, case.name  # each base configuration its own draw
