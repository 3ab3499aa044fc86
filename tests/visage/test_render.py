"""Drawing is a pure function of the spec: pinned SVG text for a few images."""

from __future__ import annotations

import hashlib

import pytest

from builders.visage.params import PRESETS
from builders.visage.render import draw_scene
from builders.visage.spec import pair_specs

#: SVG text of three images. A change here changes pixels: it needs a builder version bump.
GOLDEN = {
    (
        "clock",
        "hands",
        "digital_clock",
        0,
        "typical",
    ): "8dad096d6e7459ba23f75c5295dff2a49d7f73d2df55c7b3696503f126886cb0",
    (
        "lion",
        "mane",
        "lioness",
        2,
        "exceptional",
    ): "597b88177fabcef894e3a5ea23f76035702d4e43d0de19e816df86ff9b75be0a",
    ("banana", "yellow", "green_banana", 3, "exceptional"): (
        "05fcfcde17a624fd84ac9aebe761a818a1be4020b2d20925f27b48b2d2d54cd7"
    ),
}


@pytest.mark.parametrize(("key", "digest"), list(GOLDEN.items()))
def test_svg_text_is_pinned(key, digest: str) -> None:
    concept, norm, exception, index, image_type = key
    typical, exceptional = pair_specs(concept, norm, exception, index, PRESETS["paper"])
    spec = typical if image_type == "typical" else exceptional
    svg = draw_scene(spec).to_string()
    assert svg == draw_scene(spec).to_string()
    assert hashlib.sha256(svg.encode()).hexdigest() == digest
