"""VI-Probe ("Do VLMs Perceive or Recall?"): 27 graded illusions with matched controls and hints."""

from builders.core.spec import SpecRegistry
from builders.viprobe.cases import CASES
from builders.viprobe.family import ViProbeFamily
from builders.viprobe.spec import IllusionImageSpec

SPECS = SpecRegistry()
SPECS.register(IllusionImageSpec)

FAMILY = ViProbeFamily(cases={case.name: case for case in CASES}, spec_registry=SPECS)
