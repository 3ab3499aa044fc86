"""The IllusionBench+ row layout as plain names: splits, categories, difficulties, question types.

`schema.py` types them with `datasets.Features`; planning, the release reader, scoring and worker
processes import this module and never load `datasets`.
"""

import re

SPLITS = ("test", "descriptions")

#: The paper's order P1-P5 (Tables II, III).
CATEGORIES = ("classic", "real_scene", "no_illusion", "ishihara", "trap")
DIFFICULTIES = ("easy", "neutral", "hard")
QUESTION_TYPES = ("tf", "mc", "semantic", "illusion")
#: The release's "Question Type" spellings, by their letters, and our question type of each.
_RELEASE_TYPES = {"tf": "tf", "truefalse": "tf", "select": "mc", "mc": "mc", "multiplechoice": "mc"}
SOURCES = ("drawn", "release")


def question_kind(written: str) -> str | None:
    """Our question type ("tf" or "mc") of a type as the release writes it ("TF", "Select", "T/F",
    "MC", "multiple choice", ...), read by its letters; None for anything else.

    >>> question_kind("T/F"), question_kind(" Select "), question_kind("essay")
    ('tf', 'mc', None)
    """
    return _RELEASE_TYPES.get(re.sub(r"[^a-z]", "", written.lower()))
