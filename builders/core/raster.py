"""The one place SVG becomes pixels: resvg-py with shipped fonts, Pillow PNG encoding.

resvg consults no system library or font, so the same SVG gives the same
pixels on every machine. Its PNG is decoded and re-encoded by one pinned
Pillow with fixed settings, so the stored bytes are reproducible too.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io

import resvg_py
from PIL import Image

from builders.core.errors import RenderError
from builders.core.fonts import SANS, font_files
from builders.core.svg import Canvas

PNG_COMPRESS_LEVEL = 6


@dataclasses.dataclass(frozen=True)
class Picture:
    """An encoded RGB PNG and the hash of its decoded pixels."""

    png: bytes
    width: int
    height: int
    pixel_sha256: str


def pixel_sha256(image: Image.Image) -> str:
    """Hash of mode, size and raw pixels: equal iff the decoded images are equal."""
    header = f"{image.mode}:{image.width}x{image.height}:".encode("ascii")
    return hashlib.sha256(header + image.tobytes()).hexdigest()


def rasterize(canvas: Canvas | str, width: int, height: int) -> Picture:
    """Render an SVG scene to an RGB PNG of exactly `width` x `height` pixels on white."""
    return encode_png(rasterize_image(canvas, width, height))


def rasterize_image(canvas: Canvas | str, width: int, height: int) -> Image.Image:
    """Render an SVG scene to an RGB image of exactly `width` x `height` pixels on white."""
    svg = canvas.to_string() if isinstance(canvas, Canvas) else canvas
    try:
        raw = resvg_py.svg_to_bytes(
            svg_string=svg,
            width=width,
            height=height,
            background="#ffffff",
            skip_system_fonts=True,
            font_files=list(font_files()),
            font_family=SANS,
            sans_serif_family=SANS,
            shape_rendering="geometric_precision",
            text_rendering="geometric_precision",
        )
    except ValueError as error:
        raise RenderError(f"resvg could not render the scene: {error}") from None
    with Image.open(io.BytesIO(bytes(raw))) as decoded:
        image = decoded.convert("RGB")
    if image.size != (width, height):
        raise RenderError(f"resvg returned {image.size}, expected {(width, height)}")
    return image


def encode_png(image: Image.Image) -> Picture:
    """Encode an RGB image with the project's fixed PNG settings."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL, optimize=False)
    return Picture(buffer.getvalue(), image.width, image.height, pixel_sha256(image))


def decode_png(data: bytes) -> Image.Image:
    """Decode PNG bytes to a loaded RGB image."""
    with Image.open(io.BytesIO(data)) as decoded:
        return decoded.convert("RGB")
