"""The AIpsych card template: its `$` fields, and the ones the vocabularies fill."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from string import Template

from builders.aipsych.card import vocabulary_fields
from builders.aipsych.objects import CATALOGUE
from builders.aipsych.positions import POSITIONS
from builders.aipsych.settings import SETTINGS
from builders.aipsych.vocabulary import COLOURS

BUILD_FIELDS = {
    "pretty_name",
    "builder_version",
    "manifest_sha256",
    "presets",
    "repo_name",
    "config_table",
    "edition",
    "parameters",
    "edition_note",
    "tools",
    "occlusion_note",
}


def test_the_card_has_exactly_the_build_fields_and_the_vocabulary_fields() -> None:
    text = resources.files("dataset_cards").joinpath("aipsych.md").read_text(encoding="utf-8")
    template, fields = Template(text), vocabulary_fields()
    assert set(re.findall(r"\$(\w+)", text)) == BUILD_FIELDS | set(fields)
    card = template.substitute({**dict.fromkeys(BUILD_FIELDS, "x"), **fields})
    assert all(name in card for name in CATALOGUE) and f"are {len(CATALOGUE)} kinds" in card
    assert all(f"| {colour} |" in card for colour in COLOURS)
    assert all(f"| {position} |" in card for position in POSITIONS)
    assert all(f"| `{setting}` |" in card for setting in SETTINGS)
    assert "| bottom center | x 213-427, y 320-480 | edge | top right or top left | 7.6 % | 8.1 % |" in card
    assert "| silver | `#c0c0c0` | white (14.1), gray (19.7) |" in card
    assert "at least 20 (so silver" in card


def test_the_family_guide_counts_the_catalogue() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "families.md").read_text(encoding="utf-8")
    readme = " ".join(text.split())
    multi = sum(" " in name for name in CATALOGUE)
    assert f"The {len(CATALOGUE)} object kinds ({multi} with multi-word names" in readme
    assert f"{len(CATALOGUE)} object kinds in 6 settings" in readme
