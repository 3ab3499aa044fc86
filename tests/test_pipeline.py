"""End to end: real builds, read back by `datasets`, verified, broken on purpose.

The small builds and checks here draw and decode in this process (`workers=1`, `--workers 1`): the
suite's workers already share the cores, and a pool would add only its workers' start-up. Pools are
exercised by the killed builds below, by `verify`'s decoding with two workers, and by every shared
build of the session.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import psutil
import pyarrow.parquet as pq
import pytest
import yaml
from datasets import get_dataset_config_names, load_dataset

import builders.core.build as build_module
from builders.core.build import build, rendered
from builders.core.errors import UsageError
from builders.core.folder import BuiltFolder
from builders.core.request import default_workers
from builders.core.verify import verify
from builders.families import get_family
from builders.vlmbias.columns import RELEASED_COLUMNS
from builders.vlmbias.family import FAMILY
from builders.vlmbias.schema import SCHEMA
from builders.vlmbias.topic import Plan

#: The released benchmark's six splits (spec §2.1).
RELEASED_SPLITS = (
    "main",
    "identification",
    "withtitle",
    "original",
    "remove_background_q1q2",
    "remove_background_q3",
)

ROOT = Path(__file__).resolve().parents[1]

PAPER_COUNTS = {
    ("patterned_grids", "main"): 336,
    ("patterned_grids", "identification"): 168,
    ("patterned_grids", "withtitle"): 336,
    ("game_boards", "main"): 168,
    ("game_boards", "identification"): 84,
    ("game_boards", "withtitle"): 168,
    ("game_boards", "original"): 24,
    ("chess_pieces", "main"): 288,
    ("chess_pieces", "identification"): 144,
    ("chess_pieces", "withtitle"): 288,
    ("chess_pieces", "original"): 12,
    ("flags", "main"): 240,
    ("flags", "identification"): 120,
    ("flags", "withtitle"): 240,
    ("flags", "original"): 120,
    ("optical_illusions", "main"): 792,
    ("optical_illusions", "identification"): 396,
    ("optical_illusions", "withtitle"): 792,
    ("optical_illusions", "original"): 18,
    ("animals", "main"): 546,
    ("animals", "identification"): 273,
    ("animals", "withtitle"): 546,
    ("animals", "original"): 273,
    ("logos", "main"): 414,
    ("logos", "identification"): 207,
    ("logos", "withtitle"): 414,
    ("logos", "original"): 30,
}


def cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run `python -m builders ...` as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "builders", *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )


@pytest.mark.parametrize(("config", "split"), sorted(PAPER_COUNTS))
def test_paper_preset_loads_offline_with_the_paper_counts_and_schema(load_split, config, split):
    ds = load_split(config, split)
    assert ds.num_rows == PAPER_COUNTS[(config, split)]
    assert ds.features == SCHEMA.features
    assert list(ds.column_names[: len(RELEASED_COLUMNS)]) == list(RELEASED_COLUMNS)
    assert set(ds["config"]) == {config}
    rows_per_image = {"main": 2, "identification": 1, "withtitle": 2}.get(split)
    if split == "original":  # the naming question and Q1; animals Q1 only, illusions the naming question
        rows_per_image = 1 if config in ("animals", "optical_illusions") else 2
    assert set(Counter(ds["image_id"]).values()) == {rows_per_image}
    assert len(set(ds["ID"])) == ds.num_rows
    for row in ds.select(range(0, ds.num_rows, 7)):
        image = row["image"]
        assert image.size == (row["width"], row["height"]) and image.width == row["pixel"]
        assert row["pixel"] in (384, 768, 1152)
        assert image.convert("RGB").mode == "RGB" and image.mode == "RGB"
        assert row["with_title"] == (split == "withtitle")


def test_no_two_counterfactual_images_are_pixel_identical(paper_build):
    manifest = json.loads((paper_build / "manifest.json").read_text())
    counterfactual = [v for v in manifest["images"].values() if v["role"] == "counterfactual"]
    assert len({v["pixel_sha256"] for v in counterfactual}) == len(counterfactual)


def test_readme_declares_every_config_and_split(paper_build):
    assert get_dataset_config_names(str(paper_build)) == ["all", *sorted(FAMILY.configs)]
    card = (paper_build / "README.md").read_text()
    assert "config_name: patterned_grids" in card and "path: game_boards/main-*.parquet" in card
    for path in paper_build.glob("*/*.parquet"):
        assert path.name.split("-")[0] in RELEASED_SPLITS
        assert pq.ParquetFile(path).metadata.row_group(0).num_rows <= 100


def test_the_all_config_globs_every_topic_without_bytes_of_its_own(paper_build, load_split):
    assert not (paper_build / "all").exists()
    assert [load_split("all", s).num_rows for s in ("main", "identification", "withtitle")] == [
        2784,
        1392,
        2784,
    ]
    for split in ("main", "identification", "withtitle", "original"):
        union = load_split("all", split)
        configs = [c for c in sorted(FAMILY.configs) if (c, split) in PAPER_COUNTS]
        parts = [load_split(config, split) for config in configs]
        assert union.num_rows == sum(part.num_rows for part in parts)
        assert sorted(union["ID"]) == sorted(i for part in parts for i in part["ID"])
        assert union.features == SCHEMA.features


def test_all_is_the_default_config_as_the_release_is_one(paper_build, hf_cache):
    """`load_dataset(repo, split=...)` without a config name reads `all`, like the release's single config;
    its `original` split is about the release's size (462 rows; its makeup is not public), without
    patterned grids, as the paper's sanity check and the release have none."""
    card = (paper_build / "README.md").read_text()
    front = yaml.safe_load(card.split("---\n")[1])
    assert [config["config_name"] for config in front["configs"] if config.get("default")] == ["all"]
    for split, rows in (("main", 2784), ("original", 477)):
        assert load_dataset(str(paper_build), split=split, cache_dir=str(hf_cache)).num_rows == rows
    assert "patterned_grids/original" not in card


