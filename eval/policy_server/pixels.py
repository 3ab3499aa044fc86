"""Images as the policy server compares them: decoded strictly, hashed exactly, or compared closely.

A lossless image (PNG, as lmms-eval and inspect_ai send ours) decodes to the stored pixels, so its
`pixel_sha256` (the rows' column) finds its rows exactly. A harness that re-encodes as JPEG
(VLMEvalKit's GPT-4V wrapper) changes every pixel a little: such an image is compared with the
candidate rows' images, first by 32 x 32 thumbnails (area averages, which JPEG noise barely moves)
and then, for the closest few, as averages of 4 x 4 pixels at the request's size (root-mean-square
difference): JPEG's noise is fine-grained and averages out, while a change a study makes (a line 20 %
longer, a patch of another shade) stays, so the true image is several times closer than the next.
"""

from __future__ import annotations

import io
import warnings

import numpy as np
from PIL import Image

from builders.core.raster import pixel_sha256

#: The side of the thumbnails compared first.
THUMBNAIL = 32
#: The side of the pixel blocks averaged before images are compared closely.
BLOCK = 4
#: Images over this many pixels are refused (a decompression bomb sent as a request).
MOST_PIXELS = 40_000_000


class ImageError(ValueError):
    """An image that cannot be decoded, or too large to."""


def decode(data: bytes) -> Image.Image:
    """The image `data` holds, fully decoded.

    Raises:
        ImageError: it is not an image PIL reads, or it has over `MOST_PIXELS` pixels.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            if image.width * image.height > MOST_PIXELS:
                raise ImageError(f"an image of {image.width} x {image.height} pixels is too large to read")
            image.load()
    except (OSError, ValueError, Image.DecompressionBombWarning, Image.DecompressionBombError) as error:
        if isinstance(error, ImageError):
            raise
        raise ImageError(f"an image could not be decoded ({type(error).__name__})") from None
    return image


def exact_hashes(image: Image.Image) -> set[str]:
    """`pixel_sha256` of the image as decoded and as RGB (what lmms-eval sends of any stored image)."""
    return {pixel_sha256(image), pixel_sha256(image.convert("RGB"))}


def thumbnail(image: Image.Image) -> np.ndarray:
    """The image as 32 x 32 RGB area averages."""
    return np.asarray(image.convert("RGB").resize((THUMBNAIL, THUMBNAIL), Image.Resampling.BOX), np.float32)


def thumbnail_distance(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.sqrt(np.mean((a - b) ** 2)))


def pixel_distance(request: Image.Image, stored: Image.Image) -> float:
    """Root-mean-square difference of the two images' 4 x 4 block averages at the request's size."""
    size = (max(1, request.width // BLOCK), max(1, request.height // BLOCK))
    a = np.asarray(request.convert("RGB").resize(size, Image.Resampling.BOX), np.float32)
    b = np.asarray(stored.convert("RGB").resize(size, Image.Resampling.BOX), np.float32)
    return float(np.sqrt(np.mean((a - b) ** 2)))
