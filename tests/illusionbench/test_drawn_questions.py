"""Questions of the drawn subset: the paper's counts and shares, seeded option order, spec round trips."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from builders.core.errors import SpecError, UsageError
from builders.core.raster import rasterize
from builders.illusionbench import rows
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.columns import CATEGORIES, DIFFICULTIES, QUESTION_TYPES, SPLITS
from builders.illusionbench.params import PRESETS
from builders.illusionbench.plan import SPECS, drawn_specs
from builders.illusionbench.questions import NUMERALS, golden_description
from builders.illusionbench.schema import SCHEMA
from builders.illusionbench.spec import DRAWN_CATEGORIES, ClassicSpec
from eval.scoring import score_rows
from eval.scoring.illusionbench import metrics

PAPER = {category: list(drawn_specs(category, PRESETS["paper"])) for category in DRAWN_CATEGORIES}


def test_paper_preset_has_the_papers_image_counts() -> None:
    assert {category: len(specs) for category, specs in PAPER.items()} == {
        "classic": 164, "trap": 19, "ishihara": 26, "no_illusion": 245,
    }  # fmt: skip
    ids = [spec.image_id for specs in PAPER.values() for spec in specs]
    assert len(ids) == len(set(ids))


def test_every_image_gets_two_or_three_statements_and_57_percent_are_false() -> None:
    answers = []
    for specs in PAPER.values():
        for spec in specs:
            kinds = Counter(q.question_type for q in rows.questions(spec))
            assert kinds["tf"] in (2, 3) and kinds["mc"] >= 3 and kinds["semantic"] == kinds["illusion"] == 1
            answers += [q.answer for q in rows.questions(spec) if q.question_type == "tf"]
    assert set(answers) == {"True", "False"}
    assert abs(answers.count("False") / len(answers) - 4 / 7) < 0.005


def test_options_are_four_labelled_i_to_iv_in_a_seeded_spread_order() -> None:
    positions = Counter()
    for spec in PAPER["no_illusion"][:60] + PAPER["classic"]:
        for question in rows.questions(spec):
            if question.question_type != "mc":
                continue
            listed = re.findall(r"^(i|ii|iii|iv)\. (.*)$", question.question, re.MULTILINE)
            assert [n for n, _ in listed] == list(NUMERALS) and tuple(
                o for _, o in listed
            ) == question.options
            assert len(set(question.options)) == 4 and question.answer in NUMERALS
            positions[question.answer] += 1
    assert min(positions.values()) / sum(positions.values()) > 0.17
    again = [q.question for q in rows.questions(PAPER["trap"][3])]
    assert again == [q.question for q in rows.questions(PAPER["trap"][3])]


def test_answers_follow_the_spec() -> None:
    trap = next(s for s in PAPER["trap"] if s.illusion == "jastrow")
    questions = {q.key: q for q in rows.questions(trap)}
    comparison = questions["mc1"]
    word = "larger" if trap.perturbation > 0 else "smaller"
    correct = comparison.options[NUMERALS.index(comparison.answer)]
    assert correct == ("The lower band is larger" if trap.perturbation > 0 else "The upper band is larger")
    assert f"{round(abs(trap.perturbation) * 100)}% {word}" in questions["semantic"].answer
    plate = PAPER["ishihara"][7]
    number = {q.key: q for q in rows.questions(plate)}["mc1"]
    assert number.options[NUMERALS.index(number.answer)] == str(plate.digit)


def test_every_image_has_a_statement_about_what_its_perturbation_changes() -> None:
    """A trap's targets, a plate's digit, a scene's largest shape: at least one true/false row each."""
    changed = Counter()
    for specs in PAPER.values():
        for spec in specs:
            about = {s.text for s in rows.facts(spec).statements if s.about_change}
            asked = [q.question for q in rows.questions(spec) if q.question_type == "tf"]
            assert any(statement in about for statement in asked), spec.image_id
            changed[type(spec).__name__] += sum(statement in about for statement in asked)
    assert changed["ClassicSpec"] >= 164 + 19 and changed["IshiharaSpec"] >= 26
    pair = rows.facts(next(s for s in PAPER["trap"] if s.illusion == "muller_lyer")).statements
    assert [s.about_change for s in pair][:4] == [True] * 4 and not any(s.about_change for s in pair[4:])


