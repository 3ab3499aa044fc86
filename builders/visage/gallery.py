"""What the review gallery shows of VISaGE rows (for the family's `gallery_view`)."""

from builders.core.gallery_view import Fact, Filter, GalleryView, QuestionColumn

#: A card per image: its generic and exception, then its condition questions with their answers.
GALLERY_VIEW = GalleryView(
    filters=(
        Filter("category", "category"),
        Filter("image_type", "image"),
        Filter("predicate", "predicate"),
    ),
    facts=(
        Fact("norm_text"),
        Fact("exception", "exception:"),
        Fact("image_type"),
        Fact("name_reveals", "name reveals:"),
    ),
    questions=(
        QuestionColumn("condition", "cond."),
        QuestionColumn("prompt", "prompt", "prompt"),
        QuestionColumn("label", "answer", "truth"),
        QuestionColumn("congruent", "congruent"),
    ),
    text="prompt",
)
