"""The object catalogue: 24 COCO categories, one small file each, drawn as flat vector figures.

Names are COCO category names (the release's COCO descriptions use them). Every figure is
dominated by its body colour, so "the red car" is red wherever it is drawn. Each module
defines `FIGURE`; adding a category is adding its module name here.
"""

from __future__ import annotations

from builders.aipsych.objects.base import Figure, Paint, Pen
from builders.core.catalogue import entries

MODULES = (
    "airplane",
    "apple",
    "backpack",
    "bench",
    "bird",
    "boat",
    "book",
    "bottle",
    "bowl",
    "bus",
    "car",
    "cat",
    "chair",
    "couch",
    "cup",
    "dog",
    "fire_hydrant",
    "handbag",
    "kite",
    "suitcase",
    "teddy_bear",
    "tie",
    "umbrella",
    "vase",
)

#: Category name -> figure, in alphabetical order.
CATALOGUE: dict[str, Figure] = {figure.name: figure for figure in entries(__name__, MODULES, "FIGURE")}
OBJECT_NAMES: tuple[str, ...] = tuple(CATALOGUE)

__all__ = ["CATALOGUE", "OBJECT_NAMES", "Figure", "Paint", "Pen"]
