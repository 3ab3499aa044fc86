"""The AIpsych card template: its `$` fields, and the ones the vocabularies fill."""

from __future__ import annotations

import re
from importlib import resources
from string import Template

from builders.aipsych.card import vocabulary_fields
from builders.aipsych.objects import OBJECT_NAMES
from builders.aipsych.vocabulary import COLOURS, POSITIONS

BUILD_FIELDS = {
    "pretty_name",
    "builder_version",
    "manifest_sha256",
    "presets",
    "edition",
    "parameters",
    "tools",
    "repo_name",
    "config_table",
}


def test_the_card_has_exactly_the_build_fields_and_the_vocabulary_fields() -> None:
    text = resources.files("dataset_cards").joinpath("aipsych.md").read_text(encoding="utf-8")
    template, fields = Template(text), vocabulary_fields()
    assert set(re.findall(r"\$(\w+)", text)) == BUILD_FIELDS | set(fields)
    card = template.substitute({**dict.fromkeys(BUILD_FIELDS, "x"), **fields})
    assert all(name in card for name in OBJECT_NAMES)
    assert all(f"| {colour} |" in card for colour in COLOURS)
    assert all(f"| {position} |" in card for position in POSITIONS)
    assert "| bottom center | x 213-427, y 320-480 | top right or top left |" in card
