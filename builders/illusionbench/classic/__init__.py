"""The classic illusions of the drawn subset: four drawn by VI-Probe's cases, seven of their own.

Each is one module defining `ILLUSION`; adding one is adding its module name here.
"""

from __future__ import annotations

from builders.core.catalogue import entries
from builders.illusionbench.classic.base import ClassicIllusion

MODULES = (
    "muller_lyer",
    "ponzo",
    "ebbinghaus",
    "delboeuf",
    "jastrow",
    "cafe_wall",
    "hermann_grid",
    "kanizsa_triangle",
    "necker_cube",
    "penrose_triangle",
    "rubin_vase",
)

ILLUSIONS: dict[str, ClassicIllusion] = {
    illusion.name: illusion for illusion in entries(__name__, MODULES, "ILLUSION")
}
