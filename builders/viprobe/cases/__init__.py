"""The 27 VI-Probe cases in the paper's order (size 1-11, color 12-18, orientation 19-27).

Each case is one module defining `CASE`; adding a case is adding its module name here.
"""

from __future__ import annotations

from builders.core.catalogue import entries
from builders.illusions.engine import IllusionCase

MODULES = (
    # size
    "muller_lyer",
    "circle_muller_lyer",
    "ponzo",
    "ponzo_trapezoid",
    "ebbinghaus",
    "ebbinghaus_rectangular",
    "delboeuf",
    "oppel_kundt",
    "irradiation",
    "irradiation_pentagon",
    "circle_ponzo",
    # color
    "cornsweet",
    "simultaneous_contrast",
    "munker_white",
    "mach_band",
    "mach_band_case2",
    "chubb",
    "cornsweet_case1",
    # orientation
    "hering",
    "hering_vertical",
    "zollner",
    "zollner_vertical",
    "twisted_cord",
    "twisted_cord_light",
    "poggendorff",
    "poggendorff_horizontal",
    "ehrenstein",
)

CASES: tuple[IllusionCase, ...] = entries(__name__, MODULES, "CASE")