@pytest.fixture(scope="module")
def two_topics(built) -> Path:
    """VLMBias's game boards and patterned grids at the lite preset, the session's (also the gallery's
    and the upload tests'): the command line's checks read every image of it, so a small build."""
    return built("vlmbias", "lite", configs=["game_boards", "patterned_grids"])


def test_verify_passes_on_an_untouched_build(two_topics):
    """The command line's success path; every family's contract test re-draws its lite build."""
    result = cli("verify", str(two_topics), "--no-redraw", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "matches its manifest" in result.stdout


def test_verify_fails_clearly_after_one_byte_of_a_shard_is_flipped(two_topics, tmp_path):
    copy = tmp_path / "vlmbias"
    shutil.copytree(two_topics, copy)
    shard = copy / "game_boards" / "main-00000-of-00001.parquet"
    data = bytearray(shard.read_bytes())
    data[len(data) // 2] ^= 0xFF
    shard.write_bytes(bytes(data))
    result = cli("verify", str(copy), "--no-redraw", "--workers", "1")
    assert result.returncode == 1
    assert "shard game_boards/main-00000-of-00001.parquet differs from the manifest" in result.stderr
    assert "does not match its manifest" in result.stderr


@pytest.mark.parametrize("workers", [1, 2])
def test_verify_re_draws_each_image_and_names_one_its_spec_no_longer_draws(tiny_build, tmp_path, workers):
    """The re-draw hashes each image drawn again from its spec against the manifest, in this process
    and in a pool: an image given another image's spec (one that loads and draws) is named."""
    folder = tmp_path / tiny_build.name
    shutil.copytree(tiny_build, folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    first, *_, last = sorted(manifest["images"])
    manifest["images"][last]["spec"] = manifest["images"][first]["spec"]
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    report = verify(BuiltFolder(folder), get_family("viprobe"), workers=workers)
    redrawn = [problem for problem in report.problems if "re-drawn from its spec differs" in problem]
    assert redrawn == [f"image {last} re-drawn from its spec differs from the manifest"]
    assert report.images_redrawn == len(manifest["images"])


def _drawing_workers() -> int:
    """Pool workers this process has started and not yet ended."""
    return sum("spawn_main" in " ".join(child.cmdline()) for child in psutil.Process().children())


def test_by_default_a_small_build_draws_in_its_own_process_and_a_pool_draws_the_same(monkeypatch):
    """Fifteen images are under a second of drawing: no worker starts. A pool, made worth it for any
    work, starts one worker per core (at most one per image) and gives the same pictures in order."""
    family = get_family("viprobe")
    jobs = list(family.jobs("muller_lyer", "lite"))
    with rendered(family, jobs, None) as results:
        assert _drawing_workers() == 0
        here = [(job.image_id, picture.pixel_sha256) for job, picture, _ in results]
    monkeypatch.setattr(build_module, "PROBE_SECONDS", 0.0)
    monkeypatch.setattr(build_module, "POOL_WORTH_SECONDS", -1.0)
    with rendered(family, jobs, None) as results:
        assert _drawing_workers() == min(len(jobs), default_workers())
        pooled = [(job.image_id, picture.pixel_sha256) for job, picture, _ in results]
    assert len(here) == 15 and pooled == here


def test_verify_catches_a_card_that_no_longer_matches(two_topics, tmp_path):
    folder = shutil.copytree(two_topics, tmp_path / "vlmbias")
    card = folder / "README.md"
    text = card.read_text()
    assert "num_examples: 56" in text  # game boards' main split
    card.write_text(text.replace("num_examples: 56", "num_examples: 57"))
    result = cli("verify", str(folder), "--no-redraw", "--workers", "1")
    assert result.returncode == 1 and "README.md differs" in result.stderr


def test_building_one_config_keeps_the_others(tmp_path, hf_cache):
    family = get_family("vlmbias")
    build(family, configs=["patterned_grids"], preset="lite", out=tmp_path, progress=False, workers=1)
    folder = build(
        family, configs=["game_boards"], preset="lite", out=tmp_path, progress=False, workers=1
    ).folder
    assert get_dataset_config_names(str(folder)) == ["all", "game_boards", "patterned_grids"]
    grids = load_dataset(str(folder), "patterned_grids", split="main", cache_dir=str(hf_cache))
    assert grids.num_rows == 24
    assert cli("verify", str(folder), "--workers", "1").returncode == 0


def test_list_names_families_configs_and_presets():
    result = cli("list")
    assert result.returncode == 0
    assert (
        "vlmbias" in result.stdout and "patterned_grids" in result.stdout and "paper, lite" in result.stdout
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["build", "nope"], "unknown family 'nope'; choose one of: vlmbias, viprobe"),
        (
            ["build", "vlmbias", "--config", "flag"],
            "unknown config 'flag' for family 'vlmbias'; choose from:",
        ),
        (["build", "vlmbias", "--preset", "huge"], "unknown preset 'huge'; choose from: paper, lite"),
        (["build", "vlmbias", "--workers", "0"], "--workers must be at least 1"),
        (["verify", "/nonexistent/vlmbias"], "is not a folder"),
    ],
)
def test_bad_input_gets_one_clear_sentence_and_a_nonzero_exit(args, message, tmp_path):
    out = ["--out", str(tmp_path)] if args[0] == "build" else []
    result = cli(*args, *out)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())


