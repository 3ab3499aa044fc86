"""Release reader: a fixture copy gives the rows its JSON implies; bad or hostile input is one sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builders.core.errors import UsageError
from builders.core.raster import encode_png
from builders.illusionbench import rows as illusionbench_rows
from builders.illusionbench.archive import Limits
from builders.illusionbench.release import ReleaseImageSpec, read_release
from tests.illusionbench.release_fixture import ENTRIES, FOLDER, entry, member, picture, tf, write_release


@pytest.fixture(scope="module")
def release_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_release(tmp_path_factory.mktemp("release"))


def test_fixture_reads_into_the_images_and_questions_its_json_implies(release_folder: Path) -> None:
    release = read_release(release_folder)
    matched = [e for e in ENTRIES if e["image_property"]["image_name"] != "missing_01.png"]
    assert [spec.image_name for spec in release.specs] == [e["image_property"]["image_name"] for e in matched]
    assert [spec.category for spec in release.specs] == [
        "classic",
        "real_scene",
        "trap",
        "ishihara",
        "no_illusion",
    ]
    assert [spec.difficulty for spec in release.specs] == ["easy", "hard", "hard", "neutral", "easy"]
    counts = release.counts()
    for category, spec in zip(
        ("classic", "real_scene", "trap", "ishihara", "no_illusion"), release.specs, strict=True
    ):
        qa = matched[release.specs.index(spec)]["qa_data"]
        assert counts[category]["tf"] == sum(q["Question Type"] == "TF" for q in qa)
        assert counts[category]["mc"] == sum(q["Question Type"] == "select" for q in qa)
        assert counts[category]["images"] == 1
    assert counts["no_illusion"]["descriptions"] == 0 and counts["classic"]["descriptions"] == 2


def test_unmatched_images_and_annotations_are_listed_not_dropped(release_folder: Path) -> None:
    release = read_release(release_folder)
    assert release.images_without_annotations == (f"{FOLDER}/unannotated_01.png",)
    assert release.annotations_without_images == ("missing_01.png",)
    assert release.skipped_members == (f"{FOLDER}/readme.txt",)  # .DS_Store and __MACOSX are metadata
    assert release.without_description == ("plain_01.jpg",)
    assert release.description_key == "Golden Description"


def test_rows_keep_the_release_text_verbatim_and_read_options(release_folder: Path) -> None:
    spec = read_release(release_folder).specs[0]
    found = illusionbench_rows.rows(spec, encode_png(illusionbench_rows.scene(spec).canvas))
    by_id = {row["id"]: (split, row) for split, row in found}
    assert list(by_id) == [f"classic_01.png-q{n}" for n in range(1, 6)] + [
        "classic_01.png-semantic",
        "classic_01.png-illusion",
    ]
    split, row = by_id["classic_01.png-q4"]
    assert split == "test" and row["answer"] == "Option i" and row["question_type"] == "mc"
    assert row["options"] == ["The fins", "The colour", "The width", "The light"]
    assert row["question"] == ENTRIES[0]["qa_data"][3]["Question"]
    assert row["prompt"].endswith(row["question"]) and row["prompt"].startswith("Given an image, a question")
    split, row = by_id["classic_01.png-semantic"]
    assert split == "descriptions" and row["answer"] == ENTRIES[0]["image_property"]["Golden Description"]
    assert row["source"] == "release" and row["perturbation"] is None and row["width"] == 40


def test_release_rows_round_trip_through_typed_parquet(release_folder: Path, tmp_path: Path) -> None:
    from tests.illusionbench.parquet import round_trip

    release = read_release(release_folder)
    pairs = []
    for spec in release.specs:
        picture_ = encode_png(illusionbench_rows.scene(spec).canvas)
        pairs += [(split, row, picture_.png) for split, row in illusionbench_rows.rows(spec, picture_)]
    loaded = round_trip(pairs, tmp_path)
    assert len(loaded["test"]) == sum(len(spec.qa) for spec in release.specs) == 26
    assert len(loaded["descriptions"]) == 2 * 4
    first = loaded["test"][0]
    assert (
        first["image"].size == (40, 30)
        and loaded["test"].features["category"].int2str(first["category"]) == "classic"
    )


def test_spellings_of_categories_levels_and_question_types_are_read(tmp_path: Path) -> None:
    choice = "y i. a ii. b iii. c iv. d"
    qa = [{"Question": "x", "Correct Answer": True, "Question Type": "T/F"},
          {"Question": choice, "Correct Answer": "i", "Question Type": "Multiple Choice"}]  # fmt: skip
    entries = [entry("classic_01.png", "a", 2.0, qa), entry("trap_01.png", "Trap Illusion", "medium", qa)]
    specs = read_release(write_release(tmp_path, entries=entries)).specs
    assert [(s.category, s.difficulty) for s in specs] == [("classic", "neutral"), ("trap", "neutral")]
    assert specs[0].qa == (("tf", "x", "True", "T/F"), ("mc", choice, "i", "Multiple Choice"))


def test_full_names_and_a_category_map_read_unknown_codes(tmp_path: Path) -> None:
    entries = [entry("classic_01.png", "D", "Easy", [tf("x", "True")])]
    folder = write_release(tmp_path, entries=entries)
    with pytest.raises(UsageError, match=r"unknown category 'D' for 'classic_01.png' .* category_map.json"):
        read_release(folder)
    assert read_release(folder, category_map={"D": "ishihara"}).specs[0].category == "ishihara"
    with pytest.raises(UsageError, match=r"category_map\.json sends 'D' to 'plates'"):
        read_release(folder, category_map={"D": "plates"})
    (folder / "category_map.json").write_text('{"D": "no_illusion"}')
    assert read_release(folder).specs[0].category == "no_illusion"
    (folder / "category_map.json").write_text('["D", "no_illusion"]')
    with pytest.raises(UsageError, match=r"category_map\.json' must be a JSON object from category codes"):
        read_release(folder)


def test_difficulty_codes_without_a_default_are_refused_until_mapped(tmp_path: Path) -> None:
    entries = [
        entry("classic_01.png", "A", 0, [tf("x", "True")]),
        entry("trap_01.png", "C", 1, [tf("y", "False")]),
    ]
    folder = write_release(tmp_path, entries=entries)
    with pytest.raises(
        UsageError, match=r"unknown 'Difficult Level' 0 for 'classic_01.png' .* difficulty_map\.json"
    ):
        read_release(folder)
    assert [s.difficulty for s in read_release(folder, difficulty_map={"0": "easy"}).specs] == [
        "easy",
        "easy",
    ]
    (folder / "difficulty_map.json").write_text('{"0": "easy", "1": "neutral"}')  # overrides the 1-3 default
    release = read_release(folder)
    assert [s.difficulty for s in release.specs] == ["easy", "neutral"]
    assert {(m.code, m.name, m.rule) for m in release.codes if m.field == "difficulty"} == {
        ("0", "easy", "your map"),
        ("1", "neutral", "your map"),
    }
    assert {(m.code, m.rule) for m in release.codes if m.field == "category"} == {
        ("A", "assumed"),
        ("C", "assumed"),
    }
    (folder / "difficulty_map.json").write_text('{"0": "trivial"}')
    with pytest.raises(
        UsageError, match=r"difficulty_map\.json sends '0' to 'trivial'; choose from easy, neutral, hard"
    ):
        read_release(folder)


def test_types_are_kept_verbatim_and_whole_number_answers_as_text(tmp_path: Path) -> None:
    qa = [{"Question": "Which? i. 1 ii. 2 iii. 3 iv. 4", "Correct Answer": 2, "Question Type": "select"},
          {"Question": "x", "Correct Answer": "True", "Question Type": "tf"}]  # fmt: skip
    spec = read_release(write_release(tmp_path, entries=[entry("classic_01.png", "A", "Easy", qa)])).specs[0]
    found = [
        row for _, row in illusionbench_rows.rows(spec, encode_png(illusionbench_rows.scene(spec).canvas))
    ]
    assert [(row["answer"], row["question_type"], row["source_question_type"]) for row in found] == [
        ("2", "mc", "select"),
        ("True", "tf", "tf"),  # read as true/false, kept as written: lmms-eval reads "tf" as options
    ]


def test_a_spec_round_trips_and_redraws_only_unchanged_bytes(release_folder: Path, tmp_path: Path) -> None:
    spec = read_release(release_folder).specs[1]
    assert ReleaseImageSpec.from_dict(json.loads(json.dumps(spec.to_dict()))) == spec
    moved = write_release(tmp_path, images={"real_01.jpg": picture((1, 2, 3), fmt="JPEG")})
    changed = ReleaseImageSpec.from_dict({**spec.to_dict(), "archive": str(moved / "IllusionDataset.zip")})
    with pytest.raises(Exception, match="changed since the build was planned"):
        illusionbench_rows.scene(changed)


HOSTILE = [
    ("climbing", [member("../evil.png")], "member '../evil.png' climbs out of the archive"),
    ("nested climb", [member(f"{FOLDER}/../../evil.png")], "climbs out of the archive"),
    ("absolute", [member("/etc/evil.png")], "member '/etc/evil.png' has an absolute path"),
    ("drive", [member("C:\\evil.png")], "has an absolute path"),
    ("symlink", [member(f"{FOLDER}/link.png", symlink=True)], "is a symbolic link"),
    ("bomb", [member(f"{FOLDER}/bomb.png", size=3 << 20)], "times larger than it is stored"),
]


@pytest.mark.parametrize(("case", "hostile", "message"), HOSTILE, ids=[case for case, _, _ in HOSTILE])
def test_hostile_zips_are_refused_in_one_sentence_and_nothing_is_written(
    tmp_path: Path, case: str, hostile: list, message: str
) -> None:
    folder = write_release(tmp_path / "release", hostile=hostile)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    with pytest.raises(UsageError) as error:
        read_release(folder)
    text = str(error.value)
    assert message in text and "\n" not in text and text.count(". ") == 0
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_size_limits_refuse_big_members_and_archives(tmp_path: Path) -> None:
    folder = write_release(tmp_path)
    with pytest.raises(UsageError, match=r"unpacks to \d+ bytes, more than 100"):
        read_release(folder, limits=Limits(member_bytes=100))
    with pytest.raises(UsageError, match=r"its members unpack to more than 1500 bytes"):
        read_release(folder, limits=Limits(total_bytes=1500))
    with pytest.raises(UsageError, match="more than 3"):
        read_release(folder, limits=Limits(members=3))
    with pytest.raises(UsageError, match=r"is 40 x 30 pixels, more than the limit of 1000"):
        read_release(folder, limits=Limits(pixels=1000))


OPEN = {"Question": "q", "Correct Answer": "i", "Question Type": "open"}


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({"images": []}, "must hold a list of image entries, not a dict"),
        ([{"image_property": {}}], "entry 0 .* needs an 'image_property' object and a 'qa_data' list"),
        ([entry("", "A", "Easy", [])], "entry 0 of Image_properties.json has no 'image_name' string"),
        ([entry("classic_01.png", "A", "Very hard", [])], "unknown 'Difficult Level' 'Very hard'"),
        ([entry("classic_01.png", "A", "Easy", [OPEN])],
         "question 0 of 'classic_01.png' .* 'Question Type' of TF or select"),
        ([entry("classic_01.png", "A", "Easy", []), entry("classic_01.png", "B", "Hard", [])],
         r"describes 'classic_01.png' twice \(entries 0 and 1\)"),
    ],
)  # fmt: skip
def test_malformed_annotations_are_refused_by_name(tmp_path: Path, entries: object, message: str) -> None:
    folder = write_release(tmp_path, entries=entries)
    with pytest.raises(UsageError, match=message):
        read_release(folder)


def test_missing_files_and_broken_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"Image_properties\.json' does not exist"):
        read_release(tmp_path)
    folder = write_release(tmp_path / "copy")
    (folder / "Image_properties.json").write_text("[{", encoding="utf-8")
    with pytest.raises(UsageError, match=r"is not valid JSON \(line 1"):
        read_release(folder)
    folder = write_release(tmp_path / "copy2")
    (folder / "IllusionDataset.zip").write_bytes(b"PK not really a zip")
    with pytest.raises(UsageError, match="is not a readable zip archive"):
        read_release(folder)
    folder = write_release(tmp_path / "copy3", images={"classic_01.png": b"\x89PNG broken"})
    with pytest.raises(UsageError, match=r"image 'classic_01\.png' in the archive cannot be read"):
        read_release(folder)
