"""The VISaGE card template: every field is filled from the catalogue and a manifest, nothing stray."""

from __future__ import annotations

import re
from importlib import resources
from string import Template

from builders.visage.card import card_context
from builders.visage.concepts import CONCEPTS, TUPLES

MANIFEST = {
    "configs": {
        "drawn": {"preset": "paper", "splits": {"test": {"num_rows": 2100}, "recognition": {"num_rows": 600}}}
    }
}
PIPELINE_FIELDS = {
    "builder_version": "0.1.0",
    "manifest_sha256": "0" * 64,
    "repo_name": "visage",
    "pretty_name": "VISaGE",
}


def test_the_card_fills_every_field() -> None:
    template = resources.files("dataset_cards").joinpath("visage.md").read_text(encoding="utf-8")
    body = Template(template).substitute({**PIPELINE_FIELDS, **card_context(MANIFEST)})
    assert not re.search(r"\$\w", body)
    assert f"{len(TUPLES)} (generic, exception) tuples" in body
    assert "| `drawn` | paper | 2100 | 600 |" in body
    for concept in CONCEPTS.values():
        assert f"| {concept.name.singular} | " in body
    assert "| 1b | concept | category | exceptional | no | yes (the image is beside the point) |" in body
    assert "Does this {singular} have {attribute_sg}?" in body
