"""The IllusionBench+ row schema: one row per question, the golden description in its own split.

`test` holds the true/false (`tf`) and multiple-choice (`mc`) questions; `descriptions` holds, per
image, the two open-ended prompts (`semantic`, `illusion`) with the golden description as their
`answer`. Both splits share these features (a config's splits must), so description rows have no
options. Rows of the release keep its question and answer text verbatim; drawn rows carry the
perturbation their difficulty comes from.
"""

from builders.core.schema import IMAGE_COLUMNS, ClassLabel, Image, List, Schema, Value
from builders.illusionbench.columns import CATEGORIES, DIFFICULTIES, QUESTION_TYPES, SOURCES

SCHEMA = Schema(
    {
        "image": Image(),
        "id": Value("string"),  # unique per row: <image_id>-tf1, -mc2, -semantic, ... (release: -q3)
        "image_id": Value("string"),  # shared by the rows of one image
        "image_name": Value("string"),  # the release's file name; drawn images: <image_id>.png
        "source": ClassLabel(names=list(SOURCES)),
        "category": ClassLabel(names=list(CATEGORIES)),
        "illusion": Value("string"),  # drawn classic and trap images: e.g. "jastrow"; otherwise ""
        "difficulty": ClassLabel(names=list(DIFFICULTIES)),
        "perturbation": Value("float64"),  # drawn: size of the physical difference; release: None
        "question_type": ClassLabel(names=list(QUESTION_TYPES)),
        #: The type as the release writes it ("TF", "select"; release rows verbatim): what lmms-eval's
        #: own task branches on (exactly "TF" is true/false). "" for description rows.
        "source_question_type": Value("string"),
        "question": Value("string"),  # verbatim; multiple-choice questions list their options i-iv
        "options": List(Value("string")),  # the four options in i-iv order; [] for other rows
        "answer": Value("string"),  # "True"/"False", an option numeral, or the golden description
        "prompt": Value("string"),  # the paper's full prompt for the question (Appendix A, Sec. III-C)
        "template_version": Value("string"),
        **IMAGE_COLUMNS,
    }
)
