"""Decoding a user's photo (a file, a zip member, a Parquet cell): size capped, every pixel read.

Every family that builds from the user's images (photo files, images inside a release's zip,
released Parquet cells) reads them here, so one rule holds for all: the size in
the header is checked against `MAX_PIXELS` before a pixel is decoded (a 30000 x 30000 PNG of a few
kilobytes would take gigabytes), and then the whole image is decoded, so a file cut short, or with
valid checksums over a truncated pixel stream, is refused up front rather than halfway through a
build. PIL's own decompression-bomb warning and error never reach the user: our cap is below its
threshold and is checked first. Messages name the file as the caller names it, never the buffer.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager

from PIL import Image, ImageFile, UnidentifiedImageError

from builders.core.errors import UsageError

#: The formats a photo may be in. Others are refused, not tried: PIL reads EPS by running Ghostscript.
FORMATS = ("PNG", "JPEG", "GIF", "BMP", "WEBP", "TIFF")  # JPEG covers MPO, what cameras write
#: Largest photo (width x height) a builder reads: 50 megapixels holds a 48 MP phone photo
#: (8000 x 6000) and decodes to 150 MB of RGB; the releases' photos are under 2 megapixels.
MAX_PIXELS = 50_000_000


class UnreadablePhoto(UsageError):
    """A photo that does not decode; `reason` says why in a few words, for readers that list several."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name} cannot be read as an image ({reason}); replace it with the original")
        self.reason = reason


def photo_size(data: bytes, name: str, max_pixels: int = MAX_PIXELS) -> tuple[int, int]:
    """(width, height) of a photo whose every pixel decodes.

    `name` names the photo in messages ("image 'a.png'", "the image of row 'x' in 'f.parquet'").

    Raises:
        UsageError: the header states more than `max_pixels` pixels.
        UnreadablePhoto: the bytes are not an image, or the pixels do not all decode.
    """
    with _decoded(data, name, max_pixels) as image:
        return image.size


def decoded_photo(data: bytes, name: str, max_pixels: int = MAX_PIXELS) -> Image.Image:
    """The photo as RGB, under the same checks as `photo_size`."""
    with _decoded(data, name, max_pixels) as image:
        return image.convert("RGB")


def _decoded(data: bytes, name: str, max_pixels: int) -> Image.Image:
    """The photo opened once and every pixel decoded, its size checked against `max_pixels` first."""
    with _strict_reading():
        try:
            image = Image.open(io.BytesIO(data), formats=FORMATS)
        except Exception as error:  # a decoder meets any byte sequence; each failure means the same
            raise UnreadablePhoto(name, _reason(error)) from None
        width, height = image.size
        if width * height > max_pixels:
            image.close()
            raise UsageError(
                f"{name} is {width} x {height} pixels, more than the limit of {max_pixels} pixels; "
                "scale it down or use the original"
            )
        try:
            image.load()
        except Exception as error:  # as above
            image.close()
            raise UnreadablePhoto(name, _reason(error)) from None
    return image


@contextmanager
def _strict_reading() -> Iterator[None]:
    """PIL's two global settings as reading a user's photo needs them, restored afterwards (builders
    read photos in one thread): its decompression-bomb check off, as ours, lower, comes first; and
    cut-short images refused, which lmms-eval allows on import (`LOAD_TRUNCATED_IMAGES`)."""
    saved = Image.MAX_IMAGE_PIXELS, ImageFile.LOAD_TRUNCATED_IMAGES
    Image.MAX_IMAGE_PIXELS, ImageFile.LOAD_TRUNCATED_IMAGES = None, False
    try:
        yield
    finally:
        Image.MAX_IMAGE_PIXELS, ImageFile.LOAD_TRUNCATED_IMAGES = saved


def _reason(error: Exception) -> str:
    """A few words on why decoding failed, never the repr of the in-memory buffer PIL was given."""
    if isinstance(error, UnidentifiedImageError):
        return "not a PNG, JPEG, GIF, BMP, WebP or TIFF image"
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    if "<_io." in text:
        return type(error).__name__
    return text[:100]
