"""The shared rendering path: SVG text, resvg with shipped fonts, PNG encoding, title bars."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from builders.core.errors import RenderError
from builders.core.fonts import SANS, TOMARE, XIANGQI, font_files
from builders.core.raster import decode_png, pixel_sha256, rasterize
from builders.core.svg import Canvas, fmt
from builders.vlmbias.title import stack, title_bar, title_bar_px, title_font_px
from tests.pixels import blobs, dark_mask


def text_canvas(family: str, text: str = "Patterned Grid") -> Canvas:
    canvas = Canvas(400, 100, background="#ffffff")
    canvas.add("text", text, x=10, y=70, font_family=family, font_weight="bold", font_size=48, fill="#000")
    return canvas


def test_numbers_are_formatted_one_way():
    assert [fmt(v) for v in (1, 1.0, 0.1 + 0.2, -1e-9, 12.34567)] == ["1", "1", "0.3", "0", "12.346"]


def test_rasterize_gives_rgb_png_of_the_requested_size_and_is_deterministic():
    canvas = Canvas(20, 12, background="#ffffff")
    canvas.add("circle", cx=10, cy=6, r=3, fill="#ff0000")
    first, second = rasterize(canvas, 200, 120), rasterize(canvas.to_string(), 200, 120)
    assert first == second
    image = decode_png(first.png)
    assert image.mode == "RGB" and image.size == (200, 120)
    assert pixel_sha256(image) == first.pixel_sha256
    red = np.asarray(image)[60, 100]
    assert tuple(red) == (255, 0, 0)


@pytest.mark.parametrize("family", [SANS, XIANGQI, TOMARE])
def test_shipped_fonts_render_text(family):
    text = {XIANGQI: "帥車馬", TOMARE: "止まれ"}.get(family, "Patterned Grid")
    picture = rasterize(text_canvas(family, text), 400, 100)
    assert dark_mask(decode_png(picture.png)).sum() > 500


def test_each_japanese_glyph_renders_and_nothing_else_is_in_the_subset():
    inked = [dark_mask(decode_png(rasterize(text_canvas(TOMARE, c), 400, 100).png)).sum() for c in "止まれ停"]
    assert min(inked[:3]) > 300 and inked[3] == 0


def test_unknown_font_family_draws_nothing_which_is_why_families_are_pinned():
    picture = rasterize(text_canvas("No Such Font"), 400, 100)
    assert dark_mask(decode_png(picture.png)).sum() == 0


def test_fonts_are_checked_against_their_pinned_hashes(monkeypatch, tmp_path):
    from builders.core import fonts

    for name in fonts.PINNED_FONTS:
        (tmp_path / name).write_bytes(b"not a font")
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path)
    fonts.font_files.cache_clear()
    try:
        with pytest.raises(RenderError, match="has sha256"):
            fonts.font_files()
    finally:
        monkeypatch.undo()
        fonts.font_files.cache_clear()
    assert len(font_files()) == len(fonts.PINNED_FONTS)


def test_a_scene_whose_aspect_differs_from_the_output_is_a_render_error():
    with pytest.raises(RenderError, match=r"resvg returned \(120, 120\), expected \(200, 120\)"):
        rasterize(Canvas(10, 10), 200, 120)


def test_invalid_svg_is_a_render_error():
    with pytest.raises(RenderError, match="resvg could not render"):
        rasterize("<not-svg", 10, 10)


@pytest.mark.parametrize("width", [384, 768, 1152])
def test_title_bar_holds_the_title_and_sits_above_an_unchanged_scene(width):
    scene = Canvas(100, 100, background="#ffffff")
    scene.add("rect", x=10, y=10, width=50, height=30, fill="#000")
    plain = decode_png(rasterize(scene, width, width).png)
    bar_canvas = title_bar("Patterned Grid", width)
    bar = decode_png(rasterize(bar_canvas, bar_canvas.width, bar_canvas.height).png)
    titled = stack(bar, plain)
    height = title_bar_px("Patterned Grid", width)
    assert bar.size == (width, height) == (width, int(1.2 * title_font_px(width) + title_font_px(width)))
    assert titled.size == (width, width + height)
    assert np.array_equal(np.asarray(titled)[height:], np.asarray(plain))
    letters = blobs(dark_mask(bar))
    assert len(letters) >= len("PatternedGrid")
    ys = np.nonzero(dark_mask(bar).any(axis=1))[0]
    assert ys.min() > 0 and ys.max() < height - 1, "text must fit inside the bar"


def test_a_bar_of_another_width_is_refused_rather_than_leaving_pixels_unset():
    bar, scene = Image.new("RGB", (383, 20), "white"), Image.new("RGB", (384, 384), "white")
    with pytest.raises(ValueError, match="383 px wide cannot stack on a scene 384 px wide"):
        stack(bar, scene)


def test_long_titles_wrap_onto_more_lines():
    assert title_bar_px("x" * 30, 800) < title_bar_px("word " * 12, 800)
