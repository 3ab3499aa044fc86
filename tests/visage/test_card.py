"""The VISaGE card of the session's lite build: every field filled from the catalogue and the folder."""

from __future__ import annotations

import re
from pathlib import Path

from builders.visage.concepts import CONCEPTS, TUPLES


def test_the_card_fills_every_field(visage_lite: Path) -> None:
    card = (visage_lite / "README.md").read_text(encoding="utf-8")
    body = card.split("\n---\n", 1)[1]
    assert not re.search(r"\$\w", body)
    assert f"{len(TUPLES)} (generic, exception) tuples" in body
    assert "| `drawn` | lite | embedded | 8 | 32 | 112 | 32 |" in body
    assert "| `external` |" not in body  # built only from the tuples source
    for concept in CONCEPTS.values():
        assert f"| {concept.domain} | {concept.name.singular} | " in body
        for exception in concept.exceptions:  # every exception with the fact that makes it one
            assert f"| {exception.name.singular} | " in body and exception.fact in body
    revealing = sum(t.name_reveals for t in TUPLES.values())
    assert f"In {revealing} of the {len(TUPLES)} tuples the exception's name states the violation" in body
    assert "| 1b | concept | category | exceptional | no | yes (the image is beside the point) |" in body
    assert "Does this {singular} have {attribute_sg}?" in body
    framed = [(c, n) for c in CONCEPTS.values() for n in c.norms if n.framing is not None]
    assert framed and "framed closer on it" in body
    for concept, norm in framed:
        assert norm.framing is not None
        assert f"{norm.attribute} of {concept.name.plural} ({norm.framing.zoom:g}x)" in body
