"""How a setting is seen: the pinhole camera whose pixels per metre the size law (`scale`) reads.

Kept apart from `scale` so a setting can declare its camera without importing the size law.
"""

from __future__ import annotations

import dataclasses

#: The image height the cameras' pixels per metre are given for (they scale with the height).
REFERENCE_HEIGHT = 480


@dataclasses.dataclass(frozen=True)
class Camera:
    """How a setting is seen: pixels per metre on its plane, at its back wall and in its air."""

    #: Pixels per metre on the plane at the image's bottom edge (for a 480-pixel-high image).
    near: float
    #: Where the plane recedes to (fraction of the height; below zero when the camera looks down).
    vanishing: float
    #: Where the plane meets the back wall (fraction of the height): shelves and walls stand there.
    wall: float = 1.0
    #: Pixels per metre of things in the air (for a 480-pixel-high image): farthest, nearest.
    air: tuple[float, float] = (0.0, 0.0)

    def ppm(self, feet: float, height: int, zoom: float = 1.0) -> float:
        """Pixels per metre of something standing on the plane with its feet at pixel row `feet`."""
        horizon = self.vanishing * height
        return zoom * self.near * height / REFERENCE_HEIGHT * (feet - horizon) / (height - horizon)

    def feet(self, ppm: float, height: int, zoom: float = 1.0) -> float:
        """The pixel row where feet on the plane are drawn at `ppm` pixels per metre (`ppm`'s inverse)."""
        horizon = self.vanishing * height
        return horizon + ppm * (height - horizon) * REFERENCE_HEIGHT / (zoom * self.near * height)

    def wall_ppm(self, height: int, zoom: float = 1.0) -> float:
        return self.ppm(self.wall * height, height, zoom)

    def air_ppm(self, height: int, zoom: float = 1.0) -> tuple[float, float]:
        low, high = self.air
        return zoom * low * height / REFERENCE_HEIGHT, zoom * high * height / REFERENCE_HEIGHT
