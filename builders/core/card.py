"""The built folder's `README.md`: Hub YAML (`configs`, `dataset_info`) plus the card text.

The YAML is produced by the same `datasets` / `huggingface_hub` helpers that
`push_to_hub` uses, from the manifest alone, so the card always matches the
shards and `verify` can regenerate it to check it.
"""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from datasets import DatasetInfo
from datasets.info import DatasetInfosDict
from datasets.splits import SplitDict, SplitInfo
from datasets.utils.metadata import MetadataConfigs
from huggingface_hub import DatasetCardData

from builders.core.family import Family
from builders.core.manifest import MANIFEST_NAME

CARD_NAME = "README.md"


def size_category(rows: int) -> str:
    """The Hub's size bucket for a dataset with `rows` rows.

    >>> size_category(999), size_category(12_000)
    ('n<1K', '10K<n<100K')
    """
    bounds = [(1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")]
    for bound, label in bounds:
        if rows < bound:
            return label
    return "1M<n<10M"


def card_yaml(family: Family, manifest: dict[str, Any]) -> str:
    """The YAML front matter for the configs the manifest records, plus the family's unions of them."""
    configs = manifest["configs"]
    total_rows = sum(s["num_rows"] for c in configs.values() for s in c["splits"].values())
    card_data = DatasetCardData(
        pretty_name=family.pretty_name,
        size_categories=[size_category(total_rows)],
        **family.card_metadata,
    )
    groups = {config: [config] for config in sorted(configs)}
    for union, members in family.unions.items():
        built = [c for c in members if c in configs]
        if built:
            groups[union] = built
    infos, data_files = {}, {}
    for name, members in groups.items():
        infos[name] = _config_info(family, manifest, name, members)
        entries = []
        for split in family.splits:
            paths = [f"{m}/{split}-*.parquet" for m in members if configs[m]["splits"].get(split)]
            if paths:
                entries.append({"split": split, "path": paths[0] if len(paths) == 1 else paths})
        data_files[name] = {"data_files": entries}
    DatasetInfosDict(infos).to_dataset_card_data(card_data)
    MetadataConfigs(data_files).to_dataset_card_data(card_data)
    return card_data.to_yaml()


def _config_info(family: Family, manifest: dict[str, Any], name: str, members: list[str]) -> DatasetInfo:
    """Typed features and split sizes of a config made of `members` (itself, or several for a union)."""
    splits = SplitDict(dataset_name=family.repo_name)
    for split in family.splits:
        stats = [
            manifest["configs"][m]["splits"][split]
            for m in members
            if split in manifest["configs"][m]["splits"]
        ]
        if stats:
            rows, size = sum(s["num_rows"] for s in stats), sum(s["num_bytes"] for s in stats)
            splits.add(SplitInfo(name=split, num_bytes=size, num_examples=rows))
    files = [f for m in members for s in manifest["configs"][m]["splits"].values() for f in s["files"]]
    return DatasetInfo(
        features=family.features,
        splits=splits,
        config_name=name,
        download_size=sum(manifest["files"][f]["size"] for f in files),
        dataset_size=sum(info.num_bytes for info in splits.values()),
    )


def render_card(family: Family, manifest: dict[str, Any], manifest_sha256: str) -> str:
    """The full README: YAML front matter and the family's card template, filled in."""
    template = resources.files("dataset_cards").joinpath(f"{family.repo_name}.md").read_text("utf-8")
    fields = {
        "builder_version": manifest["builder_version"],
        "manifest_sha256": manifest_sha256,
        "repo_name": family.repo_name,
        "pretty_name": family.pretty_name,
        **family.card_context(manifest),
    }
    body = Template(template).substitute(fields)
    return f"---\n{card_yaml(family, manifest)}\n---\n\n{body.lstrip()}"


def write_card(folder: Path, family: Family, manifest: dict[str, Any]) -> None:
    """Write README.md for the folder, citing the manifest's hash."""
    digest = hashlib.sha256((folder / MANIFEST_NAME).read_bytes()).hexdigest()
    (folder / CARD_NAME).write_text(render_card(family, manifest, digest), encoding="utf-8")
