"""The IllusionBench+ row layout as plain names: splits, categories, difficulties, question types.

`schema.py` types them with `datasets.Features`; planning, the release reader and worker processes
import this module and never load `datasets`.
"""

SPLITS = ("test", "descriptions")

#: The paper's order P1-P5 (Tables II, III).
CATEGORIES = ("classic", "real_scene", "no_illusion", "ishihara", "trap")
DIFFICULTIES = ("easy", "neutral", "hard")
QUESTION_TYPES = ("tf", "mc", "semantic", "illusion")
SOURCES = ("drawn", "release")
