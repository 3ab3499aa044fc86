"""The family through the command line: the release round-trips to typed Parquet, bad input is refused.

Release builds read small copies in the release's layout (`release_fixture`); the offline build is
the session's lite build.
"""

from __future__ import annotations

import logging
from collections import Counter
from pathlib import Path

import pytest
from datasets import load_dataset

from builders.cli import main as builders_cli
from builders.core.folder import BuiltFolder
from builders.illusionbench.columns import CATEGORIES
from builders.illusionbench.family import FAMILY
from builders.illusionbench.plan import DRAWN_CONFIGS, RELEASE_CONFIGS
from tests.illusionbench.release_fixture import ENTRIES, FOLDER, member, write_release

RELEASE_ARGS = [f"--config={config}" for config in RELEASE_CONFIGS]


def build(out: Path, *args: str) -> int:
    return builders_cli(
        ["build", "illusionbench", "--out", str(out), "--workers", "1", "--no-progress", *args]
    )


#: The fixture's entries with the Ishihara plate at "Difficult Level" 0, which only a map can read.
LEVEL_ZERO = [
    {**e, "image_property": {**e["image_property"], "Difficult Level": 0}}
    if e["image_property"]["image_name"] == "plate_01.png"
    else e
    for e in ENTRIES
]


@pytest.fixture(scope="module")
def release_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture release, its five configs built through the command line (paper preset); its
    difficulty 0 is read through a `difficulty_map.json` beside the JSON."""
    base = tmp_path_factory.mktemp("release-build")
    release = write_release(base / "release", entries=LEVEL_ZERO)
    assert build(base / "refused", "--source", "release", str(release), *RELEASE_ARGS) == 2
    assert not (base / "refused").exists() or not any((base / "refused").iterdir())
    (release / "difficulty_map.json").write_text('{"0": "neutral"}')
    assert build(base / "out", "--source", "release", str(release), *RELEASE_ARGS) == 0
    return base / "out" / "illusionbench-plus"


def expected_counts() -> dict[str, Counter[str]]:
    """Per category: images, true/false and multiple-choice rows, description rows, from the JSON."""
    names = {
        "A": "classic",
        "B": "real_scene",
        "C": "trap",
        "Ishihara": "ishihara",
        "No Illusion": "no_illusion",
    }
    counts: dict[str, Counter[str]] = {category: Counter() for category in CATEGORIES}
    for entry in ENTRIES:
        props = entry["image_property"]
        if props["image_name"] == "missing_01.png":  # no image in the zip
            continue
        counts[names[props["Category"]]]["images"] += 1
        for qa in entry["qa_data"]:
            counts[names[props["Category"]]]["tf" if qa["Question Type"] == "TF" else "mc"] += 1
        counts[names[props["Category"]]]["descriptions"] += 2 if "Golden Description" in props else 0
    return counts


def test_the_release_round_trips_to_typed_parquet_with_the_counts_its_json_implies(
    release_build: Path, hf_cache: Path
) -> None:
    folder = BuiltFolder(release_build)
    assert set(folder.manifest.configs) == set(RELEASE_CONFIGS)
    expected = expected_counts()
    for config, category in RELEASE_CONFIGS.items():
        test = load_dataset(str(release_build), config, split="test", cache_dir=str(hf_cache))
        assert test.features == FAMILY.features
        kinds = Counter(test.features["question_type"].int2str(test["question_type"]))
        assert (kinds["tf"], kinds["mc"]) == (expected[category]["tf"], expected[category]["mc"]), config
        assert len(set(test["image_id"])) == expected[category]["images"]
        assert set(test.features["category"].int2str(test["category"])) == {category}
        described = folder.manifest.configs[config].splits.get("descriptions")
        assert (described.num_rows if described else 0) == expected[category]["descriptions"]
    everything = load_dataset(str(release_build), "all", split="test", cache_dir=str(hf_cache))
    assert everything.num_rows == sum(c["tf"] + c["mc"] for c in expected.values())
    first = everything.filter(lambda row: row["id"] == "classic_01.png-q4")[0]
    assert (first["answer"], first["options"][0], first["image"].size) == ("Option i", "The fins", (40, 30))


def test_unmatched_images_and_annotations_are_in_the_card_and_the_build_note(
    release_build: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    card = (release_build / "README.md").read_text()
    release = card[card.index("## Release source") :]
    assert f"- `{FOLDER}/unannotated_01.png`" in release and "- `missing_01.png`" in release
    assert "- `plain_01.jpg`" in release and f"- `{FOLDER}/readme.txt`" in release
    assert "| `classic` | 1 | 2 | 3 | 2 |" in release and "| `drawn_classic` |" not in card
    # The note is logged once per build, however many configs read the release.
    copy = write_release(tmp_path / "release")
    with caplog.at_level(logging.WARNING, logger="builders.illusionbench.family"):
        assert build(tmp_path / "out", "--source", "release", str(copy), *RELEASE_ARGS[:3]) == 0
    (note,) = [record.getMessage() for record in caplog.records]
    assert "1 image without annotations (IllusionDataset/unannotated_01.png)" in note
    assert "1 annotation without images (missing_01.png)" in note


def test_a_mapped_difficulty_is_built_and_the_card_says_which_codes_were_assumed(
    release_build: Path, hf_cache: Path
) -> None:
    plates = load_dataset(str(release_build), "ishihara", split="test", cache_dir=str(hf_cache))
    assert {plates.features["difficulty"].int2str(level) for level in plates["difficulty"]} == {"neutral"}
    card = (release_build / "README.md").read_text()
    assert "| difficulty | `0` | `neutral` | your map |" in card
    assert (
        "| category | `A` | `classic` | assumed: lmms-eval's conversion of the release (PR #1035) |" in card
    )
    assert "| difficulty | `3` | `hard` | assumed: the paper's three levels, in order |" in card
    assert "| category | `No Illusion` | `no_illusion` | by name |" in card


def test_verify_redraws_the_release_images_from_the_zip(release_build: Path) -> None:
    assert builders_cli(["verify", str(release_build), "--workers", "1"]) == 0


def test_a_hostile_zip_is_refused_in_one_sentence_with_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    release = write_release(tmp_path / "release", hostile=[member(f"{FOLDER}/../../evil.png")])
    out = tmp_path / "out"
    assert build(out, "--source", "release", str(release), "--config", "classic") == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("error: ") and "climbs out of the archive" in line and line.count(". ") == 0
    assert not out.exists() and not (tmp_path / "evil.png").exists()


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (["--source", "release"], "--source release takes the folder holding Image_properties.json"),
        (["--source", "release", "{zip}"], "takes the folder holding Image_properties.json and "),
        (["--source", "release", "{dir}", "--images", "{dir}"], "--source release reads no --images"),
        (["--source", "upstream", "{dir}"], "reads no --source 'upstream'; this family's sources"),
    ],
)
def test_other_sources_and_inputs_are_refused_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: list[str], message: str
) -> None:
    release = write_release(tmp_path / "release")
    paths = {"zip": str(release / "IllusionDataset.zip"), "dir": str(release)}
    assert build(tmp_path / "out", *(word.format(**paths) for word in source)) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert message in line and not (tmp_path / "out").exists()


def test_the_offline_build_draws_the_drawn_configs_and_leaves_the_release_ones_out(
    illusionbench_lite: Path,
) -> None:
    folder = BuiltFolder(illusionbench_lite)
    manifest = folder.manifest
    assert set(manifest.configs) == set(DRAWN_CONFIGS) and not set(manifest.configs) & set(RELEASE_CONFIGS)
    assert {entry.config for entry in manifest.images.values()} == set(DRAWN_CONFIGS)
    assert list(manifest.unions) == ["drawn"]
    card = (illusionbench_lite / "README.md").read_text()
    assert "This build holds no release configs." in card
    assert "config_name: real_scene" not in card and "config_name: drawn_trap" in card
