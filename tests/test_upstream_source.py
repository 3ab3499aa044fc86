"""Tests of `--source upstream PATH`: re-emitting the release's Animals and Logos photos from a local copy.

The copy is a tiny fixture in the release's layout and schema
(`tests/fixtures/vlms_are_biased_mini`, written by `make_release_fixture.py`);
broken variants are written into temporary folders by the same script. The
command-line tests run `python -m builders build` in-process (with the two
topics registered for the test), so they exercise argument parsing, planning,
drawing, shards and the error path exactly as a user would.
"""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from PIL import Image

from builders.cli import main
from builders.core.errors import RenderError, UsageError
from builders.vlmbias import photo_release
from builders.vlmbias.family import FAMILY
from builders.vlmbias.parameters import PRESETS
from builders.vlmbias.photo_release import UpstreamPhotoSpec
from builders.vlmbias.released_photos import ReleasedPhotos
from tests.fixtures.make_release_fixture import FIXTURE, SCHEMA, release_rows, write_release

#: The release's photo topics, as `--source upstream` chooses them.
ANIMALS = FAMILY.released["animals"]
LOGOS = FAMILY.released["logos"]

ROOT = Path(__file__).resolve().parents[1]


def planned(topic: ReleasedPhotos, copy: Path, preset: str) -> tuple[list, list]:
    """(counterfactual specs, original specs) the topic plans from a local copy of the release."""
    plan = topic.reading(copy, preset).plan(PRESETS[preset], None)
    return list(plan.counterfactuals), list(plan.originals)


def released(split: str) -> dict[str, dict]:
    """The fixture's rows of a split by ID, images decoded."""
    rows = pq.read_table(FIXTURE / "data" / f"{split}-00000-of-00001.parquet").to_pylist()
    return {row["ID"]: row for row in rows}


