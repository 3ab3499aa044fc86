"""Boxes in image pixels: where an object is drawn, and how much of one another covers."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in image pixels."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def area(self) -> float:
        return self.width * self.height

    def contains(self, other: Box) -> bool:
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )

    def overlap_area(self, other: Box) -> float:
        """The area `self` and `other` share.

        >>> Box(0, 0, 10, 10).overlap_area(Box(5, 5, 10, 10))
        25
        """
        width = min(self.right, other.right) - max(self.x, other.x)
        height = min(self.bottom, other.bottom) - max(self.y, other.y)
        return max(0, width) * max(0, height)

    def grown(self, pad: float) -> Box:
        return Box(self.x - pad, self.y - pad, self.width + 2 * pad, self.height + 2 * pad)
