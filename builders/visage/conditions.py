"""The seven VISaGE conditions: which question, which name, which image, and the correct answer.

Paper Sec. 4 and Fig. 2 (table in specs/other_benchmarks.md §4.3). Experiment 1
asks about the kind (concept queries), experiment 2 about the pictured instance:

| cond. | query    | name      | image       | congruent | correct |
|-------|----------|-----------|-------------|-----------|---------|
| 1a    | concept  | category  | typical     | yes       | yes     |
| 1b    | concept  | category  | exceptional | no        | yes     |
| 1c    | concept  | exception | exceptional | yes       | no      |
| 1d    | concept  | exception | typical     | no        | no      |
| 2a    | instance | category  | typical     | yes       | yes     |
| 2b    | instance | category  | exceptional | no        | no      |
| 2c    | instance | exception | exceptional | yes       | no      |

The labels are not typed in: they follow from the paper's logic (`correct`).
A generic holds of the category and fails of the exception whatever the image
shows, so a concept query's answer depends only on the name; an instance query
asks about the pictured object, so its answer depends only on the image. The
paper has no eighth condition (instance query naming the exception over a
typical image): its question would presuppose what the image contradicts.

So a typical image is asked 1a, 1d and 2a, an exceptional image 1b, 1c, 2b and
2c: seven queries per (typical, exceptional) image pair, as in the paper's
balanced design (1,601 pairs, about 11.2k queries per model).
"""

from __future__ import annotations

import dataclasses

from builders.visage.predicates import PROMPT_PREFIX, VisageTuple

QUERY_TYPES = ("concept", "instance")
NAME_TYPES = ("category", "exception")
IMAGE_TYPES = ("typical", "exceptional")
LABELS = ("no", "yes")


def correct(query_type: str, name_type: str, image_type: str) -> str:
    """The right answer: the norm holds of the category, not of the exception or an exceptional image.

    >>> correct("concept", "category", "exceptional"), correct("instance", "category", "exceptional")
    ('yes', 'no')
    """
    holds = name_type == "category" if query_type == "concept" else image_type == "typical"
    return "yes" if holds else "no"


def congruent(name_type: str, image_type: str) -> bool:
    """Whether the name and the image agree: category with typical, exception with exceptional."""
    return (name_type == "category") == (image_type == "typical")


@dataclasses.dataclass(frozen=True)
class Condition:
    code: str
    query_type: str
    name_type: str
    image_type: str

    @property
    def congruent(self) -> bool:
        return congruent(self.name_type, self.image_type)

    @property
    def label(self) -> str:
        return correct(self.query_type, self.name_type, self.image_type)

    def question(self, tuple_: VisageTuple) -> str:
        """The bare question of this condition about `tuple_`."""
        if self.query_type == "concept":
            return tuple_.concept_question(self.name_type)
        return tuple_.instance_question(self.name_type)

    def prompt(self, tuple_: VisageTuple) -> str:
        """The full user prompt, with the paper's "Answer yes or no." prefix."""
        return PROMPT_PREFIX + self.question(tuple_)


CONDITIONS: tuple[Condition, ...] = (
    Condition("1a", "concept", "category", "typical"),
    Condition("1b", "concept", "category", "exceptional"),
    Condition("1c", "concept", "exception", "exceptional"),
    Condition("1d", "concept", "exception", "typical"),
    Condition("2a", "instance", "category", "typical"),
    Condition("2b", "instance", "category", "exceptional"),
    Condition("2c", "instance", "exception", "exceptional"),
)
CONDITION_CODES = tuple(condition.code for condition in CONDITIONS)


def conditions_for(image_type: str) -> tuple[Condition, ...]:
    """The conditions asked of an image of this type: 1a, 1d, 2a (typical); 1b, 1c, 2b, 2c (exceptional).

    >>> [c.code for c in conditions_for("typical")]
    ['1a', '1d', '2a']
    """
    return tuple(condition for condition in CONDITIONS if condition.image_type == image_type)


#: The recognition split's question, asked of every image (specs/other_benchmarks.md §4.6).
RECOGNITION_PROMPT = "What is this object?"
