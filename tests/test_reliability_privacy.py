"""Nothing of the user's machine is published, and nothing lands where a build deletes it (issue 29).

A build from the user's files (AIpsych's official source over the small release fixture) records
each input by its flag and a file's SHA-256, never its path: the manifest, the card, every Parquet
shard and everything `upload.py --dry-run` lists are searched for the folder the inputs live in.
`verify` re-draws such a build only from the same inputs given again. Each family's specs of user
files serialise without the input's root, and draw again once it is given back. Repository names
the Hub refuses, outputs inside a dataset folder, and a file given where a folder is needed (or the
reverse) are one sentence and exit status 2.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import upload
from builders.cli import main as builders_cli
from builders.core.family import ImageJob
from builders.core.hashing import file_sha256
from builders.core.raster import encode_png
from builders.core.source import Source
from builders.families import get_family
from eval.cli import main as eval_cli
from tests.aipsych.release import coco_release
from tests.fixtures.make_release_fixture import FIXTURE as VLMBIAS_RELEASE
from tests.illusionbench.release_fixture import write_release

#: The command lines install their own SIGINT and SIGTERM handlers; pytest gets its own back.
pytestmark = pytest.mark.usefixtures("restore_signals")

VISAGE_EXTERNAL = Path(__file__).parent / "visage" / "fixtures" / "external"


@pytest.fixture(scope="module")
def official(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """(built folder, question file, image folder): the release fixture built through the command line."""
    base = tmp_path_factory.mktemp("someones-machine")
    questions, images = coco_release(base / "inputs")
    out = base / "out"
    argv = [
        "build",
        "aipsych",
        "--source",
        "official",
        "--questions",
        str(questions),
        "--images",
        str(images),
    ]
    assert builders_cli([*argv, "--out", str(out), "--workers", "1", "--no-progress"]) == 0
    return out / "aipsych", questions, images


def _private(folder: Path) -> list[str]:
    """What must never be published: the folder the inputs and the build live in, as given and resolved."""
    base = folder.parents[1]
    return sorted({str(base), str(base.resolve()), base.name})


def _published_text(path: Path) -> str:
    """A file as anyone reading it would: its bytes, and for a shard every cell of every row too."""
    text = path.read_bytes().decode("latin-1")
    if path.suffix == ".parquet":
        rows = pq.read_table(path).drop(["image"]).to_pylist()
        text += json.dumps(rows, ensure_ascii=False, default=str)
    return text


def test_a_build_from_user_files_publishes_no_local_path(official: tuple[Path, Path, Path]) -> None:
    folder, questions, _ = official
    shards = sorted(folder.rglob("*.parquet"))
    assert shards and (folder / "README.md").is_file()
    for path in (folder / "manifest.json", folder / "README.md", *shards):
        text = _published_text(path)
        for private in _private(folder):
            assert private not in text, f"{path.name} holds {private!r}"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["configs"]["coco"]["source"] == {
        "kind": "official",
        "path": None,
        "options": {
            "images": "--images DIR",
            "questions": f"--questions FILE sha256:{file_sha256(str(questions))}",
        },
    }
    spec = next(iter(manifest["images"].values()))["spec"]
    assert spec["image_path"] == "val2014/COCO_val2014_000000000428.jpg" and "images" not in spec


def test_upload_dry_run_would_publish_no_local_path(
    official: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = official[0]
    code = upload.main([str(folder), "--repo", "org/a_b.c-d", "--version", "v1.0.0", "--dry-run"])
    shown = capsys.readouterr()
    assert code == 0, shown.err
    listed = re.findall(r"^  upload (\S+) \(\d+ bytes\)$", shown.out, re.MULTILINE)
    assert {"README.md", "manifest.json"} < set(listed) and any(name.endswith(".parquet") for name in listed)
    for name in listed:
        text = _published_text(folder / name)
        assert not [private for private in _private(folder) if private in text], name
    assert "--source official --images DIR --questions FILE" in shown.err  # how to re-draw its photos


def test_verify_redraws_user_files_only_when_given_them_again(
    official: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, questions, images = official
    assert builders_cli(["verify", str(folder), "--workers", "1"]) == 0
    shown = capsys.readouterr()
    assert "0 configs re-planned, 0 images re-drawn" in shown.out
    assert shown.err.count("\n") == 1 and shown.err.startswith("note: config coco was read from your files")
    assert shown.err.rstrip().endswith(
        "pass verify the inputs it was built from: --source official --images DIR --questions FILE"
    )

    again = ["--images", str(images), "--questions", str(questions)]
    assert builders_cli(["verify", str(folder), "--workers", "1", *again]) == 0
    assert "1 configs re-planned, 2 images re-drawn" in capsys.readouterr().out

    other = tmp_path / "same-records-other-bytes.json"
    other.write_text(
        json.dumps(json.loads(questions.read_text(encoding="utf-8")), indent=2), encoding="utf-8"
    )
    assert (
        builders_cli(
            ["verify", str(folder), "--workers", "1", "--images", str(images), "--questions", str(other)]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert (
        f"--questions FILE sha256:{file_sha256(str(questions))}" in err and "not from the inputs given" in err
    )

    assert builders_cli(["verify", str(folder), "--source", "release", str(images)]) == 2
    assert "has no config built from --source release" in capsys.readouterr().err


def test_a_file_where_a_folder_is_needed_is_named_as_such(
    official: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, questions, images = official
    argv = ["build", "aipsych", "--source", "official", "--out", str(tmp_path / "out"), "--no-progress"]
    assert builders_cli([*argv, "--questions", str(questions), "--images", str(questions)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: --images {str(questions)!r} is a file, not a folder; pass a folder\n"
    assert builders_cli([*argv, "--questions", str(images), "--images", str(images)]) == 2
    assert "is a folder, not a file; pass a file" in capsys.readouterr().err
    assert (
        builders_cli(["verify", str(folder), "--images", str(questions), "--questions", str(questions)]) == 2
    )
    assert "is a file, not a folder" in capsys.readouterr().err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize(
    "command",
    [
        ["report", "model=score.json", "--out", "{folder}/report"],
        ["tasks", "aipsych", "--data", "{folder}", "--out", "{folder}/tasks"],
        ["export", "vlmevalkit", "--data", "{folder}", "--config", "coco", "--out", "{folder}/coco.tsv"],
    ],
)
def test_eval_refuses_to_write_inside_a_dataset_folder(
    official: tuple[Path, Path, Path], command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = official[0]
    before = sorted(folder.rglob("*"))
    assert eval_cli([word.format(folder=folder) for word in command]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"is inside the dataset folder {str(folder)!r}" in err
    assert sorted(folder.rglob("*")) == before


@pytest.mark.parametrize("repo", ["org/name..", "org/a--b", "org/x.", "org/" + "n" * 200, "org/x.git"])
def test_upload_refuses_repository_names_the_hub_refuses(
    official: tuple[Path, Path, Path], repo: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert upload.main([str(official[0]), "--repo", repo, "--version", "v1.0.0", "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: the Hub refuses the repository name {repo!r} (") and err.count("\n") == 1


def _user_file_jobs(family: str, config: str, preset: str, source: Source) -> list[ImageJob]:
    return list(get_family(family).jobs(config, preset, source))


@pytest.mark.parametrize("family", ["aipsych", "visage", "illusionbench", "vlmbias"])
def test_every_familys_user_file_specs_name_no_root_and_draw_again_once_given_it(
    family: str, tmp_path: Path
) -> None:
    if family == "aipsych":
        questions, images = coco_release(tmp_path / "inputs")
        source = Source("official", None, (("images", str(images)), ("questions", str(questions))))
        config, preset, roots = "coco", "paper", [str(images)]
    elif family == "visage":
        tuples, photos = (VISAGE_EXTERNAL / "tuples.csv").resolve(), (VISAGE_EXTERNAL / "photos").resolve()
        source = Source("tuples", str(tuples), (("images", str(photos)),))
        config, preset, roots = "external", "lite", [str(photos)]
    elif family == "illusionbench":
        release = write_release(tmp_path / "release")
        source, config, preset, roots = Source("release", str(release)), "classic", "paper", [str(release)]
    else:
        copy = VLMBIAS_RELEASE.resolve()
        source, config, preset, roots = Source("upstream", str(copy)), "animals", "lite", [str(copy)]
    jobs = _user_file_jobs(family, config, preset, source)
    registry = get_family(family).spec_registry
    for job in jobs:
        recorded = json.dumps(job.spec.to_dict(), ensure_ascii=False)
        assert not [root for root in roots if root in recorded], recorded
        assert job.spec.spec_hash == registry.load(job.spec.to_dict()).spec_hash
    first = jobs[0]
    loaded = registry.load(json.loads(json.dumps(first.spec.to_dict())))
    assert loaded.inputs_missing() and not first.spec.inputs_missing()
    again = ImageJob(
        config=first.config, image_id=first.image_id, spec=loaded.with_inputs(source.roots()), role=first.role
    )
    drawn, redrawn = (encode_png(get_family(family).draw([job])[0]).pixel_sha256 for job in (first, again))
    assert drawn == redrawn
    published = json.dumps(source.published().to_dict())
    assert not [root for root in roots if root in published], published
