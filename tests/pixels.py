"""Pixel measurements for audits: they look only at pixels, never at drawing code."""

from __future__ import annotations

import numpy as np
from PIL import Image
from scipy import fft, ndimage


def dark_mask(image: Image.Image | np.ndarray, threshold: int = 110) -> np.ndarray:
    """True where a pixel is dark in every channel (black ink, not coloured fills)."""
    rgb = image if isinstance(image, np.ndarray) else image.convert("RGB")
    return every_channel(np.asarray(rgb) < threshold)


def every_channel(mask: np.ndarray) -> np.ndarray:
    """`mask.all(axis=-1)` for an H x W x C mask, a channel at a time: numpy reduces a short last axis
    element by element, which costs more than the comparison that made the mask.

    >>> every_channel(np.array([[[True, True, True], [True, False, True]]])).tolist()
    [[True, False]]
    """
    found = mask[..., 0].copy()
    for channel in range(1, mask.shape[-1]):
        found &= mask[..., channel]
    return found


def channel_sum(values: np.ndarray) -> np.ndarray:
    """`values.sum(axis=-1)` over three colour channels, added in the same order a channel at a time (see
    `every_channel`), in `values`' own type.

    >>> channel_sum(np.array([[[1, 2, 3], [4, 5, 6]]], dtype=np.int16)).tolist()
    [[6, 15]]
    """
    return values[..., 0] + values[..., 1] + values[..., 2]


def any_channel(mask: np.ndarray) -> np.ndarray:
    """`mask.any(axis=-1)`, a channel at a time (see `every_channel`).

    >>> any_channel(np.array([[[False, False, False], [False, True, False]]])).tolist()
    [[False, True]]
    """
    found = mask[..., 0].copy()
    for channel in range(1, mask.shape[-1]):
        found |= mask[..., channel]
    return found


def colour_counts(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct colours of RGB pixels (any shape ending in 3, channels 0-255), sorted as
    `np.unique(..., axis=0)` sorts them, and how many pixels have each. Each pixel is packed into
    one integer first: `np.unique` over rows sorts them as records, about 20 times slower.

    >>> found, counts = colour_counts(np.array([[[9, 0, 1], [0, 0, 2]], [[9, 0, 1], [0, 0, 2]]]))
    >>> found.tolist(), counts.tolist()
    ([[0, 0, 2], [9, 0, 1]], [2, 2])
    """
    packed, counts = np.unique(packed_rgb(pixels), return_counts=True)
    found = np.stack([packed >> 16, (packed >> 8) & 255, packed & 255], axis=-1).astype(pixels.dtype)
    return found, counts


def packed_rgb(pixels: np.ndarray) -> np.ndarray:
    """Each RGB pixel (channels 0-255, any shape ending in 3) as one integer, 0xRRGGBB: one comparison
    per pixel where three channels would be reduced over a short axis.

    >>> packed_rgb(np.array([[255, 0, 1], [0, 2, 0]], dtype=np.uint8)).tolist() == [0xFF0001, 0x000200]
    True
    """
    wide = pixels.astype(np.int64)
    assert wide.size == 0 or (wide.min() >= 0 and wide.max() <= 255), "channels must lie in 0-255"
    return (wide[..., 0] << 16) | (wide[..., 1] << 8) | wide[..., 2]


def colours(pixels: np.ndarray) -> np.ndarray:
    """The distinct colours of RGB pixels, sorted (`colour_counts`)."""
    return colour_counts(pixels)[0]


def bands(profile: np.ndarray) -> list[tuple[int, int]]:
    """Maximal runs of True in a 1-D boolean profile, as (start, stop) half-open ranges."""
    padded = np.concatenate([[False], profile, [False]])
    changes = np.flatnonzero(padded[1:] != padded[:-1])
    return [(int(a), int(b)) for a, b in zip(changes[::2], changes[1::2], strict=True)]


def runs(line: np.ndarray) -> int:
    """Number of runs of True along a 1-D boolean line."""
    return len(bands(line))


def blobs(mask: np.ndarray) -> list[np.ndarray]:
    """Connected components (8-connected) of a boolean mask, as boolean masks."""
    labels, count = ndimage.label(mask, structure=np.ones((3, 3), dtype=bool))
    return [labels == index for index in range(1, count + 1)]


def fill_ratio(blob: np.ndarray) -> float:
    """Blob area over its bounding-box area: ~0.78 for a disc, ~1 for a square, less for triangle or star."""
    ys, xs = np.nonzero(blob)
    box = (ys.max() - ys.min() + 1) * (xs.max() - xs.min() + 1)
    return float(blob.sum()) / float(box)


def crop_title(image: Image.Image, scene_height: int) -> tuple[Image.Image, Image.Image]:
    """Split a titled image into (title bar, scene) given the scene's height in pixels."""
    bar = image.height - scene_height
    return image.crop((0, 0, image.width, bar)), image.crop((0, bar, image.width, image.height))


def phash(image: Image.Image) -> np.ndarray:
    """The 64-bit DCT perceptual hash (imagehash's `phash`): the greyscale image shrunk to 32 x 32, its
    8 x 8 lowest-frequency DCT-II coefficients, each bit set where a coefficient exceeds their median."""
    grey = np.asarray(image.convert("L").resize((32, 32), Image.Resampling.LANCZOS), dtype=float)
    low = fft.dct(fft.dct(grey, axis=0), axis=1)[:8, :8]
    return (low > np.median(low)).ravel()


def phash_distance(first: Image.Image, second: Image.Image) -> int:
    """Bits (of 64) in which two images' perceptual hashes differ: 0 for near copies, ~32 for unrelated."""
    return int((phash(first) != phash(second)).sum())