def test_golden_descriptions_follow_the_papers_template() -> None:
    for category, specs in PAPER.items():
        golden = golden_description(rows.facts(specs[0]))
        assert golden.startswith("In this picture, ")
        if category in ("classic", "trap"):
            assert "There is a visual illusion in the image. The reason for visual illusions is " in golden
        else:
            assert golden.endswith("There is no visual illusion in the image.")


def test_difficulty_comes_from_the_perturbation_size() -> None:
    # Classic figures: from the inducer's strength, every illusion at every level, the standard one hard.
    levels: dict[str, set[tuple[float, str]]] = {}
    for spec in PAPER["classic"]:
        assert spec.perturbation == 0
        levels.setdefault(spec.illusion, set()).add((spec.inducer, spec.difficulty))
    assert set(levels) == set(ILLUSIONS)
    assert all(found == {(0.5, "easy"), (0.75, "neutral"), (1.0, "hard")} for found in levels.values())
    assert Counter(s.difficulty for s in PAPER["classic"]) == {"easy": 55, "neutral": 55, "hard": 54}
    assert {s.inducer for s in PAPER["trap"]} == {1.0}  # a trap's difficulty is its physical difference
    for category in ("trap", "ishihara", "no_illusion"):
        by_size = {(abs(s.perturbation), s.difficulty) for s in PAPER[category]}
        assert len(by_size) == 3 and sorted(by_size)[0][1] == "hard" and sorted(by_size)[-1][1] == "easy"


def test_specs_round_trip_and_refuse_bad_values() -> None:
    for specs in PAPER.values():
        for spec in specs[:3]:
            assert SPECS.load(spec.to_dict()) == spec
    with pytest.raises(SpecError, match="unknown illusion 'zoellner'"):
        ClassicSpec(illusion="zoellner", index=0, scale=1.0, perturbation=0.0)
    with pytest.raises(SpecError, match=r"perturbation must be 0\.05 to 0\.4"):
        ClassicSpec(illusion="jastrow", index=0, scale=1.0, perturbation=0.9)
    with pytest.raises(SpecError, match=r"inducer's strength must lie in \[0\.25, 1\], got 1\.5"):
        ClassicSpec(illusion="jastrow", index=0, scale=1.0, perturbation=0.0, inducer=1.5)
    standard = ClassicSpec(illusion="jastrow", index=0, scale=1.0, perturbation=0.0)
    assert "inducer" not in standard.to_dict()  # specs from before the inducer keep their hashes
    weak = ClassicSpec(illusion="jastrow", index=0, scale=1.0, perturbation=0.0, inducer=0.5)
    assert SPECS.load(weak.to_dict()) == weak and weak.spec_hash != standard.spec_hash
    with pytest.raises(UsageError, match="category 'real_scene' cannot be drawn"):
        next(drawn_specs("real_scene", PRESETS["paper"]))
    assert set(PRESETS) == {"paper", "lite"}


def test_drawn_rows_round_trip_through_typed_parquet_and_score(tmp_path: Path) -> None:
    from tests.illusionbench.parquet import round_trip

    pairs = []
    for category in DRAWN_CATEGORIES:
        spec = next(drawn_specs(category, PRESETS["lite"]))
        scene = rows.scene(spec)
        picture = rasterize(scene.canvas, scene.width // 4, scene.height // 4)
        pairs += [(split, row, picture.png) for split, row in rows.rows(spec, picture)]
    loaded = round_trip(pairs, tmp_path)
    assert set(loaded) == set(SPLITS) and len(loaded["descriptions"]) == 2 * 4
    assert loaded["test"].features == SCHEMA.features
    names = {
        name: loaded["test"].features[name].names for name in ("category", "difficulty", "question_type")
    }
    assert names == {
        "category": list(CATEGORIES),
        "difficulty": list(DIFFICULTIES),
        "question_type": list(QUESTION_TYPES),
    }
    # The scorer reads the class labels as Parquet stores them (indices) and names the same categories.
    assert (metrics.CATEGORIES, metrics.DIFFICULTIES, metrics.QUESTION_TYPES) == (
        CATEGORIES,
        DIFFICULTIES,
        QUESTION_TYPES,
    )
    test = loaded["test"].remove_columns("image").to_list()
    truthful = {row["id"]: row["answer"] for row in test}
    result = score_rows("illusionbench", test, truthful)
    assert result["accuracy"] == 1.0 and result["parse_failure_rate"] == 0.0
