"""Publishing: the dataset card's YAML against the Parquet files, and upload.py against a fake Hub."""

from __future__ import annotations

import dataclasses
import io
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from datasets import Features, load_dataset
from huggingface_hub import CommitOperationAdd, CommitOperationDelete, DatasetCard

import upload
from builders import __version__
from builders.core.folder import BuiltFolder
from builders.vlmbias.family import FAMILY
from builders.vlmbias.schema import SCHEMA

TOKEN = "hf_test_token_never_printed_123"


@pytest.fixture(scope="module")
def lite(lite_build: Path) -> Path:
    """The session's VLMBias lite build: read, never written (a test that damages a folder copies it)."""
    return lite_build


@pytest.fixture(scope="module")
def small(built) -> Path:
    """The session's lite build of two topics, which uploads read (verify decodes every image of it)."""
    return built("vlmbias", "lite", configs=["game_boards", "patterned_grids"])


def test_card_yaml_parses_and_matches_the_parquet_files_exactly(lite, hf_cache):
    card = DatasetCard.load(lite / "README.md")
    data = card.data.to_dict()
    assert data["license"] == "mit" and data["pretty_name"].startswith("VLMBias")
    assert {"visual-question-answering"} <= set(data["task_categories"]) and data["size_categories"]
    configs = {entry["config_name"]: entry for entry in data["configs"]}
    infos = {entry["config_name"]: entry for entry in data["dataset_info"]}
    assert sorted(configs) == sorted(infos) == sorted(["all", *FAMILY.configs])
    for name, entry in configs.items():
        declared_splits = {s["name"]: s["num_examples"] for s in infos[name]["splits"]}
        for files in entry["data_files"]:
            patterns = files["path"] if isinstance(files["path"], list) else [files["path"]]
            shards = sorted(shard for pattern in patterns for shard in lite.glob(pattern))
            assert shards, files
            rows = sum(pq.ParquetFile(shard).metadata.num_rows for shard in shards)
            assert rows == declared_splits[files["split"]]
        assert Features._from_yaml_list(infos[name]["features"]) == SCHEMA.features
        loaded = load_dataset(str(lite), name, split="main", cache_dir=str(hf_cache))
        assert loaded.features == SCHEMA.features


def test_card_states_how_it_was_made_and_how_to_use_it(lite):
    text = (lite / "README.md").read_text()
    for needle in (
        f"Builder version: `{__version__}`",
        "Manifest SHA-256",
        'load_dataset("<org>/vlmbias"',
        "lmms-eval",
        "How many rows are there on this board?",
        "Differences from the release",
        "@article{vo2025",
        "DejaVu Sans",
        "SIL Open Font License",
    ):
        assert needle in text, needle


@dataclasses.dataclass
class Ref:
    name: str
    target_commit: str


@dataclasses.dataclass
class Refs:
    tags: list[Ref]


@dataclasses.dataclass
class Commit:
    oid: str


class FakeHub:
    """An in-memory dataset repo with the HfApi calls publishing uses; can fail on demand."""

    def __init__(self, files: dict[str, bytes] | None = None, tags: dict[str, str] | None = None) -> None:
        self.files = dict(files or {})
        self.tags = dict(tags or {})
        self.commits: list[dict[str, bytes]] = []
        self.calls: list[str] = []
        self.fail_on: str | None = None

    def _call(self, name: str) -> None:
        self.calls.append(name)
        if self.fail_on == name:
            raise ConnectionError(f"{name} timed out")

    def create_repo(self, repo_id, *, repo_type, private=False, exist_ok=False):
        self._call("create_repo")
        assert repo_type == "dataset" and exist_ok

    def list_repo_refs(self, repo_id, *, repo_type):
        self._call("list_repo_refs")
        return Refs([Ref(name, oid) for name, oid in self.tags.items()])

    def list_repo_files(self, repo_id, *, repo_type):
        self._call("list_repo_files")
        return sorted(self.files)

    def create_commit(self, repo_id, operations, *, commit_message, repo_type):
        self._call("create_commit")
        files = dict(self.files)
        for op in operations:
            if isinstance(op, CommitOperationAdd):
                files[op.path_in_repo] = Path(op.path_or_fileobj).read_bytes()
            else:
                assert isinstance(op, CommitOperationDelete)
                del files[op.path_in_repo]
        self.files = files
        self.commits.append(files)
        return Commit(oid=f"{len(self.commits):040x}")

    def create_tag(self, repo_id, *, tag, revision, tag_message, exist_ok, repo_type):
        self._call("create_tag")
        assert not exist_ok and tag not in self.tags
        self.tags[tag] = revision


