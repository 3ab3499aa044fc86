"""The one place SVG becomes pixels and pixels become PNG: resvg with shipped fonts, libdeflate.

resvg consults no system library or font, so the same SVG gives the same
pixels on every machine. We call it through the `resvg` binding (not
`resvg-py`): both wrap the same renderer and give identical pixels for every
scene we draw, but `resvg-py` is compiled for size and loads the fonts on
every call, which made it 2-5x slower (benchmarks/RASTER.md). Either binding
hands back resvg's own RGBA PNG, which we decode once: libdeflate inflates it
(zlib's inflate was most of Pillow's decode time) and Pillow undoes the row
filters, keeping R, G and B exactly as `Image.convert("RGB")` would.

The stored PNG is written here, not by Pillow: every row gets PNG's "Up"
filter (one numpy subtraction) and the rows are compressed by libdeflate,
pinned through the `deflate` package, whose output is fixed for a given
version on every platform. Pillow's encoder tries five filters on every row,
which cost as much as the compression itself; ours is several times faster
for files of the same size (benchmarks/png_levels.py).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import math
import struct
import threading
import zlib

import deflate
import numpy as np
from PIL import Image
from resvg import render, usvg

from builders.core.errors import RenderError
from builders.core.fonts import SANS, font_files
from builders.core.svg import Canvas

#: libdeflate's level (1-12) for the stored PNGs; chosen from benchmarks/png_levels.py.
PNG_COMPRESS_LEVEL = 6
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
UP_FILTER = 2
#: resvg's default size for text that sets none (the value resvg-py passed).
DEFAULT_FONT_SIZE = 16.0
WHITE = (255, 255, 255, 255)


@dataclasses.dataclass(frozen=True)
class Picture:
    """An encoded RGB PNG and the hash of its decoded pixels."""

    png: bytes
    width: int
    height: int
    pixel_sha256: str


def pixel_sha256(image: Image.Image) -> str:
    """Hash of mode, size and raw pixels: equal iff the decoded images are equal."""
    return _pixel_sha256(image.mode, image.width, image.height, image.tobytes())


def _pixel_sha256(mode: str, width: int, height: int, pixels: bytes) -> str:
    digest = hashlib.sha256(f"{mode}:{width}x{height}:".encode("ascii"))
    digest.update(pixels)
    return digest.hexdigest()


_per_thread = threading.local()


def _options() -> usvg.Options:
    """resvg's options with the pinned fonts loaded, once per thread (the binding's objects stay on it)."""
    options = getattr(_per_thread, "options", None)
    if options is None:
        options = usvg.Options.default()
        options.font_family = SANS
        options.font_size = DEFAULT_FONT_SIZE
        for path in font_files():
            options.load_font_file(path)
        _per_thread.options = options
    return options


def _f32(value: float) -> float:
    """`value` rounded to single precision, as resvg computes sizes and scales."""
    return struct.unpack("f", struct.pack("f", value))[0]


def fitted_size(viewbox: tuple[int, int], width: int, height: int) -> tuple[int, int]:
    """The largest size of the viewBox's aspect inside `width` x `height` (tiny-skia's `scale_to`).

    A scene whose aspect differs from the output's comes out smaller than asked;
    `rasterize_image` refuses it rather than stretch it.
    """
    vw, vh = viewbox
    fitted_width = math.ceil(_f32(_f32(height * vw) / vh))
    if fitted_width < width:
        return fitted_width, height
    return width, math.ceil(_f32(_f32(width * vh) / vw))


def rasterize(canvas: Canvas | str, width: int, height: int) -> Picture:
    """Render an SVG scene to an RGB PNG of exactly `width` x `height` pixels on white."""
    return encode_png(rasterize_image(canvas, width, height))


def rasterize_image(canvas: Canvas | str, width: int, height: int) -> Image.Image:
    """Render an SVG scene to an RGB image of exactly `width` x `height` pixels on white."""
    svg = canvas.to_string() if isinstance(canvas, Canvas) else str(canvas)
    try:
        tree = usvg.Tree.from_str(svg, _options())
    except BaseException as error:  # the binding panics on SVG it cannot parse
        if type(error).__name__ != "PanicException":
            raise
        detail = str(error).rpartition("value: ")[2]
        raise RenderError(f"resvg could not render the scene: {detail}") from None
    viewbox = tree.int_size()
    size = fitted_size(viewbox, width, height)
    # A pixel either way is the rounding of an aspect the output cannot hold exactly (xiangqi's
    # C x int(1.125 C) at C = 300 is 300 x 337 for an 800 x 900 scene); more would stretch the scene.
    if max(abs(size[0] - width), abs(size[1] - height)) > 1:
        raise RenderError(f"resvg returned {size}, expected {(width, height)}")
    scale = (width / viewbox[0], 0.0, 0.0, 0.0, height / viewbox[1], 0.0)  # (a, b, c, d, e, f) affine
    png = render(tree, scale, bg_size=(width, height), bg_color=WHITE)
    return decode_rgba_png(png)


def rasterize_coverage(canvas: Canvas | str, width: int, height: int) -> np.ndarray:
    """How much of each pixel the drawing covers (0-255), drawn on a transparent ground: masks of shapes.

    The same rasteriser and scale as `rasterize_image`, so a shape's coverage lines up with its pixels.
    """
    svg = canvas.to_string() if isinstance(canvas, Canvas) else str(canvas)
    tree = usvg.Tree.from_str(svg, _options())
    scale = (width / tree.int_size()[0], 0.0, 0.0, 0.0, height / tree.int_size()[1], 0.0)
    png = render(tree, scale, bg_size=(width, height), bg_color=(0, 0, 0, 0))
    with Image.open(io.BytesIO(bytes(png))) as decoded:
        return np.asarray(decoded.getchannel("A"))


@functools.lru_cache(maxsize=16)
def rasterize_cached(svg: str, width: int, height: int) -> Image.Image:
    """`rasterize_image` for a scene drawn again and again (a banner over many images); one image per input.

    Callers must not modify the image (paste it, do not draw on it).
    """
    return rasterize_image(svg, width, height)


def rgb_sha256(image: Image.Image) -> str:
    """`pixel_sha256` of the image as it is stored (in RGB): what `verify` compares, without encoding it."""
    return pixel_sha256(image if image.mode == "RGB" else image.convert("RGB"))


def encode_png(image: Image.Image, level: int = PNG_COMPRESS_LEVEL) -> Picture:
    """Encode an image as an 8-bit RGB PNG (Up filter, libdeflate at `level`) and hash its pixels."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    pixels = image.tobytes()
    png = png_bytes(pixels, width, height, level)
    return Picture(png, width, height, _pixel_sha256("RGB", width, height, pixels))


