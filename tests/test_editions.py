"""Editions and parameters: the contract every family meets.

The canonical edition (no `--seed`) is exactly what it was (recorded pixel digests, lite here and
paper in the slow tier); a fresh edition keeps the plan (configs, splits, image ids, row ids) and
redraws at least half of the images; the same seed gives the same bytes; `verify` re-plans and
re-draws a fresh edition; `params` output fed back with `--params` rebuilds the preset exactly; a
bad parameter file is one sentence, exit 2 and nothing on disk.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from builders.core.build import build
from builders.core.folder import BuiltFolder
from builders.core.hashing import file_sha256
from builders.core.manifest import Manifest
from builders.core.params import Parameters
from builders.core.verify import verify
from builders.families import family_names, get_family
from tests.fixtures.make_canonical_editions import FIXTURE, pixel_digest

FAMILIES = family_names()
CANONICAL = json.loads(FIXTURE.read_text(encoding="utf-8"))
ROOT = Path(__file__).resolve().parents[1]

Seeded = Callable[[str, int], Path]


@pytest.mark.parametrize("name", FAMILIES)
def test_every_family_draws_fresh_editions_and_takes_parameters(name: str) -> None:
    family = get_family(name)
    assert family.draws_editions and family.edition_note
    assert family.parameters is not None


@pytest.fixture(scope="module")
def seeded(built) -> Seeded:
    """`seeded(family, seed)` -> the lite build of that edition, the session's (shared)."""
    return lambda name, seed: built(name, "lite", edition=seed)


def plan(folder: Path) -> dict[str, object]:
    """What an edition keeps: configs, splits, image ids and every split's row ids in order."""
    manifest = Manifest.read(folder)
    rows = {}
    for config, entry in manifest.configs.items():
        for split, stats in entry.splits.items():
            rows[(config, split)] = [
                row_id
                for path in stats.files
                for row_id in pq.read_table(folder / path, columns=["id"])["id"].to_pylist()
            ]
    return {"configs": sorted(manifest.configs), "images": sorted(manifest.images), "rows": rows}


