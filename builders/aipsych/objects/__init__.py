"""The object catalogue: 24 COCO categories, one small file each, drawn as flat vector figures.

Names are COCO category names (the release's COCO descriptions use them). Every figure is
dominated by its body colour, so "the red car" is red wherever it is drawn.
"""

from builders.aipsych.objects import (
    airplane,
    apple,
    backpack,
    bench,
    bird,
    boat,
    book,
    bottle,
    bowl,
    bus,
    car,
    cat,
    chair,
    couch,
    cup,
    dog,
    fire_hydrant,
    handbag,
    kite,
    suitcase,
    teddy_bear,
    tie,
    umbrella,
    vase,
)
from builders.aipsych.objects.base import Figure, Paint, Pen

_MODULES = (
    airplane,
    apple,
    backpack,
    bench,
    bird,
    boat,
    book,
    bottle,
    bowl,
    bus,
    car,
    cat,
    chair,
    couch,
    cup,
    dog,
    fire_hydrant,
    handbag,
    kite,
    suitcase,
    teddy_bear,
    tie,
    umbrella,
    vase,
)

#: Category name -> figure, in alphabetical order.
CATALOGUE: dict[str, Figure] = {module.FIGURE.name: module.FIGURE for module in _MODULES}
OBJECT_NAMES: tuple[str, ...] = tuple(CATALOGUE)

__all__ = ["CATALOGUE", "OBJECT_NAMES", "Figure", "Paint", "Pen"]
