"""The VLMBias row schema: the released twelve columns, then our typed extras.

The first twelve columns keep the names, order and types of the released
dataset (`anvo25/vlms-are-biased`), so consumers such as lmms-eval's
`vlms_are_biased` run on our rows unchanged. Every config shares this schema,
which is what lets an `all` config glob across them.
"""

from builders.core.schema import IMAGE_COLUMNS, ClassLabel, Image, Schema, Value
from builders.vlmbias.columns import ANSWER_TYPES

SCHEMA = Schema(
    {
        # Released columns, unchanged.
        "image": Image(),
        "ID": Value("string"),
        "image_path": Value("string"),
        "topic": Value("string"),
        "sub_topic": Value("string"),
        "prompt": Value("string"),
        "ground_truth": Value("string"),
        "expected_bias": Value("string"),
        "with_title": Value("bool"),
        "type_of_question": Value("string"),
        "pixel": Value("int64"),
        "metadata": Value("string"),
        # Typed extras.
        "id": Value("string"),  # the row's id under the name every family uses (equal to `ID`)
        "image_id": Value("string"),  # shared by every row of one image
        "config": Value("string"),  # the topic config the row belongs to
        "modification": Value("string"),  # e.g. remove, replace, add, none
        "is_counterfactual": Value("bool"),
        "answer_type": ClassLabel(names=list(ANSWER_TYPES)),
        **IMAGE_COLUMNS,
    }
)
