"""Dataset builders: everything that turns specs into Hugging Face datasets.

The version below is the single source of truth: it is written into every row
(`builder_version`), the manifest and the dataset card. Bump it whenever a
build would produce different pixels or rows.
"""

__version__ = "0.5.0"
