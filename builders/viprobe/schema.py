"""The VI-Probe row schema: one row per (image, language variant), in one `test` split.

The ids carry the paired structure the metrics need: `pair_id` joins an image's
forward and reversed rows (PFC, PFA), `config_id` joins the six variants of one
base configuration.
"""

from builders.core.schema import IMAGE_COLUMNS, ClassLabel, Image, Schema, Value
from builders.illusions.engine import CATEGORIES, Variant
from builders.viprobe.questions import POLARITIES

SCHEMA = Schema(
    {
        "image": Image(),
        "id": Value("string"),  # unique per row: <image_id>-<polarity>
        "image_id": Value("string"),
        "pair_id": Value("string"),  # the image: its f, r and I rows share it
        "config_id": Value("string"),  # the case at one base scale: its six variants share it
        "case_id": Value("int32"),  # 1-27, the paper's numbering
        "case_name": Value("string"),  # also the config name
        "case_title": Value("string"),
        "category": ClassLabel(names=list(CATEGORIES)),
        "variant": ClassLabel(names=[variant.value for variant in Variant]),
        "variant_code": Value("string"),  # O, P, OC, PC, OH, PH
        "base_scale": Value("float64"),
        "strength": Value("float64"),  # 1.0 for original images
        "alpha": Value("float64"),  # (strength - 1) / 0.5
        "polarity": ClassLabel(names=list(POLARITIES)),  # forward, reversed, instructional
        "question": Value("string"),  # the bare question
        "prompt": Value("string"),  # question + answer instructions: the user turn
        "system_prompt": Value("string"),  # empty except for instructional rows
        "label": ClassLabel(names=["no", "yes"]),  # 1 = "yes", as in <answer>1</answer>
        "template_version": Value("string"),
        **IMAGE_COLUMNS,
    }
)
