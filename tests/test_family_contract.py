"""The contract every registered family meets: a new family gets these tests by registering.

Declaration (files it owns, schema basics, picklable for workers), a lite build read back by
`datasets` (schema, unique ids, rows agreeing with the manifest, unions), determinism (verify
re-draws every image; a rebuild with another worker count gives the same bytes: `test_editions.py`),
the gallery, and the paper build agreeing with the plan.
"""

from __future__ import annotations

import importlib
import pickle
import re
import subprocess
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from datasets import load_dataset

from builders.core.draw import bundles, draw_bundle
from builders.core.errors import UsageError
from builders.core.family import Family
from builders.core.folder import BuiltFolder
from builders.core.gallery import write_gallery
from builders.core.hashing import file_sha256
from builders.core.source import EMBEDDED
from builders.core.verify import verify
from builders.families import family_names, get_family
from eval.registry import family_eval
from eval.tasks.declaration import TASKS_ROOT, stale_files

FAMILIES = family_names()
#: Columns every family's rows carry.
COMMON_COLUMNS = (
    "image",
    "id",
    "image_id",
    "width",
    "height",
    "spec_hash",
    "pixel_sha256",
    "builder_version",
)


@pytest.fixture(params=FAMILIES)
def family(request: pytest.FixtureRequest) -> Family:
    return get_family(request.param)


def test_the_family_is_declared_with_the_files_it_owns(family: Family) -> None:
    assert isinstance(family, Family) and family.configs
    assert len(set(family.configs)) == len(family.configs)
    assert family.default_preset in family.presets
    for union, members in family.unions.items():
        assert union not in family.configs and members and set(members) <= set(family.configs)
    assert family.default_config is None or family.default_config in (*family.configs, *family.unions)
    for column in COMMON_COLUMNS:
        assert column in family.features, column
    assert resources.files("dataset_cards").joinpath(f"{family.repo_name}.md").is_file()
    scorer = family_eval(family.name).scorer  # what eval.scoring.score runs
    assert isinstance(scorer.cluster_description, str) and scorer.headline
    assert callable(scorer.unit.from_record) and callable(scorer.unit.to_record)
    assert set(family.gallery_view.columns) <= set(family.features)


def test_the_packaged_task_yamls_are_what_the_declaration_gives(family: Family) -> None:
    """Regenerate with `python -m eval write-tasks` after changing a declaration or the configs."""
    assert stale_files(family_eval(family.name).tasks()) == []


def test_lmms_eval_registers_every_declared_task_and_group_side_by_side() -> None:
    """One include path holds every family's tasks, nothing else, and no name clashes."""
    task_manager = pytest.importorskip("lmms_eval.tasks").TaskManager
    manager = task_manager("ERROR", include_path=str(TASKS_ROOT), include_defaults=False)
    declared = [family_eval(name).tasks() for name in FAMILIES]
    tasks = {name.removesuffix(".yaml") for d in declared for name in d.files() if name.endswith(".yaml")} - {
        name.removesuffix(".yaml") for d in declared for name in _groups(d)
    }
    assert set(manager.all_subtasks) == tasks
    assert sorted(manager.all_groups) == sorted(group.name for d in declared for group in d.groups)


def _groups(declared) -> set[str]:
    return {f"{group.name}.yaml" for group in declared.groups}


def test_a_pickled_copy_draws_the_same_pixels(family: Family) -> None:
    """Workers draw with an unpickled copy of the family."""
    jobs = list(family.jobs(family.configs[0], "lite"))
    bundle = next(bundles(jobs))
    copy = pickle.loads(pickle.dumps(family))
    assert [p.pixel_sha256 for p in draw_bundle(copy, bundle)] == [
        p.pixel_sha256 for p in draw_bundle(family, bundle)
    ]


def test_jobs_refuse_another_familys_parameters_in_one_sentence(family: Family) -> None:
    """Parameters reach `jobs` from code too: another family's are named, never half-used."""
    other = next(get_family(name) for name in FAMILIES if name != family.name)
    foreign = other.preset_parameters(other.default_preset)
    with pytest.raises(UsageError, match=f"^{family.name} is planned from .*, got {type(foreign).__name__}$"):
        list(family.jobs(family.configs[0], family.default_preset, params=foreign))


