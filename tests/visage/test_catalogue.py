"""The drawn catalogue: its size, its entries' text, colours and poses, and the planned specs."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest

from builders.core.errors import SpecError, UsageError
from builders.core.params import overlay
from builders.visage.colours import BACKGROUNDS, FAMILIES, FLOORS, MIN_DISTANCE, SHADE_OF, colour_of, distance
from builders.visage.concept import DOMAINS, Concept, Norm, Noun, Subcategory, exactly
from builders.visage.concepts import CONCEPTS, TUPLES
from builders.visage.drawings import clock
from builders.visage.family import FAMILY
from builders.visage.params import PRESETS
from builders.visage.render import measured
from builders.visage.reveals import name_reveals
from builders.visage.spec import drawn_specs, pair_specs
from tests.visage.measure import colour_name


def test_the_catalogue_is_as_large_as_the_issue_asks() -> None:
    norms = {(concept.key, norm.key) for concept in CONCEPTS.values() for norm in concept.norms}
    assert len(CONCEPTS) >= 60 and len(TUPLES) >= 150
    # Across every domain issue 31 names, not mostly animals.
    domains = Counter(concept.domain for concept in CONCEPTS.values())
    assert set(domains) == set(DOMAINS) and domains["animals"] <= len(CONCEPTS) / 3
    # Every norm is broken by at least one exception, and every tuple is a (norm, exception) pair.
    used = {(t.tuple_id.split("-")[0], t.tuple_id.split("-")[1]) for t in TUPLES.values()}
    assert used == norms


def test_every_exception_is_a_named_subcategory_in_both_numbers() -> None:
    for concept in CONCEPTS.values():
        for exception in concept.exceptions:
            name = exception.name
            assert name.singular and name.plural and name.singular != concept.name.singular
            assert name.singular.strip() == name.singular and "  " not in name.singular
        keys = [e.key for e in concept.exceptions]
        assert len(keys) == len(set(keys)), concept.key


def test_every_exception_cites_its_fact_and_marks_what_its_name_reveals() -> None:
    for concept in CONCEPTS.values():
        for exception in concept.exceptions:
            assert exception.fact.strip().endswith("."), (concept.key, exception.key)
    marked = {tuple_id for tuple_id, text in TUPLES.items() if text.name_reveals}
    # The hand marks agree with the rule external tuples default to, tuple by tuple.
    assert marked == {t for t, text in TUPLES.items() if name_reveals(text.exception, text.attribute)}
    # The names the issue gives as answering 1c, 1d and 2c from the text are marked; others are not.
    for tuple_id in ("lion-mane-maneless_lion", "giraffe-spots-spotless_giraffe", "die-dots-blank_die"):
        assert tuple_id in marked
    for tuple_id in ("lion-mane-lioness", "clock-hands-digital_clock", "cow-horns-angus_cow"):
        assert tuple_id not in marked


def test_tuple_ids_name_concept_norm_and_exception() -> None:
    for tuple_id, text in TUPLES.items():
        concept, norm, exception = tuple_id.split("-")
        entry = CONCEPTS[concept]
        assert (
            text.category == entry.name.singular
            and text.exception == entry.exception(exception).name.singular
        )
        assert text.norm_id == f"{concept}-{norm}"


def test_a_concept_entry_rejects_unknown_norms_predicates_and_roles() -> None:
    base = {
        "key": "clock",
        "domain": "artefacts",
        "name": Noun("clock", "clocks"),
        "drawer": clock.DRAWER,
        "typical": clock.Variant(),
        "norms": (Norm("hands", "have", "hands", measure="hands", expect=exactly(2)),),
    }
    digital = Subcategory(
        "digital",
        Noun("digital clock", "digital clocks"),
        ("hands",),
        clock.Variant("digital"),
        fact="No hands.",
    )
    with pytest.raises(SpecError, match="unknown norms"):
        Concept(**base, exceptions=(dataclasses.replace(digital, norms=("numbers",)),))
    with pytest.raises(SpecError, match="unknown predicate"):
        Concept(
            **{**base, "norms": (Norm("hands", "has", "hands", measure="hands", expect=exactly(2)),)},
            exceptions=(digital,),
        )
    with pytest.raises(SpecError, match="no roles"):
        Concept(**base, exceptions=(dataclasses.replace(digital, palette={"glass": ("#ffffff",)}),))
    with pytest.raises(SpecError, match="lower-case"):
        Concept(**{**base, "key": "Clock"}, exceptions=(digital,))
    with pytest.raises(SpecError, match="cites no fact"):
        Concept(**base, exceptions=(dataclasses.replace(digital, fact=" "),))
    with pytest.raises(SpecError, match="reveals norms it does not break"):
        Concept(**base, exceptions=(dataclasses.replace(digital, reveals=("face",)),))
    with pytest.raises(SpecError, match="has domain 'objects'"):
        Concept(**{**base, "domain": "objects"}, exceptions=(digital,))


def test_each_hex_is_in_one_family_and_basic_families_read_as_their_name() -> None:
    hexes = [hex_ for family in FAMILIES.values() for hex_ in family]
    assert len(hexes) == len(set(hexes))
    # The audit's own hue rules name every colour a colour norm can be about as the builder does.
    basic = ("red", "orange", "yellow", "green", "blue", "purple", "white", "black", "grey", *SHADE_OF)
    for name in basic:
        for hex_ in FAMILIES[name]:
            r, g, b = (int(hex_[i : i + 2], 16) for i in (1, 3, 5))
            assert colour_name(r, g, b) == colour_of(hex_), hex_


def test_no_background_colour_is_near_a_drawing_colour() -> None:
    for background in (*BACKGROUNDS, *FLOORS):
        nearest = min(distance(background, hex_) for family in FAMILIES.values() for hex_ in family)
        assert nearest >= 20, background


def test_colour_norms_paint_typical_images_in_the_norm_colour_and_exceptions_in_another(paper_specs) -> None:
    """Planned, before any pixel: the colour the drawing paints the attribute's part in (its palette
    hex's family) is the norm's in typical images and another in exceptional ones."""
    for spec in paper_specs:
        norm = CONCEPTS[spec.concept].norm(spec.norm)
        if norm.expect.kind != "colour":
            continue
        shows = measured(spec)[norm.measure].value
        assert (shows == norm.expect.value) == (spec.image_type == "typical"), spec.image_id


def test_the_paper_preset_draws_four_typical_and_four_exceptional_images_per_tuple(paper_specs) -> None:
    counts = Counter((spec.tuple_id, spec.image_type) for spec in paper_specs)
    assert set(counts.values()) == {4}
    assert {tuple_id for tuple_id, _ in counts} == set(TUPLES)
    assert len({spec.image_id for spec in paper_specs}) == len(paper_specs) == 8 * len(TUPLES)


def test_counted_attributes_get_the_pixels_they_need(paper_specs) -> None:
    """Strings are counted at 768 px; every other norm keeps the preset's 512."""
    for spec in paper_specs:
        fine = CONCEPTS[spec.concept].norm(spec.norm).fine_detail
        assert spec.width == spec.height == (768 if fine else 512), spec.image_id
    sizes = {spec.concept: spec.width for spec in paper_specs if spec.norm.endswith("strings")}
    assert sizes == {"guitar": 768, "violin": 768, "banjo": 768}


