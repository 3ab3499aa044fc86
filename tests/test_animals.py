"""Tests of the VLMBias `animals` topic: species table, specs, questions, ids, and leg counts from pixels.

The pixel audit finds the ground colour from the image's bottom row and, going
up from the lowest non-ground pixel until the body or the sky fills the row,
counts the separate runs of non-ground pixels in each row: the count that most
rows agree on (over a long unbroken stretch) is the number of legs. It never
imports the drawing geometry.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import numpy as np
import pytest

from builders.core.errors import SpecError
from builders.core.raster import rasterize_image
from builders.vlmbias.animals import render
from builders.vlmbias.animals.birds import BIRDS
from builders.vlmbias.animals.catalogue import CATALOGUE, build_catalogue
from builders.vlmbias.animals.geometry import line
from builders.vlmbias.animals.mammal import legs_for
from builders.vlmbias.animals.mammals import MAMMALS
from builders.vlmbias.animals.release_names import TRIALS
from builders.vlmbias.animals.spec import AnimalSpec
from builders.vlmbias.animals.species import Bird, Mammal
from builders.vlmbias.animals.topic import AnimalsTopic
from builders.vlmbias.parameters import PRESETS
from builders.vlmbias.questions import NUMBER_SUFFIX, YES_NO_SUFFIX
from tests.pixels import channel_sum

TOPIC = AnimalsTopic()
PAPER, LITE = PRESETS["paper"], PRESETS["lite"]

# The release's species (spec §1.1), stated independently of the builder.
SPEC_BIRDS = """Avocet, Cassowary, Chicken, Crane, Duck, Egret, Emu, Heron, Ibis, Lapwing, Ostrich,
Oystercatcher, Peacock, Plover, Rhea, Rooster, Sandpiper, Secretary Bird, Spoonbill, Stilt, Stork, Swan,
Turkey"""
SPEC_MAMMALS = """African Elephant, African Wild Dog, Alpaca, Antelope, Arctic Fox, Asian Elephant,
Bactrian Camel, Bighorn Sheep, Bison, Bobcat, Buffalo, Camel, Caracal, Caribou, Cheetah, Cow, Coyote, Deer,
Dingo, Domestic Cat, Domestic Dog, Donkey, Dromedary Camel, Eland, Elk, Fennec Fox, Gazelle, Giraffe, Gnu,
Goat, Gray Wolf, Hare, Hippopotamus, Horse, Hyena, Ibex, Impala, Indian Rhinoceros, Jackal, Jaguar, Kudu,
Leopard, Lion, Llama, Lynx, Maned Wolf, Moose, Mountain Goat, Mule, Ocelot, Okapi, Pig, Pronghorn, Puma,
Rabbit, Red Fox, Red Wolf, Reindeer, Serval, Sheep, Springbok, Tiger, Warthog, Water Buffalo, Wild Boar,
Wildebeest, Yak, Zebra"""
#: Release numbers seen in released IDs (project page metadata).
RELEASED_NUMBERS = {"Horse": 1, "Giraffe": 15, "Lynx": 30, "Arctic Fox": 53, "Stork": 67, "Peacock": 77,
                    "Gray Wolf": 84, "Secretary Bird": 89, "Serval": 91}  # fmt: skip


def names(text: str) -> set[str]:
    return {name.strip() for name in text.replace("\n", " ").split(",")}


# --------------------------------------------------------------------------- pixel measuring

#: A pixel belongs to the animal when it is this far from the ground colour (sum of channel differences;
#: the drawings keep legs at least 70 away in RGB distance).
GROUND_DISTANCE = 45
#: Fraction of the image height above which no leg or leg-zone row can be (the tallest animals' bodies
#: start below it); skipping it only saves time.
SKIP_TOP = 0.3


def leg_rows(rgb: np.ndarray) -> np.ndarray:
    """Runs (of 2+ pixels) of non-ground colour per row, from the lowest such row up to the body or sky."""
    pixels = rgb[int(SKIP_TOP * rgb.shape[0]) :].astype(np.int16)  # legs and body sit in the lower part
    ground = np.median(pixels[-1], axis=0).astype(np.int16)
    mask = channel_sum(np.abs(pixels - ground)) > GROUND_DISTANCE  # at most 765: int16 holds it
    bottom = int(np.flatnonzero(mask.any(axis=1)).max())
    left = np.pad(mask, ((0, 0), (1, 0)))[:, :-1]
    right = np.pad(mask, ((0, 0), (0, 1)))[:, 1:]
    counts = (mask & ~left & right).sum(axis=1)
    full = np.flatnonzero(mask[: bottom + 1][::-1].mean(axis=1) > 0.6)
    top = bottom + 1 - (int(full[0]) if full.size else bottom + 1)
    return counts[top : bottom + 1][::-1]


def count_legs(rgb: np.ndarray) -> int:
    """The leg count most rows below the body agree on, over a long unbroken stretch."""
    rows = leg_rows(rgb)
    values, freq = np.unique(rows, return_counts=True)
    legs = int(values[freq.argmax()])
    streak = longest = 0
    for value in rows:
        streak = streak + 1 if value == legs else 0
        longest = max(longest, streak)
    seen = dict(zip(values.tolist(), freq.tolist(), strict=True))
    assert freq.max() >= 0.3 * len(rows), f"no clear leg count: {seen}"
    assert longest >= 0.15 * len(rows), f"legs seen only in short stretches ({longest} of {len(rows)} rows)"
    return legs


def draw(name: str, legs: int, px: int = 384) -> np.ndarray:
    return np.asarray(rasterize_image(render.draw_animal(CATALOGUE[name], legs), px, px * 3 // 4))


@pytest.mark.parametrize("species", ["African Elephant", "Heron"])
def test_leg_counter_on_known_drawings(species: str) -> None:
    """The counter sees the legs of a drawn original and of its counterfactual."""
    standard = CATALOGUE[species].legs
    assert count_legs(draw(species, standard)) == standard
    assert count_legs(draw(species, standard + 1)) == standard + 1


def test_leg_counter_notices_a_hanging_tail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tail reaching the ground is refused by the drawing check, and the audit would count it as a leg."""
    figure = render.figure_for(CATALOGUE["Horse"], 4)
    tail = line([(-2.0, figure.body_bottom + 10), (-16.0, 0.0)], "#24180f", 3.0, "tail hanging")
    hanging = dataclasses.replace(figure, items=(*figure.items, tail))
    with pytest.raises(SpecError, match="below the legs' clear zone"):
        hanging.check(render.frame_for(hanging).scale)
    monkeypatch.setattr(render, "figure_for", lambda species, legs, edition=None: hanging)
    assert count_legs(draw("Horse", 4)) == 5