def test_a_worker_draws_without_loading_datasets(family: Family) -> None:
    """Workers unpickle the family and import only its drawing code: `datasets` costs ~0.7 s per start."""
    code = (
        "import pickle, sys; import builders.core.draw; pickle.loads(sys.stdin.buffer.read()); "
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'datasets')))"
    )
    result = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(family), capture_output=True)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().strip() == ""


def test_the_lite_build_loads_with_the_family_schema_and_agrees_with_its_manifest(
    family: Family, built, hf_cache: Path
) -> None:
    folder = BuiltFolder(built(family.name, "lite"))
    manifest = folder.manifest
    embedded = family.configs_for(EMBEDDED)
    assert embedded and set(manifest.configs) == set(embedded)
    assert dict(manifest.unions) == {
        union: built_members
        for union, members in family.unions.items()
        if (built_members := tuple(m for m in members if m in embedded))
    }
    if family.default_split is not None:
        assert family.default_split in family.splits
    for config in embedded:
        ids: set[str] = set()
        image_ids: set[str] = set()
        # One load per config, every split at once: each load re-reads the card (datasets parses its
        # YAML in pure Python: 0.09 s of CPU for VI-Probe's 31 configs, besides preparing the split).
        splits = load_dataset(str(folder.path), config, cache_dir=str(hf_cache))
        assert sorted(splits) == sorted(folder.splits(config))
        for split, rows in splits.items():
            assert rows.features == family.features
            assert rows.num_rows == manifest.configs[config].splits[split].num_rows
            assert not ids & set(rows["id"]) and len(set(rows["id"])) == rows.num_rows
            ids |= set(rows["id"])
            for row in rows.remove_columns("image"):
                entry = manifest.images[row["image_id"]]
                assert (entry.config, entry.pixel_sha256) == (config, row["pixel_sha256"])
                assert (entry.width, entry.height) == (row["width"], row["height"])
            image_ids |= set(rows["image_id"])
        assert image_ids == {i for i, entry in manifest.images.items() if entry.config == config}
    for union, members in manifest.unions.items():
        splits = load_dataset(str(folder.path), union, cache_dir=str(hf_cache))
        assert sorted(splits) == sorted(folder.splits(union))
        for split, rows in splits.items():
            assert rows.num_rows == sum(
                manifest.configs[m].splits[split].num_rows
                for m in members
                if split in manifest.configs[m].splits
            )


def test_verify_redraws_every_image_of_the_lite_build(family: Family, built) -> None:
    """A rebuild with one worker gives the same bytes: `test_editions.py` rebuilds every family's lite
    preset with `--workers 1` from its `params` output. Here the re-draw runs in this process (the
    session's builds drew the same images in a pool: a pool adds only its workers' start-up)."""
    folder = BuiltFolder(built(family.name, "lite"))
    report = verify(folder, family, workers=1)
    assert report.ok, report.problems
    assert report.images_redrawn == len(folder.manifest.images)


def test_the_gallery_shows_the_lite_build(family: Family, built, tmp_path: Path) -> None:
    folder = BuiltFolder(built(family.name, "lite"))
    report = write_gallery(folder, family.gallery_view, family.features, tmp_path / "gallery", progress=False)
    assert report.images == len(folder.manifest.images)
    assert report.rows == sum(s.num_rows for c in folder.manifest.configs.values() for s in c.splits.values())


def negative_zeros(array: pa.Array, where: str) -> Iterator[tuple[str, np.ndarray]]:
    """(column path, indexes of the rows) where `array`, or a list or struct nested in it, holds a -0.0.

    Read a column at a time (Arrow hands float columns to numpy whole), not a row at a time.
    """
    kind = array.type
    if pa.types.is_floating(kind):
        values = array.to_numpy(zero_copy_only=False)  # a null reads as NaN, which is no zero
        rows = np.flatnonzero((values == 0) & np.signbit(values))
        if rows.size:
            yield where, rows
    elif pa.types.is_struct(kind):
        for index, child in enumerate(array.flatten()):
            yield from negative_zeros(child, f"{where}.{kind.field(index).name}")
    elif pa.types.is_list(kind) or pa.types.is_large_list(kind) or pa.types.is_fixed_size_list(kind):
        parents = pc.list_parent_indices(array).to_numpy()
        for path, items in negative_zeros(array.flatten(), f"{where}[]"):
            yield path, np.unique(parents[items])