@pytest.mark.parametrize("name", FAMILIES)
def test_the_canonical_lite_edition_is_the_recorded_one(name, built):
    folder = built(name, "lite")
    assert Manifest.read(folder).edition is None
    assert pixel_digest(folder) == CANONICAL[name]["lite"]["pixels"], (
        "a canonical image moved: if on purpose, bump the builder version and re-record "
        "tests/fixtures/canonical_editions.json"
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
def test_the_canonical_paper_edition_is_the_recorded_one(name, built):
    assert pixel_digest(built(name)) == CANONICAL[name]["paper"]["pixels"]


@pytest.mark.parametrize("name", FAMILIES)
def test_an_edition_keeps_the_plan_and_redraws_at_least_half_the_images(name, built, seeded):
    canonical, one, two = built(name, "lite"), seeded(name, 1), seeded(name, 2)
    assert plan(one) == plan(canonical) == plan(two)
    first, second = Manifest.read(one), Manifest.read(two)
    assert (first.edition, second.edition) == (1, 2)
    redrawn = [i for i in first.images if first.images[i].pixel_sha256 != second.images[i].pixel_sha256]
    assert len(redrawn) >= len(first.images) / 2, f"only {len(redrawn)} of {len(first.images)} images differ"
    card = (one / "README.md").read_text(encoding="utf-8")
    assert "- Edition: fresh, seed 1: drawn fresh by see-or-recall" in card


@pytest.mark.parametrize("name", FAMILIES)
def test_the_same_seed_twice_gives_the_same_bytes(name, seeded, tmp_path):
    first = seeded(name, 1)
    again = build(get_family(name), preset="lite", out=tmp_path, progress=False, edition=1, workers=1).folder
    assert (first / "manifest.json").read_bytes() == (again / "manifest.json").read_bytes()
    assert (first / "README.md").read_bytes() == (again / "README.md").read_bytes()
    for path in Manifest.read(first).files:
        assert file_sha256(str(first / path)) == file_sha256(str(again / path)), path


@pytest.mark.parametrize("name", FAMILIES)
def test_verify_re_plans_and_re_draws_a_fresh_edition(name, seeded, tmp_path):
    folder = seeded(name, 1)
    manifest = Manifest.read(folder)
    report = verify(BuiltFolder(folder), get_family(name), workers=1)
    assert report.ok, report.problems
    assert report.images_redrawn == len(manifest.images)
    assert report.configs_replanned == len(manifest.configs)
    # The same specs under another recorded edition are not what that edition plans.
    copy = shutil.copytree(folder, tmp_path / folder.name)
    data = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    data["edition"] = 2
    (copy / "manifest.json").write_text(json.dumps(data), encoding="utf-8")
    problems = verify(BuiltFolder(copy), get_family(name), redraw=False).problems
    assert any(
        "re-planned from preset 'lite', its parameters and the edition of seed 2 differs" in p
        for p in problems
    )


def cli(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "builders", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.parametrize("name", FAMILIES)
def test_params_output_fed_back_rebuilds_the_preset_byte_for_byte_with_one_worker(name, built, tmp_path):
    """Also the family contract's determinism: the session's lite build used every core."""
    printed = cli("params", name, "--preset", "lite", cwd=ROOT)
    assert printed.returncode == 0, printed.stderr
    (tmp_path / "p.toml").write_text(printed.stdout, encoding="utf-8")
    params = ("--params", tmp_path / "p.toml", "--workers", "1")
    made = cli("build", name, "--preset", "lite", *params, "--out", tmp_path / "out", cwd=ROOT)
    assert made.returncode == 0, made.stderr
    canonical = built(name, "lite")
    rebuilt = tmp_path / "out" / canonical.name
    assert (rebuilt / "manifest.json").read_bytes() == (canonical / "manifest.json").read_bytes()
    assert (rebuilt / "README.md").read_bytes() == (canonical / "README.md").read_bytes()
    for path in Manifest.read(canonical).files:
        assert file_sha256(str(canonical / path)) == file_sha256(str(rebuilt / path)), path


def leaves(params: Parameters, prefix: str = "") -> list[tuple[str, object, dataclasses.Field]]:
    """(dotted key, value, field) of every scalar or list parameter, in declaration order."""
    found = []
    for field in dataclasses.fields(params):
        value = getattr(params, field.name)
        if isinstance(value, Parameters):
            found += leaves(value, f"{prefix}{field.name}.")
        else:
            found.append((f"{prefix}{field.name}", value, field))
    return found


def assignment(key: str, value: str) -> str:
    """TOML setting dotted `key` (its table, then the key) to the TOML text `value`."""
    *tables, leaf = key.split(".")
    return (f"[{'.'.join(tables)}]\n" if tables else "") + f"{leaf} = {value}\n"


def bad_files(name: str) -> dict[str, tuple[str, str]]:
    """Five kinds of broken parameter file for `name`, each with what its one sentence must say."""
    family = get_family(name)
    params = leaves(family.preset_parameters(family.default_preset))
    key, value, _ = params[0]
    bounded = [(k, v) for k, v, field in params if field.metadata["minimum"] is not None]
    assert bounded, f"{name} has no numeric parameter with a minimum to put out of range"
    low_key, low_value = bounded[0]
    return {
        "unknown key": ("no_such_parameter = 1\n", "unknown parameter 'no_such_parameter'"),
        "wrong type": (assignment(key, "5" if isinstance(value, str) else '"five"'), f"parameter '{key}'"),
        "out of range": (
            assignment(low_key, "[-1000000000]" if isinstance(low_value, tuple) else "-1000000000"),
            f"parameter '{low_key}'",
        ),
        "not TOML": ("this is = = not toml\n", "is not valid TOML"),
        "nested too deeply": ("x = " + "[" * 3000 + "]" * 3000 + "\n", "nests too deeply"),
    }


@pytest.mark.parametrize("name", FAMILIES)
def test_a_bad_parameter_file_is_one_sentence_exit_2_and_nothing_on_disk(name, tmp_path):
    for kind, (text, message) in bad_files(name).items():
        path = tmp_path / f"{kind}.toml"
        path.write_text(text, encoding="utf-8")
        out = tmp_path / f"out-{kind}"
        result = cli("build", name, "--preset", "lite", "--params", path, "--out", out, cwd=ROOT)
        assert result.returncode == 2, (kind, result.stderr)
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, (kind, result.stderr)
        assert message in result.stderr, (kind, result.stderr)
        assert not out.exists(), kind


@pytest.mark.parametrize("name", FAMILIES)
def test_an_edition_is_not_built_into_a_folder_of_another(name, built, tmp_path):
    canonical = built(name, "lite")
    shutil.copytree(canonical, tmp_path / canonical.name)
    result = cli("build", name, "--preset", "lite", "--seed", "1", "--out", tmp_path, cwd=ROOT)
    assert result.returncode == 2
    assert "holds the canonical edition; build the edition of seed 1 into another folder" in result.stderr
    assert pixel_digest(tmp_path / canonical.name) == pixel_digest(canonical)


def test_a_seed_is_a_non_negative_64_bit_integer(tmp_path):
    for seed in ("-1", str(2**63)):
        result = cli("build", "vlmbias", "--seed", seed, "--out", tmp_path, cwd=ROOT)
        assert result.returncode == 2 and "--seed must be an integer from 0 to" in result.stderr
    assert not any(tmp_path.iterdir())