# --------------------------------------------------------------------------- species table


def test_species_table_matches_the_release() -> None:
    birds = {b.name for b in CATALOGUE.values() if isinstance(b, Bird)}
    mammals = {m.name for m in CATALOGUE.values() if isinstance(m, Mammal)}
    assert len(birds) == 23 and len(mammals) == 68 and len(CATALOGUE) == 91
    assert birds == names(SPEC_BIRDS)
    assert mammals == names(SPEC_MAMMALS)
    assert [entry.number for entry in CATALOGUE.values()] == list(range(1, 92))
    for name, number in RELEASED_NUMBERS.items():
        assert CATALOGUE[name].number == number, name
    assert {entry.legs for entry in BIRDS} == {2} and {entry.legs for entry in MAMMALS} == {4}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"habitat": "moon"}, "unknown habitat 'moon'"),
        ({"coat": "brown"}, "coat must be a #rrggbb colour"),
        ({"horns": "unicorn", "horn_size": 10}, "unknown horns 'unicorn'"),
        ({"horns": "antlers", "horn_size": 0}, "give a size with horns"),
        ({"leg_length": 500}, r"leg_length must be a number in \[15, 130\]"),
        ({"leg_length": "long"}, "leg_length must be a number"),
        ({"coat": "#7db24f", "habitat": "grassland"}, "too close to the grassland ground"),
        ({"name": " Horse"}, "non-empty trimmed string"),
        ({"number": 0}, "number must be a positive integer"),
        ({"extras": ("wings",)}, "unknown extra 'wings'"),
    ],
)
def test_malformed_mammal_entries_are_rejected(changes: dict, message: str) -> None:
    fields = {f.name: getattr(CATALOGUE["Horse"], f.name) for f in dataclasses.fields(Mammal)}
    fields.update(changes)
    if "coat" in changes:
        fields["leg_colour"] = None
    with pytest.raises(SpecError, match=message):
        Mammal(**fields)


