"""The VLMBias row layout as plain names: splits, answer types and the released twelve columns.

`schema.py` types them with `datasets.Features`; code that only needs the names (the family's
planning, the release reader, worker processes) imports this module and never loads `datasets`.
"""

#: The background-removed images' splits, as released: their Q1 and Q2, and their Q3.
NO_BACKGROUND_SPLITS = ("remove_background_q1q2", "remove_background_q3")
SPLITS = ("main", "identification", "withtitle", "original", *NO_BACKGROUND_SPLITS)

ANSWER_TYPES = ("number", "yes_no", "text")

RELEASED_COLUMNS = (
    "image",
    "ID",
    "image_path",
    "topic",
    "sub_topic",
    "prompt",
    "ground_truth",
    "expected_bias",
    "with_title",
    "type_of_question",
    "pixel",
    "metadata",
)
