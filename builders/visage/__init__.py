"""VISaGE (Visual Generics and Exceptions): does a model's knowledge of a kind override what it sees?

A tuple pairs a generic ("clocks have hands") with a named exception
("digital clock"); each (typical, exceptional) image pair of a tuple is asked
the paper's seven conditions. The `drawn` config draws real-world concepts
from code (`concepts/`, one file per category); `external` reads the authors'
tuples and photos from local files.

The family wiring calls `plan.specs`, `plan.image_job`, `plan.scene` and `plan.rows`.
"""

from builders.visage.plan import CONFIGS, SPECS, image_job, rows, scene, specs
from builders.visage.schema import FEATURES, SPLITS
from builders.visage.spec import PRESETS, DrawnImageSpec, ExternalImageSpec

__all__ = [
    "CONFIGS",
    "FEATURES",
    "PRESETS",
    "SPECS",
    "SPLITS",
    "DrawnImageSpec",
    "ExternalImageSpec",
    "image_job",
    "rows",
    "scene",
    "specs",
]