def test_the_negative_zero_scan_finds_one_in_a_nested_column() -> None:
    """The scan can fail: a -0.0 inside a list inside a struct, in a sliced array, is found in its row."""
    rows = [{"s": {"xs": [1.0, 2.0]}}, {"s": {"xs": [0.0, -0.0]}}, {"s": None}, {"s": {"xs": [-0.0]}}]
    column = pa.array(rows).slice(1)
    found = [(path, rows.tolist()) for path, rows in negative_zeros(column, "c")]
    assert found == [("c.s.xs[]", [0, 2])]
    assert list(negative_zeros(pa.array([0.0, None, -1.5]), "c")) == []


@pytest.mark.parametrize("preset", ["lite", pytest.param("paper", marks=pytest.mark.slow)])
def test_no_column_holds_a_negative_zero(family: Family, built, preset: str) -> None:
    """-0.0 equals 0.0 but reads as "-0.0" in the viewer and in every export; no row carries one."""
    folder = BuiltFolder(built(family.name, preset))
    hits = []
    for path in sorted(folder.path.rglob("*.parquet")):
        columns = [name for name in pq.read_schema(path).names if name != "image"]
        table = pq.read_table(path, columns=columns)
        ids = table.column("id")
        for name in columns:
            for where, rows in negative_zeros(table.column(name).combine_chunks(), name):
                hits += [f"{path.relative_to(folder.path)} {ids[int(row)]} {where}" for row in rows]
    assert hits == [], f"{len(hits)} negative zeros, first: {hits[:3]}"


def test_the_default_config_loads_without_a_config_name(family: Family, built, hf_cache: Path) -> None:
    """Every family reads like a one-config release: `load_dataset(folder, split=...)`, no config name."""
    assert family.default_config in (*family.configs_for(EMBEDDED), *family.unions)
    folder = BuiltFolder(built(family.name, "lite"))
    split = folder.splits(family.default_config)[0]
    rows = load_dataset(str(folder.path), split=split, cache_dir=str(hf_cache))
    named = load_dataset(str(folder.path), family.default_config, split=split, cache_dir=str(hf_cache))
    assert rows.num_rows == named.num_rows > 0
    assert rows["id"] == named["id"]


@pytest.mark.slow
def test_the_paper_build_holds_exactly_the_planned_images_in_its_shards(family: Family, built) -> None:
    """Every paper image is audited by the family's own tests; verify's image checks run on the lite build."""
    folder = BuiltFolder(built(family.name))
    manifest = folder.manifest
    planned = [job for c in family.configs_for(EMBEDDED) for job in family.jobs(c, family.default_preset)]
    assert sorted(manifest.images) == sorted(job.image_id for job in planned)
    for path, entry in manifest.files.items():
        assert file_sha256(str(folder.path / path)) == entry.sha256, path
    for config, entry in manifest.configs.items():
        for split, stats in entry.splits.items():
            rows = sum(pq.ParquetFile(folder.path / path).metadata.num_rows for path in stats.files)
            assert rows == stats.num_rows, (config, split)


def test_core_imports_no_family_and_names_none() -> None:
    """The seam: `builders/core/` receives a Family; never imports the registry or a family, nor names one."""
    core = Path(importlib.import_module("builders.core").__file__).parent
    names = sorted({*FAMILIES, *(get_family(name).repo_name for name in FAMILIES)})
    pattern = re.compile(r"\b(" + "|".join(re.escape(name) for name in names) + r")\b", re.IGNORECASE)
    for path in sorted(core.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "builders.families" not in text, path.name
        assert not pattern.search(text), (path.name, pattern.search(text))
