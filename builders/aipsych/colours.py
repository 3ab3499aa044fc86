"""How far apart two drawn colours look: CIEDE2000 on the sRGB fills, and the near-synonym threshold.

A colour trap offers two wrong colours. If a wrong colour looks like the truth (silver offered for a
white object, gray for a silver one), picking it is not a hallucination, so the trap is unfair.
The threshold is measured, not listed: two palette colours are near-synonyms when the CIEDE2000
difference of the fills we draw them in is below `NEAR_SYNONYM`. With the palette's fills the
pairs below it are white-silver (14.1), blue-purple (18.2) and gray-silver (19.7); the closest
pair above it is red-brown (21.7).
"""

from __future__ import annotations

import functools
import math

#: CIEDE2000 difference below which two drawn colours count as near-synonyms.
NEAR_SYNONYM = 20.0


def srgb_to_lab(hex_colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB `#rrggbb` colour.

    >>> [round(value, 1) + 0.0 for value in srgb_to_lab("#808080")]
    [53.6, 0.0, 0.0]
    """
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
    y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
    z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@functools.cache
def delta_e(first: str, second: str) -> float:
    """CIEDE2000 difference of two sRGB colours (Sharma, Wu and Dalal's formulation).

    >>> round(delta_e("#ffffff", "#c0c0c0"), 1), delta_e("#dc141e", "#dc141e")
    (14.1, 0.0)
    """
    l1, a1, b1 = srgb_to_lab(first)
    l2, a2, b2 = srgb_to_lab(second)
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    dh_term = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh_term / sh) ** 2 + rt * (dc / sc) * (dh_term / sh))