def png_bytes(pixels: bytes, width: int, height: int, level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """A minimal PNG (IHDR, one IDAT, IEND) of raw RGB rows, each with the Up filter."""
    rows = np.frombuffer(pixels, dtype=np.uint8).reshape(height, 3 * width)
    filtered = np.empty((height, 3 * width + 1), dtype=np.uint8)
    filtered[:, 0] = UP_FILTER
    filtered[0, 1:] = rows[0]  # the row above the first is zeros
    np.subtract(rows[1:], rows[:-1], out=filtered[1:, 1:])  # modulo 256, as PNG defines it
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", bytes(deflate.zlib_compress(filtered, level))),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def decode_png(data: bytes) -> Image.Image:
    """Decode PNG bytes to a loaded RGB image (`png_pixels`)."""
    pixels = _stored_pixels(data)
    return _pillow_rgb(data) if pixels is None else Image.fromarray(pixels, "RGB")


def png_pixels(data: bytes) -> np.ndarray:
    """The RGB pixels of PNG bytes, H x W x 3: a PNG as `png_bytes` writes it (every stored image) is
    inflated by libdeflate and its Up filter undone by one running sum down the columns, 2-3x faster
    than Pillow; any other PNG (and any broken one) is Pillow's to decode or refuse."""
    pixels = _stored_pixels(data)
    return np.asarray(_pillow_rgb(data)) if pixels is None else pixels


def _pillow_rgb(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as decoded:
        return decoded.convert("RGB")


def _stored_pixels(data: bytes) -> np.ndarray | None:
    """The pixels of a PNG laid out exactly as `png_bytes` writes one, every chunk's CRC checked; None
    for any other PNG, one too large for Pillow's bomb limit, or one that does not inflate to its size."""
    layout = _png_layout(data, colour=2, check_crc=True)
    if layout is None:
        return None
    width, height, compressed = layout
    limit = Image.MAX_IMAGE_PIXELS
    if limit is None or width * height > limit:
        return None  # Pillow warns or refuses, as for any PNG (or decodes it, when told to take any size)
    size = height * (3 * width + 1)  # a filter byte, then the row
    try:
        filtered = deflate.zlib_decompress(compressed, size)
    except deflate.DeflateError:
        return None
    if len(filtered) != size:  # libdeflate stops short of `size` when the data ends sooner
        return None
    rows = np.frombuffer(filtered, dtype=np.uint8).reshape(height, 3 * width + 1)
    if not (rows[:, 0] == UP_FILTER).all():
        return None
    return np.add.accumulate(rows[:, 1:], axis=0, dtype=np.uint8).reshape(height, width, 3)


def decode_rgba_png(data: bytes) -> Image.Image:
    """Decode an 8-bit RGBA PNG (resvg's output) to RGB, alpha dropped as `Image.convert` drops it.

    The image data is inflated by libdeflate, re-wrapped as uncompressed zlib
    (stored blocks) and unfiltered by Pillow's PNG row decoder, which is 2x
    faster than letting Pillow inflate it. Any other kind of PNG takes `decode_png`.
    """
    layout = _png_layout(data, colour=6, check_crc=False)
    if layout is None:
        return decode_png(data)
    width, height, compressed = layout
    filtered = deflate.zlib_decompress(compressed, height * (4 * width + 1))
    stored = deflate.zlib_compress(filtered, 0)
    return Image.frombytes("RGB", (width, height), stored, "zip", "RGBX")


def _png_layout(data: bytes, colour: int, check_crc: bool) -> tuple[int, int, bytes] | None:
    """Width, height and the joined IDAT data of a non-interlaced 8-bit PNG of colour type `colour`
    (2 RGB, 6 RGBA), IHDR first, whose chunks are whole; None for any other. With `check_crc`, every
    chunk's CRC must hold and the PNG hold nothing else (no other chunk, nothing after IEND)."""
    if not data.startswith(PNG_SIGNATURE):
        return None
    position, width, height, parts = len(PNG_SIGNATURE), 0, 0, []
    while position + 8 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, position)
        body = data[position + 8 : position + 8 + length]
        if len(body) != length:
            return None
        if check_crc and data[position + 8 + length : position + 12 + length] != struct.pack(
            ">I", zlib.crc32(kind + body)
        ):
            return None
        if (position == len(PNG_SIGNATURE)) != (kind == b"IHDR"):
            return None  # IHDR first, and only there
        if kind == b"IHDR":
            if length != 13:
                return None
            width, height, *kinds = struct.unpack(">IIBBBBB", body)
            if kinds != [8, colour, 0, 0, 0]:  # depth, colour type, compression, filter method, interlace
                return None
        elif kind == b"IDAT":
            parts.append(body)
        elif kind == b"IEND":
            if check_crc and position + 12 + length != len(data):
                return None
            break
        elif check_crc:
            return None  # a chunk `png_bytes` never writes
        position += 12 + length
    return (width, height, b"".join(parts)) if width and height and parts else None
