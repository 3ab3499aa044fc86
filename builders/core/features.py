"""The types of the columns every family's rows carry about their image (`family.image_columns`).

Each family's schema ends with them. Kept apart from `family.py`, which worker
processes import: this module imports `datasets`.
"""

from __future__ import annotations

from datasets import Value

IMAGE_COLUMN_FEATURES = {
    "width": Value("int32"),
    "height": Value("int32"),
    "spec_hash": Value("string"),
    "pixel_sha256": Value("string"),
    "builder_version": Value("string"),
}
