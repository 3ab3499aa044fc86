"""Pixel measurements for the VISaGE audits: they read pixels, the spec's palette and its probes.

Every pixel is traced to the palette role nearest in colour (or to the
background, read from a render of the background alone); a probe then counts
runs along a line or circle, blobs, corners or bulges of some roles' pixels, or
names the colour at sample points with its own hue rules.
"""

from __future__ import annotations

import colorsys
import functools
import math
from collections import Counter

import numpy as np
from PIL import Image
from scipy import ndimage, signal

from builders.core.raster import rasterize_image
from builders.visage.colours import rgb
from builders.visage.concepts import concept
from builders.visage.drawing import Probe
from builders.visage.render import background_canvas, measured
from builders.visage.spec import DrawnImageSpec
from builders.visage.style import VIEW, Background

#: Runs shorter than this many pixels are anti-aliasing, not a part.
MIN_RUN_PX = 1.5
#: A pixel this close to a candidate colour is a flat fill of it.
PURE = 6.0


class View:
    """One drawn image (square, any size) with its spec, its pixels traced to palette roles or the background.

    A pixel of a flat fill matches one candidate colour (a role's, or the background's there)
    almost exactly. An anti-aliased edge pixel mixes two, and such a mix can lie nearer a third
    palette colour (red paint and white lines mix to pink): it is explained as the best mix of
    two candidates and belongs to whichever makes up most of it. Pixels are traced lazily: a
    probe along a line only traces the pixels it crosses.
    """

    def __init__(self, spec: DrawnImageSpec, image: Image.Image) -> None:
        self.spec = spec
        self.size = image.width
        self.px = self.size / VIEW
        self.image = np.asarray(image.convert("RGB"), dtype=np.int32)
        self.background = _background(spec.background, spec.background_colors, self.size)
        self.roles = [role for role, _ in spec.palette]
        self.colours = np.array([rgb(hex_) for _, hex_ in spec.palette], dtype=np.int32)
        self._labels: np.ndarray | None = None

    @property
    def labels(self) -> np.ndarray:
        """Role index per pixel, -1 for the background."""
        if self._labels is None:
            # Pixels equal to the background are the background; only the others need tracing.
            rows, cols = np.nonzero((self.image != self.background).any(axis=2))
            self._labels = np.full((self.size, self.size), -1)
            self._labels[rows, cols] = self.trace(rows, cols)
        return self._labels

    def trace(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """Role index (or -1) of the pixels at (rows, cols)."""
        pixels = self.image[rows, cols]
        k = len(self.colours)
        candidates = np.concatenate(
            [np.broadcast_to(self.colours, (len(pixels), k, 3)), self.background[rows, cols][:, None]], axis=1
        )
        distances = _channel_sum((candidates - pixels[:, None]) ** 2)
        labels = distances.argmin(axis=1)
        # A flat pixel matches a candidate and its four neighbours; any other is an edge, a mix.
        uneven = np.zeros(len(rows), dtype=bool)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            near = self.image[np.clip(rows + dr, 0, self.size - 1), np.clip(cols + dc, 0, self.size - 1)]
            far = np.abs(near - pixels) > PURE
            uneven |= far[:, 0] | far[:, 1] | far[:, 2]
        mixed = np.flatnonzero((distances.min(axis=1) > PURE**2) | uneven)
        labels[mixed] = _mixes(pixels[mixed].astype(np.float32), candidates[mixed].astype(np.float32))
        return np.where(labels == k, -1, labels)

    def mask(self, roles: tuple[str, ...]) -> np.ndarray:
        if not roles:
            return self.labels >= 0
        wanted = [self.roles.index(role) for role in roles]
        return np.isin(self.labels, wanted)

    def measure(self, probe: Probe) -> int | str:
        if probe.kind == "colour":
            return self.colour(probe)
        if probe.kind == "runs":
            return self.runs(probe)
        mask = self.mask(probe.roles)
        if probe.kind == "components":
            return len(self.blobs(mask, probe.shape, probe.min_area))
        if probe.kind == "presence":
            # Opened first: a one-pixel seam where two other colours blend can pass for the part's colour.
            solid = ndimage.binary_opening(mask, structure=ndimage.generate_binary_structure(2, 1))
            return int(solid.sum() >= max(probe.min_area * self.px**2, 4))
        if probe.kind == "corners":
            return corners(largest(mask))
        if probe.kind == "lobes":
            return lobes(mask)
        raise ValueError(probe.kind)

    def _sample(self, roles: tuple[str, ...], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        cols = np.clip(np.floor(xs * self.px).astype(int), 0, self.size - 1)
        rows = np.clip(np.floor(ys * self.px).astype(int), 0, self.size - 1)
        labels = self.trace(rows, cols)
        wanted = [self.roles.index(role) for role in roles] if roles else list(range(len(self.roles)))
        return np.isin(labels, wanted)

    def runs(self, probe: Probe) -> int:
        step = 0.35 / self.px  # viewBox units per sample: about three samples per pixel
        if probe.circle is not None:
            cx, cy, r = probe.circle
            count = max(int(2 * math.pi * r / step), 16)
            angles = np.linspace(0, 2 * math.pi, count, endpoint=False)
            values = self._sample(probe.roles, cx + r * np.cos(angles), cy + r * np.sin(angles))
            if values.all():
                return 1
            values = np.roll(values, -int(np.argmin(values)))  # start outside a run: no run wraps
        else:
            xs, ys = [], []
            for (x1, y1), (x2, y2) in zip(probe.path, probe.path[1:], strict=False):
                n = max(int(math.dist((x1, y1), (x2, y2)) / step), 2)
                xs.append(np.linspace(x1, x2, n))
                ys.append(np.linspace(y1, y2, n))
            values = self._sample(probe.roles, np.concatenate(xs), np.concatenate(ys))
        return sum(1 for length in _run_lengths(values) if length * 0.35 >= MIN_RUN_PX)

    def blobs(self, mask: np.ndarray, shape: str, min_area: float) -> list[np.ndarray]:
        labels, count = ndimage.label(mask)
        found = []
        for index in range(1, count + 1):
            blob = labels == index
            if blob.sum() < max(min_area * self.px**2, 3):
                continue
            ratio = elongation(blob)
            if (shape == "round" and ratio > 1.6) or (shape == "elongated" and ratio < 2.5):
                continue
            found.append(blob)
        return found

    def colour(self, probe: Probe) -> str:
        names = []
        for x, y in probe.path:
            col, row = int(x * self.px), int(y * self.px)
            patch = (
                self.image[max(row - 1, 0) : row + 2, max(col - 1, 0) : col + 2].reshape(-1, 3).astype(float)
            )
            names.append(colour_name(*np.median(patch, axis=0)))
        return Counter(names).most_common(1)[0][0]


def audit(view: View) -> None:
    """Assert the norm's attribute, measured in the pixels, is what the geometry drew, holds exactly in
    a typical image and fails in an exceptional one, and that the object stays inside the picture
    (unless the norm frames it closer)."""
    spec = view.spec
    norm = concept(spec.concept).norm(spec.norm)
    expected = measured(spec)[norm.measure]
    found = view.measure(expected.probe)
    assert found == expected.value, (
        f"{spec.image_id}: {norm.measure} drawn {expected.value}, measured {found}"
    )
    assert norm.expect.holds(found) == (spec.image_type == "typical"), (
        f"{spec.image_id}: {norm.key} = {found}"
    )
    if norm.framing is not None:
        return  # a close-up runs off the picture's edges on purpose
    # The object lies wholly inside the picture: the border shows only background.
    border = np.concatenate([view.image[[0, -1]], view.image[:, [0, -1]].transpose(1, 0, 2)], axis=1)
    background = np.concatenate(
        [view.background[[0, -1]], view.background[:, [0, -1]].transpose(1, 0, 2)], axis=1
    )
    assert (np.abs(border - background) <= 2).all(), f"{spec.image_id} touches the edge"


def _background(kind: str, colours: tuple[str, ...], size: int) -> np.ndarray:
    """The background alone, as a read-only size x size view of its one column."""
    column = _background_column(kind, colours, size)
    return np.broadcast_to(column[:, None, :], (size, size, 3))


@functools.cache
def _background_column(kind: str, colours: tuple[str, ...], size: int) -> np.ndarray:
    """Drawn once per background (images share them); every kind is uniform along a row, so one
    column holds it all (checked)."""
    array = np.asarray(
        rasterize_image(background_canvas(Background(kind, colours)), size, size), dtype=np.int32
    )
    if not (array == array[:, :1]).all():
        raise AssertionError(f"background {kind} {colours} varies along a row; keep it whole")
    column = array[:, 0].copy()
    column.flags.writeable = False
    return column


def _channel_sum(values: np.ndarray) -> np.ndarray:
    """`values.sum(axis=-1)` over the three colour channels, added in the same order a channel at a time
    (numpy reduces a short last axis element by element, several times slower)."""
    return values[..., 0] + values[..., 1] + values[..., 2]


def _mixes(pixels: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """For each pixel, the candidate making up most of its best two-colour mix."""
    n, count = len(pixels), candidates.shape[1]
    best_error = np.full(n, np.inf)
    label = np.zeros(n, dtype=int)
    for a in range(count):
        for b in range(a + 1, count):
            ca, cb = candidates[:, a], candidates[:, b]
            span = ca - cb
            length = np.maximum(_channel_sum(span**2), 1e-6)
            alpha = np.clip(_channel_sum((pixels - cb) * span) / length, 0, 1)
            error = np.sqrt(_channel_sum((pixels - (cb + alpha[:, None] * span)) ** 2))
            better = error < best_error
            best_error = np.where(better, error, best_error)
            label = np.where(better, np.where(alpha >= 0.5, a, b), label)
    return label


def _run_lengths(values: np.ndarray) -> list[int]:
    padded = np.concatenate([[False], values, [False]])
    changes = np.flatnonzero(padded[1:] != padded[:-1])
    return [int(b - a) for a, b in zip(changes[::2], changes[1::2], strict=True)]


def elongation(blob: np.ndarray) -> float:
    """Ratio of a blob's principal axes (1 for a disc, large for a thin bar)."""
    ys, xs = np.nonzero(blob)
    if len(xs) < 3:
        return 1.0
    covariance = np.cov(np.vstack([xs, ys]))
    small, large = np.linalg.eigvalsh(covariance)
    return math.sqrt(large / max(small, 1e-6))


def largest(mask: np.ndarray) -> np.ndarray:
    labels, count = ndimage.label(mask)
    if count == 0:
        return mask
    sizes = ndimage.sum(mask, labels, range(1, count + 1))
    return labels == (int(np.argmax(sizes)) + 1)


def corners(blob: np.ndarray) -> int:
    """Corners of a blob's outline: peaks of its reach from the centroid, in 2-degree bins."""
    if blob.sum() < 20:
        return 0
    ys, xs = np.nonzero(blob)
    cy, cx = ys.mean(), xs.mean()
    bins = ((np.degrees(np.arctan2(ys - cy, xs - cx)) + 360) % 360 / 2).astype(int) % 180
    reach = np.zeros(180)
    np.maximum.at(reach, bins, np.hypot(ys - cy, xs - cx))
    smooth = ndimage.uniform_filter1d(reach, 3, mode="wrap")
    tiled = np.concatenate([smooth, smooth, smooth])
    peaks, _ = signal.find_peaks(tiled, prominence=0.015 * float(np.median(smooth)), distance=6)
    return int(((peaks >= 180) & (peaks < 360)).sum())


def lobes(mask: np.ndarray) -> int:
    """Bulges of a silhouette down the image: maxima of its width row by row."""
    rows = np.flatnonzero(mask.any(axis=1))
    if len(rows) == 0:
        return 0
    widths = np.zeros(mask.shape[0])
    for row in rows:
        cols = np.flatnonzero(mask[row])
        widths[row] = cols[-1] - cols[0] + 1
    smooth = ndimage.uniform_filter1d(widths, 3)
    height = rows[-1] - rows[0] + 1
    padded = np.concatenate([[0], smooth, [0]])
    peaks, _ = signal.find_peaks(padded, prominence=0.1 * smooth.max(), distance=max(3, int(0.08 * height)))
    return len(peaks)


def colour_name(r: float, g: float, b: float) -> str:
    """A basic colour name by hue, saturation and value (the audit's own rules, not the palette's).

    >>> colour_name(253, 216, 53), colour_name(250, 250, 250), colour_name(109, 76, 48)
    ('yellow', 'white', 'brown')
    """
    hue, saturation, value = colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)
    hue *= 360
    if value < 0.22:
        return "black"
    if saturation < 0.14:
        return "white" if value > 0.85 else "grey"
    if 10 <= hue < 50 and value < 0.55:
        return "brown"
    for name, upper in (("red", 12), ("orange", 42), ("yellow", 70), ("green", 165), ("blue", 250)):
        if hue < upper:
            return name
    return "purple" if hue < 300 else "pink" if hue < 345 else "red"
