"""Questions of a drawn image, and the paper's prompt wrappers every row uses.

A drawn image states its `Facts` (true and false statements, multiple-choice questions, the
content and cause of its golden description), all computed from its spec. From them each image
gets, as in the paper (Sec. III-B1):

- 2 true/false statements, or 3 for every third image, with exactly one true statement, so 4 of
  every 7 are false (57 %, the paper's share), at least one of them about the property the image's
  perturbation changes (its trap's targets, the plate's digit, the scene's largest shape); which
  ones and their order are seeded;
- every multiple-choice question, its four options in a seeded order labelled i-iv;
- the golden description in the paper's template: "In this picture, [content]. There [is/is no]
  visual illusion in the image. The reason for visual illusions is [cause]." (no reason sentence
  when there is no illusion).

`TEMPLATE_VERSION` changes whenever a wording here or in a drawn image's facts changes.
"""

from __future__ import annotations

import dataclasses

from builders.core.hashing import rng_for
from builders.illusionbench.options import NUMERALS, list_options

TEMPLATE_VERSION = "illusionbench-drawn-3"


#: Appendix A prompts; `question` is the statement or the question with its options.
TF_PROMPT = (
    "Given an image, check if the following description is correct, and answer 'True' or 'False'. "
    "Do not explain the reason. Description: {question}"
)
MC_PROMPT = (
    "Given an image, a question, and some options, You have to select the correct one. Do not explain your "
    "reasoning. Answer with only the Roma number that corresponds to the correct option. Do not repeat the "
    "entire answer. Do not explain the reason. {question}"
)
#: Sec. III-C1: the open-ended prompts, verbatim.
SEMANTIC_PROMPT = "Please provide a description of the content in this image."
ILLUSION_PROMPT = (
    "Is there a visual illusion in the image? If so, please explain the reason for the illusion."
)


def prompt(question_type: str, question: str) -> str:
    """The full prompt of a row: the paper's wrapper around a true/false or multiple-choice question.

    >>> prompt("tf", "The lines are equal.")[-45:]
    'the reason. Description: The lines are equal.'
    >>> prompt("semantic", SEMANTIC_PROMPT) == SEMANTIC_PROMPT
    True
    """
    if question_type == "tf":
        return TF_PROMPT.format(question=question)
    if question_type == "mc":
        return MC_PROMPT.format(question=question)
    return question


@dataclasses.dataclass(frozen=True)
class Statement:
    text: str
    truth: bool
    #: About the property the image's perturbation changes (a trap's targets, a plate's digit, ...).
    about_change: bool = False


@dataclasses.dataclass(frozen=True)
class Choice:
    """A multiple-choice question: its stem, the correct option and three wrong ones."""

    question: str
    correct: str
    wrong: tuple[str, ...]  # three, all different from `correct` and each other (checked)

    def __post_init__(self) -> None:
        if len({self.correct, *self.wrong}) != 4:
            raise ValueError(
                f"a choice needs four different options, got {self.correct!r} and {self.wrong!r}"
            )


@dataclasses.dataclass(frozen=True)
class Facts:
    """What the rows of one drawn image say; `cause` is None when the image holds no illusion."""

    statements: tuple[Statement, ...]
    choices: tuple[Choice, ...]
    content: str
    cause: str | None

    def __post_init__(self) -> None:
        truths = [statement.truth for statement in self.statements]
        if truths.count(True) < 1 or truths.count(False) < 2 or len(self.choices) < 3:
            raise ValueError(f"facts need a true and two false statements and three choices: {self!r}")
        if not any(statement.truth and statement.about_change for statement in self.statements):
            raise ValueError(f"facts need a true statement about what the perturbation changes: {self!r}")


#: The release's names of the two question types (its "Question Type"), which lmms-eval branches on.
SOURCE_TYPES = {"tf": "TF", "mc": "select"}


@dataclasses.dataclass(frozen=True)
class Question:
    """One row's question: type, text (options included), options in i-iv order, answer.

    `source_type` is the question type as the release writes it ("TF", "select"; verbatim for the
    release's rows, the release's names for drawn ones, "" for the open-ended prompts).
    """

    question_type: str
    question: str
    options: tuple[str, ...]
    answer: str
    key: str  # the row id's suffix: tf1, mc2, semantic, illusion
    source_type: str = ""


def true_false(facts: Facts, image_id: str, index: int, edition: int | None = None) -> list[Question]:
    """Two statements (three for every third image), one of them true, in a seeded order; when none
    of the drawn ones is about what the perturbation changes, the true one is replaced by one that is.
    An edition draws other statements and another order; how many, and how many are true, it keeps."""
    rng = rng_for("illusionbench", "true_false", image_id, edition=edition)
    false_count = 2 if index % 3 == 0 else 1
    trues = [s for s in facts.statements if s.truth]
    chosen = rng.sample(trues, 1)
    chosen += rng.sample([s for s in facts.statements if not s.truth], false_count)
    if not any(s.about_change for s in chosen):
        chosen[0] = rng.choice([s for s in trues if s.about_change])
    rng.shuffle(chosen)
    return [
        Question("tf", s.text, (), "True" if s.truth else "False", f"tf{n}", SOURCE_TYPES["tf"])
        for n, s in enumerate(chosen, start=1)
    ]


def multiple_choice(facts: Facts, image_id: str, edition: int | None = None) -> list[Question]:
    """Every choice with its options shuffled (seeded per image, question and edition), labelled i-iv."""
    questions = []
    for n, choice in enumerate(facts.choices, start=1):
        options = [choice.correct, *choice.wrong]
        rng_for("illusionbench", "options", image_id, n, edition=edition).shuffle(options)
        answer = NUMERALS[options.index(choice.correct)]
        question = list_options(choice.question, options)
        questions.append(Question("mc", question, tuple(options), answer, f"mc{n}", SOURCE_TYPES["mc"]))
    return questions


def golden_description(facts: Facts) -> str:
    """The paper's template filled from the facts (no reason sentence when there is no illusion)."""
    if facts.cause is None:
        return f"In this picture, {facts.content}. There is no visual illusion in the image."
    return (
        f"In this picture, {facts.content}. There is a visual illusion in the image. "
        f"The reason for visual illusions is {facts.cause}."
    )


def descriptions(facts: Facts) -> list[Question]:
    """The two open-ended prompts, each answered by the golden description."""
    golden = golden_description(facts)
    return [
        Question("semantic", SEMANTIC_PROMPT, (), golden, "semantic"),
        Question("illusion", ILLUSION_PROMPT, (), golden, "illusion"),
    ]