def run(argv: list[str], api: FakeHub | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = upload.main(argv, api=api)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def token(monkeypatch):
    monkeypatch.setenv("HF_TOKEN", TOKEN)


def test_dry_run_lists_every_operation_and_the_tag_without_network(small):
    hub = FakeHub()
    code, out, err = run([str(small), "--repo", "org/vlmbias", "--version", "v1.0.0", "--dry-run"], api=hub)
    assert code == 0, err
    assert hub.calls == []
    for path in ("README.md", "manifest.json", "game_boards/main-00000-of-00001.parquet"):
        assert f"upload {path} (" in out
    assert "tag that commit v1.0.0" in out and 'revision="v1.0.0"' in out
    assert TOKEN not in out + err


def test_upload_commits_once_removes_stale_shards_and_tags(small):
    stale = {"game_boards/main-00000-of-00002.parquet": b"old", ".gitattributes": b"*.parquet lfs"}
    hub = FakeHub(files=stale)
    code, out, err = run([str(small), "--repo", "org/vlmbias", "--version", "v1.0.0", "--no-redraw"], api=hub)
    assert code == 0, err
    assert hub.calls.count("create_commit") == 1 and len(hub.commits) == 1
    assert "game_boards/main-00000-of-00002.parquet" not in hub.files and ".gitattributes" in hub.files
    local = {p.relative_to(small).as_posix() for p in small.rglob("*") if p.is_file()}
    assert local <= set(hub.files)
    assert hub.files["manifest.json"] == (small / "manifest.json").read_bytes()
    assert hub.tags == {"v1.0.0": f"{1:040x}"}
    assert 'revision="v1.0.0"' in out and TOKEN not in out + err


def test_an_existing_tag_is_never_moved(small):
    hub = FakeHub(tags={"v1.0.0": "a" * 40})
    code, _, err = run([str(small), "--repo", "org/vlmbias", "--version", "v1.0.0", "--no-redraw"], api=hub)
    assert code == 2 and "tag v1.0.0 already exists" in err and "never moved" in err
    assert "create_commit" not in hub.calls and hub.tags == {"v1.0.0": "a" * 40}


def test_a_failure_half_way_creates_no_tag_says_so_and_can_be_rerun(small):
    hub = FakeHub()
    hub.fail_on = "create_commit"
    code, _, err = run([str(small), "--repo", "org/vlmbias", "--version", "v1.0.0", "--no-redraw"], api=hub)
    assert (
        code == 2 and "failed before anything was committed" in err and "safe to run the same command" in err
    )
    assert hub.tags == {} and hub.files == {}
    assert len(err.strip().splitlines()) == 1 and TOKEN not in err
    hub.fail_on = None
    code, _, err = run([str(small), "--repo", "org/vlmbias", "--version", "v1.0.0", "--no-redraw"], api=hub)
    assert code == 0, err
    assert list(hub.tags) == ["v1.0.0"]


def test_a_failed_tag_after_the_commit_is_reported_and_a_rerun_tags(small):
    hub = FakeHub()
    hub.fail_on = "create_tag"
    code, _, err = run([str(small), "--repo", "org/vlmbias", "--version", "v1.0.0", "--no-redraw"], api=hub)
    assert code == 2 and "was uploaded but tagging it v1.0.0 failed" in err
    hub.fail_on = None
    assert run([str(small), "--repo", "org/vlmbias", "--version", "v1.0.0", "--no-redraw"], api=hub)[0] == 0
    assert hub.tags["v1.0.0"] == f"{2:040x}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--repo", "org/vlmbias", "--version", "1.0"], "is not of the form vX.Y.Z"),
        (["--repo", "vlmbias", "--version", "v1.0.0"], "is not of the form ORG/NAME"),
    ],
)
def test_bad_arguments_are_refused_before_any_network(small, args, message):
    hub = FakeHub()
    code, _, err = run([str(small), *args], api=hub)
    assert code == 2 and message in err and hub.calls == []


def test_a_folder_that_fails_verification_is_not_uploaded(small, tmp_path):
    import shutil

    copy = tmp_path / "vlmbias"
    shutil.copytree(small, copy)
    shard = copy / "patterned_grids" / "main-00000-of-00001.parquet"
    data = bytearray(shard.read_bytes())
    data[len(data) // 3] ^= 0x01
    shard.write_bytes(bytes(data))
    hub = FakeHub()
    code, _, err = run([str(copy), "--repo", "org/vlmbias", "--version", "v1.0.0", "--no-redraw"], api=hub)
    assert code == 1 and "does not match its manifest" in err and hub.calls == []


def test_a_missing_folder_gets_one_clear_sentence(tmp_path):
    code, _, err = run([str(tmp_path / "nope"), "--repo", "org/x", "--version", "v1.0.0"], api=FakeHub())
    assert code == 2 and err.startswith("error: ") and "is not a folder; pass a built dataset folder" in err
    assert not os.path.exists(tmp_path / "nope")


def test_verify_flags_shards_the_hub_viewer_cannot_page(small, tmp_path):
    import shutil

    from builders.core.verify import verify

    copy = tmp_path / "vlmbias"
    shutil.copytree(small, copy)
    shard = copy / "game_boards" / "main-00000-of-00001.parquet"
    import pyarrow as pa

    table = pa.concat_tables([pq.read_table(shard)] * 3)
    pq.write_table(table, shard, row_group_size=table.num_rows)
    (copy / "game_boards" / "main-00001-of-00001.parquet").write_bytes(b"stray")
    problems = verify(BuiltFolder(copy), FAMILY, redraw=False).problems
    assert (
        "shard game_boards/main-00000-of-00001.parquet has a row group of 168 rows (at most 100)" in problems
    )
    assert any(
        "matches ['game_boards/main-00000-of-00001.parquet', 'game_boards/main-00001-of-00001" in p
        for p in problems
    )
