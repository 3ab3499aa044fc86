"""The VLMBias `withtitle` images: the subject's name in a white title bar stacked above the scene.

Geometry follows the VLMBias release: bold font of max(20, int(48*W/800)) px,
lines wrapped near 40 characters, line height 1.2 font, half a font of padding
above and below. The bar is drawn on its own and stacked above the scene's
pixels, so the area under the bar is exactly the untitled image.
"""

from __future__ import annotations

import textwrap

from PIL import Image

from builders.core.fonts import SANS
from builders.core.raster import rasterize_cached
from builders.core.svg import Canvas

WRAP_CHARS = 40


def title_font_px(width: int) -> int:
    """Title font size in pixels for an image `width` pixels wide."""
    return max(20, int(48 * width / 800))


def title_lines(title: str) -> list[str]:
    """The title wrapped into lines of about 40 characters."""
    return textwrap.wrap(title, WRAP_CHARS) or [title]


def title_bar_px(title: str, width: int) -> int:
    """Height in pixels of the bar that holds `title` above an image `width` wide."""
    font = title_font_px(width)
    return int(1.2 * font * len(title_lines(title)) + font)


def title_bar(title: str, width: int) -> Canvas:
    """The bar as a canvas in pixel units, `width` x `title_bar_px(title, width)`."""
    font = title_font_px(width)
    bar = Canvas(width, title_bar_px(title, width), background="#ffffff")
    for index, line in enumerate(title_lines(title)):
        bar.add(
            "text",
            line,
            x=width / 2,
            y=0.5 * font + 1.2 * font * index + 0.95 * font,
            font_family=SANS,
            font_weight="bold",
            font_size=font,
            text_anchor="middle",
            fill="#000000",
            class_="title",
        )
    return bar


def with_title(title: str, scene: Image.Image) -> Image.Image:
    """The scene's pixels under a title bar naming `title`: the titled twin of an image."""
    bar = title_bar(title, scene.width)
    return stack(rasterize_cached(bar.to_string(), bar.width, bar.height), scene)


def stack(bar: Image.Image, scene: Image.Image) -> Image.Image:
    """The bar above the scene, as one RGB image (the two cover it: nothing is filled first)."""
    if bar.width != scene.width:
        raise ValueError(f"a title bar {bar.width} px wide cannot stack on a scene {scene.width} px wide")
    combined = Image.new("RGB", (scene.width, bar.height + scene.height), None)
    combined.paste(bar, (0, 0))
    combined.paste(scene, (0, bar.height))
    return combined
