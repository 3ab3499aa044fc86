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
    "alarm_clock",
    "apple",
    "armchair",
    "baby_stroller",
    "backpack",
    "balloon",
    "banana",
    "baseball_cap",
    "bench",
    "bicycle",
    "bird",
    "blender",
    "blimp",
    "book",
    "bottle",
    "bowl",
    "bus",
    "butterfly",
    "cake",
    "camera",
    "candle",
    "car",
    "cat",
    "cell_phone",
    "chair",
    "cooking_pot",
    "couch",
    "cup",
    "dog",
    "donut",
    "duck",
    "fire_hydrant",
    "floor_lamp",
    "frying_pan",
    "guitar",
    "handbag",
    "headphones",
    "helicopter",
    "hot_air_balloon",
    "kettle",
    "kite",
    "laptop",
    "lawn_mower",
    "mailbox",
    "microwave",
    "motorcycle",
    "office_chair",
    "parachute",
    "parking_meter",
    "pear",
    "potted_plant",
    "rubber_duck",
    "scissors",
    "scooter",
    "skateboard",
    "suitcase",
    "table_lamp",
    "teapot",
    "teddy_bear",
    "television",
    "tie",
    "toaster",
    "traffic_cone",
    "traffic_light",
    "trash_can",
    "truck",
    "umbrella",
    "vase",
    "wall_clock",
    "watering_can",
    "wheelbarrow",
)

#: Category name -> figure, in alphabetical order.
CATALOGUE: dict[str, Figure] = {figure.name: figure for figure in entries(__name__, MODULES, "FIGURE")}
OBJECT_NAMES: tuple[str, ...] = tuple(CATALOGUE)

__all__ = ["CATALOGUE", "OBJECT_NAMES", "Figure", "Paint", "Pen"]