def test_unwritable_out_is_refused_without_writing_anything(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    result = cli("build", "vlmbias", "--preset", "lite", "--out", str(blocker / "out"))
    assert result.returncode == 2 and "cannot create output folder" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_a_folder_that_is_not_a_build_is_never_overwritten(tmp_path):
    (tmp_path / "vlmbias").mkdir()
    (tmp_path / "vlmbias" / "notes.txt").write_text("mine")
    result = cli("build", "vlmbias", "--preset", "lite", "--out", str(tmp_path))
    assert result.returncode == 2 and "is not a dataset folder written by `build`" in result.stderr
    assert (tmp_path / "vlmbias" / "notes.txt").read_text() == "mine"


def test_verify_on_a_folder_without_manifest_says_so(tmp_path):
    result = cli("verify", str(tmp_path))
    assert (
        result.returncode == 2
        and "has no manifest.json, so it is not a folder written by `build`" in result.stderr
    )


def _start_build(out: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "builders", "build", "vlmbias", "--out", str(out), "--workers", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for_partial_shards(out: Path, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if any(out.glob(".vlmbias.partial-*/*/*.parquet")):
            time.sleep(0.2)  # its workers are drawing the next images (the paper build takes minutes)
            return
        time.sleep(0.1)
    pytest.fail("the build never started writing shards")


def test_a_build_terminated_half_way_leaves_nothing_behind(tmp_path):
    process = _start_build(tmp_path)
    _wait_for_partial_shards(tmp_path, process)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "interrupted; nothing was written" in stderr
    assert list(tmp_path.iterdir()) == []


def test_a_build_killed_half_way_leaves_no_dataset_and_the_next_build_sweeps_up(tmp_path):
    process = _start_build(tmp_path)
    _wait_for_partial_shards(tmp_path, process)
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=60)
    time.sleep(0.5)  # orphaned workers notice their parent is gone
    assert not (tmp_path / "vlmbias").exists()
    family = get_family("vlmbias")
    build(family, configs=["game_boards"], preset="lite", out=tmp_path, progress=False, workers=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["vlmbias"]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            ["upstream", "/nonexistent/release"],
            "--source upstream path '/nonexistent/release' does not exist",
        ),
        (
            ["upstream", "."],
            "config 'game_boards' of family 'vlmbias' cannot use --source 'upstream'; this family's sources",
        ),
        (["nonsense"], "family 'vlmbias' reads no --source 'nonsense'; this family's sources"),
        (["embedded", "--images", "."], "--source embedded takes no path or --questions, --images"),
        (["upstream", ".", "--images", "/no/photos"], "--images '/no/photos' does not exist"),
        (["upstream", ".", "x"], "--source 'upstream . x' is not understood"),
    ],
)
def test_sources_a_config_cannot_use_are_refused_before_writing(tmp_path, source, message):
    out = tmp_path / "out"
    result = cli("build", "vlmbias", "--config", "game_boards", "--out", str(out), "--source", *source)
    assert result.returncode == 2 and message in result.stderr
    assert not out.exists()


