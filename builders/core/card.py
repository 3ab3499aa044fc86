"""The built folder's `README.md`: Hub YAML (`configs`, `dataset_info`) plus the card text.

The YAML is what `push_to_hub` writes (`huggingface_hub`'s card data, with the
`dataset_info` and `configs` lists laid out as `datasets` lays them out, from the
family's schema without importing `datasets`), from the manifest alone; the text is
the family's template filled with fields the family reads from the built folder. So
the card always matches the shards, and `verify` can regenerate it to check it.
"""

from __future__ import annotations

from importlib import resources
from string import Template
from typing import Any

from huggingface_hub.repocard_data import DatasetCardData

from builders.core.family import Family
from builders.core.folder import BuiltFolder
from builders.core.manifest import MANIFEST_NAME, Manifest
from builders.core.params import changed_keys, overlay

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


def card_yaml(family: Family, manifest: Manifest) -> str:
    """The YAML front matter for the configs and union configs the manifest records."""
    configs = manifest.configs
    total_rows = sum(s.num_rows for c in configs.values() for s in c.splits.values())
    card_data = DatasetCardData(
        pretty_name=family.pretty_name,
        size_categories=[size_category(total_rows)],
        **family.card_metadata,
    )
    infos = []
    data_files: dict[str, dict[str, Any]] = {}
    for name in manifest.config_names():
        members = manifest.members(name)
        infos.append(_config_info(family, manifest, name, members))
        entries = []
        for split in family.splits:
            paths = [f"{m}/{split}-*.parquet" for m in members if split in configs[m].splits]
            if paths:
                entries.append({"split": split, "path": paths[0] if len(paths) == 1 else paths})
        data_files[name] = {"data_files": entries}
        if name == family.default_config:
            data_files[name]["default"] = True
    # As `datasets` writes them: one config's info is a mapping (without its name if "default"), several a
    # list sorted by name; the `configs` list is sorted by name.
    if len(infos) == 1:
        card_data["dataset_info"] = {
            k: v for k, v in infos[0].items() if infos[0]["config_name"] != "default" or k != "config_name"
        }
    elif infos:
        card_data["dataset_info"] = sorted(infos, key=lambda info: info["config_name"])
    if data_files:
        card_data["configs"] = [{"config_name": name, **data_files[name]} for name in sorted(data_files)]
    return card_data.to_yaml()


def _config_info(family: Family, manifest: Manifest, name: str, members: tuple[str, ...]) -> dict[str, Any]:
    """Typed features and split sizes of a config made of `members` (itself, or several for a union)."""
    splits = []
    for split in family.splits:
        stats = [manifest.configs[m].splits[split] for m in members if split in manifest.configs[m].splits]
        if stats:
            rows, size = sum(s.num_rows for s in stats), sum(s.num_bytes for s in stats)
            splits.append({"name": split, "num_bytes": size, "num_examples": rows})
    files = [f for m in members for s in manifest.configs[m].splits.values() for f in s.files]
    return {
        "config_name": name,
        "features": family.schema.yaml_list(),
        "splits": splits,
        "download_size": sum(manifest.files[f].size for f in files),
        "dataset_size": sum(split["num_bytes"] for split in splits),
    }


def tools_text(family: Family) -> str:
    """`$tools` in a card template: what the commands the card shows are, and how to get and run them."""
    repo = family.repo_name
    return (
        "`python -m builders` (also installed as the `see-or-recall` command) and `python -m eval` are the "
        "command lines of see-or-recall, the Python package that built this dataset: `pip install "
        "see-or-recall` installs both (building, `verify` and `eval score` need nothing more); "
        "`pip install 'see-or-recall[eval]'` adds lmms-eval 0.7.3, which runs the `lmms-eval` lines, and "
        "`pip install 'see-or-recall[report]'` adds matplotlib for `python -m eval report`. "
        "`lmms-eval --model openai` also needs `--model_args model=NAME,base_url=URL` naming your "
        f"OpenAI-compatible endpoint. `build/{repo}` is a local build (`python -m builders build "
        f"{family.name}`) or this repository downloaded (`hf download <org>/{repo} --repo-type dataset "
        f"--local-dir build/{repo}`)."
    )


def render_card(family: Family, folder: BuiltFolder) -> str:
    """The full README: YAML front matter and the family's card template, filled in."""
    manifest = folder.manifest
    template = resources.files("dataset_cards").joinpath(f"{family.repo_name}.md").read_text("utf-8")
    fields = {
        "builder_version": manifest.builder_version,
        "manifest_sha256": folder.manifest_sha256(),
        "repo_name": family.repo_name,
        "pretty_name": family.pretty_name,
        "edition": edition_text(family, manifest),
        "edition_note": family.edition_note,
        "parameters": parameters_text(family, manifest),
        "tools": tools_text(family),
        **family.card_context(folder),
    }
    body = Template(template).substitute(fields)
    return f"---\n{card_yaml(family, manifest)}\n---\n\n{body.lstrip()}"


def edition_text(family: Family, manifest: Manifest) -> str:
    """The card's edition line: canonical, or fresh with its seed and what a seed changes."""
    if manifest.edition is None:
        text = "canonical: the draw the paper describes, identical in every build"
        if family.draws_editions:
            text += (
                f"; `python -m builders build {family.name} --seed N` draws a fresh edition with the same "
                "row ids"
            )
        return text
    return (
        f"fresh, seed {manifest.edition}: drawn fresh by see-or-recall for this build, never published "
        "before it. It has the canonical edition's plan (configs, splits, image ids, row ids, row counts), "
        "so results pair row by row with the canonical edition's, and a new draw of everything the paper "
        "leaves free (what that is for this family: the card's section on editions)"
    )


def parameters_text(family: Family, manifest: Manifest) -> str:
    """The card's parameters line: per config, its preset and the keys `--params` changed."""
    if family.parameters is None:
        return "the presets' (this family takes no `--params`)"
    described: dict[str, list[str]] = {}
    for config, entry in manifest.configs.items():
        if entry.parameters is None:
            continue
        preset = family.preset_parameters(entry.preset)
        changed = changed_keys(overlay(preset, entry.parameters, MANIFEST_NAME), preset)
        what = f"preset `{entry.preset}`" + (
            f" with {', '.join(f'`{key}`' for key in changed)} changed" if changed else ""
        )
        described.setdefault(what, []).append(f"`{config}`")
    every = len(described) == 1 and len(next(iter(described.values()))) == len(manifest.configs) > 1
    parts = [
        f"{what} ({'every config' if every else ', '.join(configs)})" for what, configs in described.items()
    ]
    return "; ".join(parts) + (
        "; every resolved value is in `manifest.json` (`configs.<config>.parameters`)" if parts else ""
    )


def write_card(folder: BuiltFolder, family: Family) -> None:
    """Write README.md for the folder, citing the manifest's hash."""
    (folder.path / CARD_NAME).write_text(render_card(family, folder), encoding="utf-8")
