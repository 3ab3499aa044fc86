"""The VISaGE row schema: one `test` row per (image, condition), one `recognition` row per image.

Both splits share these columns (a config has one schema). Condition rows fill
every column; a recognition row asks "What is this object?" and leaves the
condition columns (`condition`, `query_type`, `name_type`, `congruent`,
`label`) empty, its accepted answers being in `answers`.
"""

from builders.core.schema import IMAGE_COLUMNS, ClassLabel, Image, List, Schema, Value
from builders.visage.conditions import CONDITION_CODES, IMAGE_TYPES, LABELS, NAME_TYPES, QUERY_TYPES
from builders.visage.predicates import PREDICATES
from builders.visage.rows import SPLITS

__all__ = ["SCHEMA", "SPLITS"]

SCHEMA = Schema(
    {
        "image": Image(),
        "id": Value("string"),  # <image_id>-<condition>, or <image_id>-recognition
        "image_id": Value("string"),  # <tuple_id>-t<i> (typical) or -e<i> (exceptional)
        "tuple_id": Value("string"),  # <concept>-<norm>-<exception>: the seven conditions of a pair share it
        "norm_id": Value("string"),  # <concept>-<norm>: tuples of one generic share it
        "condition": ClassLabel(names=list(CONDITION_CODES)),  # 1a ... 2c; empty for recognition
        "query_type": ClassLabel(names=list(QUERY_TYPES)),  # concept (experiment 1) or instance (2)
        "name_type": ClassLabel(names=list(NAME_TYPES)),  # the question names the category or the exception
        "image_type": ClassLabel(names=list(IMAGE_TYPES)),
        "congruent": Value("bool"),  # name and image agree (category/typical, exception/exceptional)
        "category": Value("string"),
        "category_pl": Value("string"),
        "exception": Value("string"),
        "exception_pl": Value("string"),
        "predicate": ClassLabel(names=list(PREDICATES)),  # have / be / do: which surface form
        "attribute": Value("string"),  # as the concept question says it: "manes", "octagonal"
        "norm_text": Value("string"),  # the generic: "Lions have manes."
        "name_reveals": Value("bool"),  # the exception's name states the violation ("maneless lion")
        "prompt": Value("string"),  # the user turn, verbatim
        "label": ClassLabel(names=list(LABELS)),  # the correct answer; empty for recognition
        "answers": List(Value("string")),  # accepted answers: [label], or the object's names
        "template_version": Value("string"),
        **IMAGE_COLUMNS,
    }
)