def test_malformed_bird_entry_and_catalogue_are_rejected() -> None:
    fields = {f.name: getattr(CATALOGUE["Stork"], f.name) for f in dataclasses.fields(Bird)}
    with pytest.raises(SpecError, match="unknown beak 'spoonish'"):
        Bird(**{**fields, "beak": "spoonish"})
    with pytest.raises(SpecError, match="too close to the grassland ground"):
        Bird(**{**fields, "leg_colour": "#80b050"})
    with pytest.raises(SpecError, match=r"missing \[2\]"):
        build_catalogue((CATALOGUE["Horse"], Bird(**{**fields, "number": 3})))
    horse = {f.name: getattr(CATALOGUE["Horse"], f.name) for f in dataclasses.fields(Mammal)}
    with pytest.raises(SpecError, match="declared twice"):
        build_catalogue((CATALOGUE["Horse"], Mammal(**{**horse, "number": 2})))


def test_every_figure_keeps_its_legs_clear_and_apart() -> None:
    """Nothing but legs below the clear height, legs never touching there; the extra leg is in the middle."""
    for entry in CATALOGUE.values():
        for legs in (entry.legs, entry.legs + 1):
            figure = render.figure_for(entry, legs)  # runs Figure.check
            assert len(figure.legs) == legs
        standard = render.figure_for(entry, entry.legs).legs
        extra = render.figure_for(entry, entry.legs + 1).legs
        assert set(standard) < set(extra), f"{entry.name}: the standard legs moved when a leg was added"
        (added,) = set(extra) - set(standard)
        hips = sorted(leg.hip[0] for leg in standard)
        assert hips[len(hips) // 2 - 1] < added.hip[0] < hips[len(hips) // 2], entry.name
    with pytest.raises(ValueError, match="4 or 5 legs"):
        legs_for(CATALOGUE["Horse"], 6)


# --------------------------------------------------------------------------- specs, ids, questions


def test_preset_plans() -> None:
    paper = list(TOPIC.plan(PAPER, None).counterfactuals)
    assert len(paper) == 273 and len(set(paper)) == 273
    assert Counter(spec.px for spec in paper) == {384: 91, 768: 91, 1152: 91}
    assert Counter(spec.legs for spec in paper) == {3: 69, 5: 204}
    originals = list(TOPIC.plan(PAPER, None).originals)
    assert len(originals) == 273 and all(spec.is_original for spec in originals)
    lite = list(TOPIC.plan(LITE, None).counterfactuals)
    assert len(lite) == 91 and {spec.px for spec in lite} == {384}


def test_spec_json_round_trip_and_bad_specs() -> None:
    for spec in [*TOPIC.plan(PAPER, None).counterfactuals, *TOPIC.plan(LITE, None).originals]:
        data = json.loads(json.dumps(spec.to_dict()))
        assert data["kind"] == "animal" and AnimalSpec.from_dict(data) == spec
    for fields in ({"species": "Dragon", "legs": 4, "px": 384}, {"species": "Horse", "legs": 3, "px": 384},
                   {"species": "Stork", "legs": 5, "px": 384}, {"species": "Horse", "legs": 5, "px": 8},
                   {"species": "Horse", "legs": True, "px": 384}):  # fmt: skip
        with pytest.raises(SpecError):
            AnimalSpec(**fields)


def test_ground_truth_is_one_more_than_the_bias() -> None:
    for spec in TOPIC.plan(PAPER, None).counterfactuals:
        q1, q2, q3 = TOPIC.questions(spec)
        standard = 2 if isinstance(spec.entry, Bird) else 4
        for question in (q1, q2):
            assert (question.ground_truth, question.expected_bias) == (str(standard + 1), str(standard))
            assert question.prompt.endswith(NUMBER_SUFFIX) and question.answer_type == "number"
        assert (q3.type, q3.ground_truth, q3.expected_bias) == ("Q3", "No", "Yes")
        assert TOPIC.modification(spec) == "add" and TOPIC.sub_topic(spec) == "Animal Add Legs"
        assert TOPIC.metadata(spec)["legs"] == standard + 1


def test_prompts_verbatim() -> None:
    q1, q2, q3 = TOPIC.questions(AnimalSpec(species="Arctic Fox", legs=5, px=768))
    assert (
        q1.prompt == "How many legs does this animal have? Answer with a number in curly brackets, e.g., {9}."
    )
    assert q2.prompt == "Count the legs of this animal. Answer with a number in curly brackets, e.g., {9}."
    assert q3.prompt == "Is this an animal with 4 legs? Answer in curly brackets, e.g., {Yes} or {No}."
    assert TOPIC.questions(AnimalSpec(species="Stork", legs=3, px=384))[2].prompt.startswith(
        "Is this an animal with 2 legs?"
    )
    # Unmodified animals are asked Q1, as the project site's human study asks its unmodified photos
    # (`unmodified_animal_067_stork_notitle_Q1_px1152`: "How many legs does this animal have? ...").
    (count,) = TOPIC.questions(AnimalSpec(species="Stork", legs=2, px=384))
    assert count.prompt == q1.prompt
    assert (count.type, count.ground_truth, count.expected_bias) == ("Q1", "2", None)
    assert YES_NO_SUFFIX in q3.prompt


#: Released files of animals with an added leg: the example images of anvo25/vlms-are-biased@9d1afd9
#: (`examples/task1_animals/`) and the project site's human-study metadata (`metadata.json`: stork, cheetah).
RELEASED_FILES = {
    "Avocet": "avocet_2_3", "Chicken": "chicken_0_3", "Crane": "crane_2_2", "Duck": "duck_0_3",
    "Ostrich": "ostrich_0_3", "African Elephant": "african elephant_2_0", "Deer": "deer_2_2",
    "Eland": "eland_3_3", "Mountain Goat": "mountain goat_4_3", "Zebra": "zebra_5_3", "Stork": "stork_2_1",
    "Cheetah": "cheetah_0_2",
}  # fmt: skip


def test_released_ids_and_files() -> None:
    """File names as released (`<name>_<generation trial>_<edit trial>_<C>.png`); unmodified photos as the
    site names them (`unmodified/stork_1152px.png`); animal 10 written `0010` as the site's list of all
    273 released rows writes it (`animal_metadata.json`: `modified_animal_0010_elk_notitle_Q1_px1152`)."""
    for name, stem in RELEASED_FILES.items():
        spec = AnimalSpec(species=name, legs=CATALOGUE[name].legs + 1, px=1152)
        assert TOPIC.image_path(spec, False) == f"images/{stem}_1152.png"
        assert TOPIC.image_path(spec, True) == f"images/{stem}_withtitle_1152.png"
    stork = AnimalSpec(species="Stork", legs=3, px=1152)
    assert TOPIC.released_id(stork, TOPIC.questions(stork)[0], False) == "animal_067_stork_notitle_Q1_px1152"
    original = AnimalSpec(species="Stork", legs=2, px=1152)
    assert TOPIC.image_path(original, False) == "images/stork_1152px.png"
    elk = AnimalSpec(species="Elk", legs=5, px=384)
    assert TOPIC.released_id(elk, TOPIC.questions(elk)[1], False) == "animal_0010_elk_notitle_Q2_px384"
    assert set(TRIALS) == {entry.number for entry in CATALOGUE.values()}


def test_ids_titles_and_sizes() -> None:
    fox = AnimalSpec(species="Arctic Fox", legs=5, px=768)
    image_id = TOPIC.image_id(fox, False)
    assert image_id == "animal_053_arcticfox_notitle_px768"
    assert TOPIC.row_id(image_id, TOPIC.questions(fox)[1]) == "animal_053_arcticfox_notitle_Q2_px768"
    assert TOPIC.image_id(AnimalSpec(species="Secretary Bird", legs=3, px=384), True) == (
        "animal_089_secretarybird_withtitle_px384"
    )
    original = AnimalSpec(species="Stork", legs=2, px=1152)
    assert TOPIC.image_id(original, False) == "animal_067_stork_original_px1152"
    assert [TOPIC.row_id(TOPIC.image_id(original, False), q) for q in TOPIC.questions(original)] == [
        "animal_067_stork_original_Q1_px1152",
    ]
    with pytest.raises(SpecError):
        TOPIC.image_id(original, True)
    ids = [TOPIC.image_id(s, t) for s in TOPIC.plan(PAPER, None).counterfactuals for t in (False, True)]
    ids += [TOPIC.image_id(s, False) for s in TOPIC.plan(PAPER, None).originals]
    assert len(ids) == len(set(ids)) == 819
    rows = [
        TOPIC.row_id(TOPIC.image_id(s, False), q)
        for s in TOPIC.plan(PAPER, None).counterfactuals
        for q in TOPIC.questions(s)
    ]
    assert len(rows) == len(set(rows)) == 819
    assert TOPIC.title(fox) == "Arctic Fox"
    for px, height in ((384, 288), (768, 576), (1152, 864)):
        scene = TOPIC.scene(AnimalSpec(species="Giraffe", legs=5, px=px))
        assert (scene.width, scene.height) == (px, height)
        assert scene.canvas.width * height == scene.canvas.height * px


# --------------------------------------------------------------------------- pixel audits of the paper build

CONFIG = "animals"
_COUNTED: dict[str, int] = {}


def _audit_split(load_split, split: str) -> dict[str, tuple[list[dict], int]]:
    """Decode every distinct image of a split once, check its size and count its legs."""
    dataset = load_split(CONFIG, split)
    grouped: dict[str, list[dict]] = {}
    for index, row in enumerate(dataset.remove_columns("image")):
        grouped.setdefault(row["image_id"], []).append({**row, "_index": index})
    audited = {}
    for image_id, rows in grouped.items():
        first = rows[0]
        px, height = first["pixel"], first["pixel"] * 3 // 4
        assert first["topic"] == "Animals" and first["sub_topic"] == "Animal Add Legs"
        if image_id not in _COUNTED:
            image = dataset[first["_index"]]["image"]
            assert (
                image.mode == "RGB" and image.size == (first["width"], first["height"]) and image.width == px
            )
            rgb = np.asarray(image)
            if first["with_title"]:
                bar = image.height - height
                assert 0 < bar < height // 3, f"{image_id}: bad title bar {bar}"
                rgb = rgb[bar:]
            else:
                assert image.height == height, image_id
            _COUNTED[image_id] = count_legs(rgb)
        audited[image_id] = (rows, _COUNTED[image_id])
    return audited


@pytest.mark.parametrize("split", ["main", "withtitle"])
def test_counting_splits_match_pixels(load_split, split: str) -> None:
    audited = _audit_split(load_split, split)
    assert len(audited) == 273
    classes = Counter()
    for image_id, (rows, legs) in audited.items():
        meta = json.loads(rows[0]["metadata"])
        classes[meta["class"]] += 1
        assert sorted(row["type_of_question"] for row in rows) == ["Q1", "Q2"], image_id
        for row in rows:
            assert int(row["ground_truth"]) == legs, f"{row['ID']}: pixels show {legs} legs"
            assert int(row["expected_bias"]) == legs - 1 == meta["standard_legs"], row["ID"]
            assert row["ID"] == image_id.replace("_px", f"_{row['type_of_question']}_px")
            assert row["with_title"] == (split == "withtitle") and row["is_counterfactual"]
            assert row["image_path"].startswith(f"images/{meta['animal'].lower()}_"), row["image_path"]
    assert classes == {"bird": 69, "mammal": 204}


def test_identification_split_matches_pixels(load_split) -> None:
    audited = _audit_split(load_split, "identification")
    assert len(audited) == 273
    for image_id, (rows, legs) in audited.items():
        (row,) = rows
        assert row["type_of_question"] == "Q3" and (row["ground_truth"], row["expected_bias"]) == (
            "No",
            "Yes",
        )
        assert row["prompt"].startswith(f"Is this an animal with {legs - 1} legs?"), image_id


def test_original_split_matches_pixels(load_split) -> None:
    audited = _audit_split(load_split, "original")
    assert len(audited) == 273
    for image_id, (rows, legs) in audited.items():
        answers = {row["type_of_question"]: row["ground_truth"] for row in rows}
        assert answers == {"Q1": str(legs)} and legs in (2, 4), image_id
        assert rows[0]["image_path"].endswith(f"_{rows[0]['pixel']}px.png"), rows[0]["image_path"]
        assert all(row["expected_bias"] is None and not row["is_counterfactual"] for row in rows)


def test_withtitle_keeps_the_untitled_pixels(load_split) -> None:
    """Under the title bar, a titled image is the untitled one pixel for pixel."""
    main, titled = load_split(CONFIG, "main"), load_split(CONFIG, "withtitle")
    plain = {image_id: index for index, image_id in enumerate(main["image_id"])}
    for index in (0, len(titled) // 2, len(titled) - 1):
        row = titled[index]
        untitled = np.asarray(main[plain[row["image_id"].replace("_withtitle_", "_notitle_")]]["image"])
        assert np.array_equal(np.asarray(row["image"])[-untitled.shape[0] :], untitled)


def test_a_fresh_edition_poses_the_animals_and_keeps_their_legs_countable() -> None:
    """Seeds turn animals round and move them along the ground; the legs still count from pixels, and
    an animal's unmodified and counterfactual pictures share the pose."""
    names = ("Horse", "Giraffe", "Zebra", "Cheetah", "Ostrich", "Heron")
    poses = set()
    for seed in (1, 2):
        for name in names:
            entry = CATALOGUE[name]
            pose = render.pose_for(entry, seed)
            poses.add(pose.mirrored)
            for legs in (entry.legs, entry.legs + 1):
                drawn = render.draw_animal(entry, legs, seed)
                assert count_legs(np.asarray(rasterize_image(drawn, 384, 288))) == legs, (name, seed, legs)
            assert render.pose_for(entry, None) == render.Pose()
    assert poses == {True, False}  # both ways round are exercised