def pixels(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as image:
        return np.asarray(image.convert("RGB"))


# --------------------------------------------------------------------------- the fixture


def test_fixture_is_small_and_matches_its_script(tmp_path: Path) -> None:
    size = sum(path.stat().st_size for path in FIXTURE.rglob("*") if path.is_file())
    assert size < 200_000
    fresh = write_release(tmp_path / "copy")
    for path in sorted((FIXTURE / "data").glob("*.parquet")):
        committed, rebuilt = pq.read_table(path), pq.read_table(fresh / "data" / path.name)
        assert committed.schema.equals(SCHEMA) and committed.equals(rebuilt), path.name
    assert pq.read_table(FIXTURE / "data" / "main-00000-of-00001.parquet").column_names == list(
        photo_release.RELEASED_COLUMNS
    )


# --------------------------------------------------------------------------- planning


def test_lite_plan_copies_the_released_rows() -> None:
    counterfactuals, originals = planned(ANIMALS, FIXTURE, "lite")
    assert [spec.released_id for spec in counterfactuals] == [
        "animal_053_arcticfox_notitle_Q1_px384",
        "animal_067_stork_notitle_Q1_px384",
    ]  # the 768 px image and the Flags rows are left out
    main_rows, ident_rows = released("main"), released("identification")
    fox = counterfactuals[0]
    assert (ANIMALS.image_id(fox, False), ANIMALS.image_id(fox, True)) == (
        "animal_053_arcticfox_notitle_px384",
        "animal_053_arcticfox_withtitle_px384",
    )
    questions = ANIMALS.questions(fox)
    assert [q.type for q in questions] == ["Q1", "Q2", "Q3"]
    for question in questions:
        row_id = ANIMALS.row_id(ANIMALS.image_id(fox, False), question)
        source = main_rows.get(row_id) or ident_rows[row_id]
        assert (question.prompt, question.ground_truth, question.expected_bias) == (
            source["prompt"], source["ground_truth"], source["expected_bias"],
        )  # fmt: skip
    assert (
        ANIMALS.row_id(ANIMALS.image_id(fox, True), questions[1]) == "animal_053_arcticfox_withtitle_Q2_px384"
    )
    assert [ANIMALS.title(spec) for spec in counterfactuals] == ["Arctic Fox", "Stork"]
    assert ANIMALS.sub_topic(fox) == "Animal Add Legs" and ANIMALS.modification(fox) == "add"
    # The released `image_path` and `metadata`, verbatim (the withtitle rows' own path for the twin).
    source = main_rows["animal_053_arcticfox_notitle_Q1_px384"]
    assert ANIMALS.image_path(fox, False) == source["image_path"] == "images/animal_053_arcticfox_384.png"
    assert ANIMALS.image_path(fox, True) == "images/animal_053_arcticfox_withtitle_384.png"
    assert ANIMALS.metadata_json(fox, questions[0]) == source["metadata"] == '{"animal_name": "Arctic Fox"}'
    assert ANIMALS.metadata(fox) == {"animal_name": "Arctic Fox"}
    (original,) = originals
    assert ANIMALS.image_id(original, False) == "animal_053_arcticfox_original_px384"
    naming, counting = ANIMALS.questions(original)
    assert (naming.ground_truth, counting.ground_truth, counting.expected_bias) == ("Arctic Fox", "4", None)
    assert ANIMALS.modification(original) == "none"
    with pytest.raises(Exception, match="not drawn with a title"):
        ANIMALS.image_id(original, True)


def test_logos_plan_names_the_brands() -> None:
    counterfactuals, originals = planned(LOGOS, FIXTURE, "lite")
    assert {LOGOS.image_id(s, False): LOGOS.title(s) for s in counterfactuals} == {
        "car_067_notitle_px384": "Audi",
        "shoe_018_notitle_px384": "Adidas",
    }
    assert {LOGOS.sub_topic(s) for s in counterfactuals} == {"Car Logos", "Shoe Logos"}
    assert [LOGOS.title(s) for s in originals] == ["Audi"]


def test_scene_is_the_released_photo_and_spec_round_trips() -> None:
    counterfactuals, _ = planned(ANIMALS, FIXTURE, "lite")
    spec = counterfactuals[1]
    scene = ANIMALS.scene(spec)
    photo = released("main")[spec.released_id]["image"]["bytes"]
    assert (scene.width, scene.height) == (48, 36)
    assert np.array_equal(np.asarray(scene.canvas), pixels(photo))
    data = json.loads(json.dumps(spec.to_dict()))
    assert data["kind"] == "upstream_photo" and UpstreamPhotoSpec.from_dict(data) == spec
    assert UpstreamPhotoSpec.from_dict(data).questions() == spec.questions()


def test_a_changed_upstream_file_is_noticed(tmp_path: Path) -> None:
    copy = write_release(tmp_path / "copy")
    (spec, *_), _ = planned(ANIMALS, copy, "lite")
    moved = dataclasses.replace(spec, image_sha256="0" * 64)
    photo_release._row_group.cache_clear()
    with pytest.raises(RenderError, match="changed since the build was planned"):
        ANIMALS.scene(moved)
    with pytest.raises(RenderError, match="no longer holds"):
        ANIMALS.scene(dataclasses.replace(spec, row_index=spec.row_index + 1))


# --------------------------------------------------------------------------- refusals


def test_paper_preset_needs_the_full_release() -> None:
    with pytest.raises(UsageError, match="holds 6 Animals rows, the release has 546"):
        planned(ANIMALS, FIXTURE, "paper")
    with pytest.raises(UsageError, match="holds 4 Logos rows, the release has 414"):
        planned(LOGOS, FIXTURE, "paper")


def _broken(kind: str, root: Path) -> Path:
    """A copy of the fixture with one defect."""
    if kind == "missing path":
        return root / "nowhere"
    if kind == "a file":
        root.mkdir()
        (root / "release.parquet").write_bytes(b"PAR1")
        return root / "release.parquet"
    if kind == "no data folder":
        root.mkdir()
        return root
    if kind == "missing split":
        return write_release(root, splits=("main", "withtitle"))
    if kind == "missing column":
        return write_release(root, drop_column="ground_truth")
    if kind == "unreadable parquet":
        copy = write_release(root)
        (copy / "data" / "withtitle-00000-of-00001.parquet").write_bytes(b"not a parquet file at all")
        return copy
    if kind == "corrupt image":
        return write_release(root, corrupt="animal_067_stork_notitle_Q2_px384")
    if kind == "no Q3":
        copy = write_release(root)
        rows = [r for r in release_rows()["identification"] if not r["ID"].startswith("animal_067")]
        pq.write_table(
            pa.Table.from_pylist(rows, schema=SCHEMA), copy / "data" / "identification-00000-of-00001.parquet"
        )
        return copy
    raise AssertionError(kind)


BROKEN = {
    "missing path": "does not exist",
    "a file": "is not a folder",
    "no data folder": "has no data/ folder",
    "missing split": r"has no data/identification-\*\.parquet",
    "missing column": r"does not have the columns of anvo25/vlms-are-biased \(missing \['ground_truth'\]",
    "unreadable parquet": "cannot read .* as Parquet",
    "corrupt image": "the image of row 'animal_067_stork_notitle_Q2_px384' .* cannot be decoded",
    "no Q3": "identification has no Q3 row for the image 'animal_067_stork_notitle_px384'",
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_copy_is_refused_in_one_sentence(kind: str, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=BROKEN[kind]) as caught:
        planned(ANIMALS, _broken(kind, tmp_path / "copy"), "lite")
    message = str(caught.value)
    assert message[0].islower() and "\n" not in message and message.count("; ") <= 2


# --------------------------------------------------------------------------- the command line


def _build(out: Path, source: Path, *extra: str) -> int:
    return main(["build", "vlmbias", "--config", "animals", "--config", "logos", "--source", "upstream",
                 str(source), "--out", str(out), "--workers", "1", "--no-progress", *extra])  # fmt: skip


def test_cli_builds_the_lite_preset_from_the_copy(tmp_path: Path) -> None:
    from datasets import load_dataset

    assert _build(tmp_path / "out", FIXTURE, "--preset", "lite") == 0
    folder = tmp_path / "out" / "vlmbias"
    plain, titled = released("main"), released("withtitle")
    expected = {"main": 4, "identification": 2, "withtitle": 4, "original": 2}
    for config in ("animals", "logos"):
        for split, count in expected.items():
            rows = load_dataset(str(folder), config, split=split, cache_dir=str(tmp_path / "cache"))
            assert len(rows) == count, (config, split)
            for row in rows:
                assert row["topic"] == ("Animals" if config == "animals" else "Logos")
                if split == "main":
                    source = plain[row["ID"]]
                    assert np.array_equal(np.asarray(row["image"]), pixels(source["image"]["bytes"]))
                    assert (row["prompt"], row["ground_truth"]) == (source["prompt"], source["ground_truth"])
                    assert (row["image_path"], row["metadata"]) == (source["image_path"], source["metadata"])
                if split == "withtitle":
                    assert row["ID"] in titled
                    assert row["image_path"] == titled[row["ID"]]["image_path"]
                    photo = pixels(plain[row["ID"].replace("_withtitle_", "_notitle_")]["image"]["bytes"])
                    image = np.asarray(row["image"])
                    assert image.shape[0] > photo.shape[0] and np.array_equal(image[-photo.shape[0] :], photo)
    assert main(["verify", str(folder), "--workers", "1"]) == 0
    assert main(["verify", str(folder), "--workers", "1", "--source", "upstream", str(FIXTURE)]) == 0
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["configs"]["animals"]["source"] == {  # the copy's path is never published
        "kind": "upstream",
        "path": "--source upstream DIR",
        "options": {},
    }


@pytest.mark.parametrize("kind", ["missing column", "corrupt image", "no Q3", "paper preset"])
def test_cli_refuses_a_broken_copy_and_writes_nothing(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    if kind == "paper preset":
        code, pattern = _build(out, FIXTURE, "--preset", "paper"), "the release has 546"
    else:
        code, pattern = _build(out, _broken(kind, tmp_path / "copy"), "--preset", "lite"), BROKEN[kind]
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err.startswith("error: ") and len(err.splitlines()) == 1
    assert __import__("re").search(pattern, err), err
    assert list(out.iterdir()) == []


def test_cli_refuses_upstream_for_drawn_topics(tmp_path: Path, capsys) -> None:
    code = main(["build", "vlmbias", "--config", "game_boards", "--source", "upstream", str(FIXTURE),
                 "--out", str(tmp_path), "--workers", "1"])  # fmt: skip
    assert code == 2 and "cannot use --source 'upstream'" in capsys.readouterr().err


def test_cli_in_a_subprocess_refuses_a_corrupt_copy(tmp_path: Path) -> None:
    """The documented command line, as a separate process."""
    copy = _broken("corrupt image", tmp_path / "copy")
    result = subprocess.run(
        [sys.executable, "-m", "builders", "build", "vlmbias", "--config", "animals", "--source", "upstream",
         str(copy), "--preset", "lite", "--out", str(tmp_path / "out")],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert "cannot be decoded" in result.stderr and not (tmp_path / "out" / "vlmbias").exists()


def test_upstream_without_configs_builds_the_photo_topics(tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = [
        "build",
        "vlmbias",
        "--source",
        "upstream",
        str(FIXTURE),
        "--preset",
        "lite",
        "--out",
        str(out),
    ]
    assert main([*command, "--workers", "1", "--no-progress"]) == 0
    assert sorted(json.loads((out / "vlmbias" / "manifest.json").read_text())["configs"]) == [
        "animals",
        "logos",
    ]


@pytest.mark.parametrize("option", ["--seed", "--params"])
def test_cli_refuses_a_seed_or_parameters_for_the_released_photos(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The release's photos are its own: no fresh edition, no parameter changes them."""
    params = tmp_path / "params.toml"
    params.write_text("resolutions = [768]\n", encoding="utf-8")
    out = tmp_path / "out"
    code = _build(out, FIXTURE, "--preset", "lite", option, "1" if option == "--seed" else str(params))
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.startswith("error: --source upstream re-emits the release's own photos")
    assert len(err.splitlines()) == 1 and f"leave out {option}" in err
    assert not out.exists() or list(out.iterdir()) == []