def test_a_config_that_plans_no_images_is_refused_before_writing(tmp_path, monkeypatch):
    """A config with no rows would be recorded with no files, and `datasets` refuses such a folder."""
    family = get_family("vlmbias")
    topic = family.topics["game_boards"]
    monkeypatch.setattr(type(topic), "plan", lambda self, params, edition: Plan((), ()))
    with pytest.raises(
        UsageError, match="config 'game_boards' of family 'vlmbias' has no images under preset"
    ):
        build(family, configs=["game_boards"], preset="lite", out=tmp_path / "out", progress=False)
    assert not (tmp_path / "out" / "vlmbias").exists()


@pytest.mark.parametrize("workers", [1, 2])
def test_verify_decodes_every_stored_image_and_names_each_that_differs(tiny_build, tmp_path, workers):
    """Stored pixels are checked image by image, in workers or not: a swapped image and a corrupt one."""
    copy = tmp_path / "copy"
    shutil.copytree(tiny_build, copy)
    shard = sorted(copy.glob("muller_lyer/*.parquet"))[0]
    table = pq.read_table(shard)
    images = table.column("image").to_pylist()
    first = images[0]["path"]
    second = next(image["path"] for image in images if image["bytes"] != images[0]["bytes"])
    swapped = next(image["bytes"] for image in images if image["path"] == second)
    for i, image in enumerate(images):  # every row of the first image shows the second's pixels
        if image["path"] == first:
            images[i] = {**image, "bytes": swapped}
        elif image["path"] == second:  # every row of the second is not a PNG
            images[i] = {**image, "bytes": b"\x89PNG not really"}
    pq.write_table(table.set_column(table.schema.get_field_index("image"), "image", [images]), shard)

    report = verify(BuiltFolder(copy), get_family("viprobe"), workers=workers, redraw=False)
    differing = [p for p in report.problems if "has different pixels than the manifest" in p]
    named = {problem.split()[1] for problem in differing}
    assert named == {Path(first).stem, Path(second).stem}
    assert len(differing) == sum(image["path"] in (first, second) for image in images)  # one per row
    assert report.rows_checked == sum(
        pq.ParquetFile(path).metadata.num_rows for path in copy.rglob("*.parquet")
    )