def test_the_lite_preset_is_a_subset_of_the_paper_images(paper_specs) -> None:
    lite = list(drawn_specs(PRESETS["lite"]))
    assert len({spec.tuple_id for spec in lite}) == len(PRESETS["lite"].tuples) >= 5
    paper = {spec.image_id: spec for spec in paper_specs}
    assert all(paper[spec.image_id] == spec for spec in lite)


def test_an_image_pair_shares_pose_background_and_unchanged_colours(paper_specs) -> None:
    for typical, exceptional in zip(paper_specs[::2], paper_specs[1::2], strict=True):
        assert (typical.image_type, exceptional.image_type) == ("typical", "exceptional")
        same = ("rotation", "scale", "shift", "flip", "background", "background_colors", "seed")
        assert all(getattr(typical, f) == getattr(exceptional, f) for f in same)
        entry = CONCEPTS[typical.concept]
        overrides = entry.exception(typical.exception).palette
        if not overrides:
            assert typical.palette == exceptional.palette, typical.image_id
        for role, candidates in overrides.items():
            assert exceptional.colours[role] in candidates


def test_every_image_varies_and_keeps_its_colours_apart(paper_specs) -> None:
    for spec in paper_specs:
        colours = [hex_ for _, hex_ in spec.palette]
        assert min(distance(a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]) >= MIN_DISTANCE
    for tuple_id in list(TUPLES)[:10]:
        poses = {(s.rotation, s.scale, s.shift) for s in paper_specs if s.tuple_id == tuple_id}
        assert len(poses) == 8 // 2, tuple_id
    assert len({s.background_colors for s in paper_specs}) > 10
    assert {s.background for s in paper_specs} == {"plain", "gradient", "floor"}


def test_planning_is_deterministic_and_specs_round_trip(paper_specs) -> None:
    assert pair_specs("lion", "mane", "lioness", 2, PRESETS["paper"]) == pair_specs(
        "lion", "mane", "lioness", 2, PRESETS["paper"]
    )
    for spec in paper_specs[::37]:
        data = spec.to_dict()
        loaded = FAMILY.spec_registry.load(data)
        assert loaded == spec and loaded.spec_hash == spec.spec_hash
        assert re.fullmatch(r"[a-z0-9_]+-[a-z0-9_]+-[a-z0-9_]+-[te][0-3]", spec.image_id)


def test_an_unknown_preset_or_tuple_is_one_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown preset 'huge' for visage; choose from: paper, lite"):
        FAMILY.preset_parameters("huge")
    with pytest.raises(UsageError, match=r"'lion-mane-lionness', which is no tuple.*'lion-mane-lioness'"):
        overlay(PRESETS["lite"], {"tuples": ["lion-mane-lionness"]}, "p.toml")
    with pytest.raises(
        UsageError, match="'lion-mane-lioness', of domain 'animals', which domains leaves out"
    ):
        overlay(PRESETS["lite"], {"tuples": ["lion-mane-lioness"], "domains": ["signs"]}, "p.toml")
