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
    with _opened(data, name, max_pixels) as image:
        return image.size


def decoded_photo(data: bytes, name: str, max_pixels: int = MAX_PIXELS) -> Image.Image:
    """The photo as RGB, under the same checks as `photo_size`."""
    with _opened(data, name, max_pixels) as image:
        return image.convert("RGB")


@contextmanager
def _opened(data: bytes, name: str, max_pixels: int) -> Iterator[Image.Image]:
    width, height = _header_size(data, name)
    if width * height > max_pixels:
        raise UsageError(
            f"{name} is {width} x {height} pixels, more than the limit of {max_pixels} pixels; "
            "scale it down or use the original"
        )
    lenient = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False  # lmms-eval sets it on import; a cut-short photo is refused
    try:
        image = Image.open(io.BytesIO(data), formats=FORMATS)
        image.load()
    except Exception as error:  # a decoder meets any byte sequence; each failure means the same
        raise UnreadablePhoto(name, _reason(error)) from None
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = lenient
    with image:
        yield image


def _header_size(data: bytes, name: str) -> tuple[int, int]:
    """The size a photo's header states, read with PIL's bomb check off (ours follows, lower)."""
    limit = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None  # builders read photos in one thread; restored below
    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as image:
            return image.size
    except Exception as error:  # as above
        raise UnreadablePhoto(name, _reason(error)) from None
    finally:
        Image.MAX_IMAGE_PIXELS = limit


def _reason(error: Exception) -> str:
    """A few words on why decoding failed, never the repr of the in-memory buffer PIL was given."""
    if isinstance(error, UnidentifiedImageError):
        return "not a PNG, JPEG, GIF, BMP, WebP or TIFF image"
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    if "<_io." in text:
        return type(error).__name__
    return text[:100]
