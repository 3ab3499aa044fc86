"""The SVG text of recorded scenes of every topic and case is unchanged (hashes in fixtures/svg_golden.json).

The hashes were recorded with the ElementTree serialiser, before it was
replaced by direct string emission; equal text means equal pixels, whatever
the serialiser. Re-record with `python tests/fixtures/make_svg_golden.py` only
for an intended drawing change that bumps the builder version.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from builders.core.family import ImageJob
from builders.core.source import EMBEDDED
from builders.core.svg import Canvas
from builders.families import family_names, get_family
from builders.vlmbias.title import title_bar

GOLDEN = json.loads((Path(__file__).parent / "fixtures" / "svg_golden.json").read_text(encoding="utf-8"))


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_the_golden_file_covers_every_drawn_config_of_every_family():
    """Regenerate with `python tests/fixtures/make_svg_golden.py` when a family or config is added."""
    recorded = {(entry["family"], entry["job"]["config"]) for entry in GOLDEN}
    expected = {(name, c) for name in family_names() for c in get_family(name).configs_for(EMBEDDED)}
    assert recorded == expected
    assert any("title" in entry for entry in GOLDEN)


@pytest.mark.parametrize("entry", GOLDEN, ids=[entry["image_id"] for entry in GOLDEN])
def test_scene_svg_text_is_unchanged(entry):
    family = get_family(entry["family"])
    recorded = entry["job"]
    spec = family.spec_registry.load(recorded["spec"])
    job = ImageJob(config=recorded["config"], image_id=entry["image_id"], spec=spec, role=recorded["role"])
    canvas = family.scene(job).canvas
    text = canvas.to_string() if isinstance(canvas, Canvas) else str(canvas)
    assert sha256(text) == entry["svg_sha256"]
    if "title" in entry:
        assert sha256(title_bar(entry["title"], entry["title_width"]).to_string()) == entry["title_sha256"]
