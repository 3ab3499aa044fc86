"""The versioned table of predicate surface forms, and the text side of a VISaGE tuple.

The paper prints two templates (footnote 4): "Answer yes or no. Do {concept-pl}
have {attribute}?" and "Answer yes or no. Does this {concept-sg} have
{attribute}?". Norms whose predicate is not "have" ("cheetahs are fast", "owls
sleep in the day") need their own forms; the authors' mapping is unreleased,
so ours is this table. Changing any form changes `PREDICATE_VERSION`, which
every row carries as `template_version`.
"""

from __future__ import annotations

import dataclasses

PREDICATE_VERSION = "visage-predicates-1"

#: Verbatim from the paper's templates.
PROMPT_PREFIX = "Answer yes or no. "


@dataclasses.dataclass(frozen=True)
class SurfaceForms:
    """How one predicate asks about a kind (concept), about an instance, and states the norm."""

    concept: str
    instance: str
    norm: str


PREDICATES: dict[str, SurfaceForms] = {
    # "Lions have manes": Do lions have manes? / Does this lion have a mane?
    "have": SurfaceForms(
        concept="Do {plural} have {attribute}?",
        instance="Does this {singular} have {attribute_sg}?",
        norm="{plural} have {attribute}.",
    ),
    # "Bananas are yellow": Are bananas yellow? / Is this banana yellow?
    "be": SurfaceForms(
        concept="Are {plural} {attribute}?",
        instance="Is this {singular} {attribute_sg}?",
        norm="{plural} are {attribute}.",
    ),
    # "Owls sleep in the day": Do owls sleep in the day? / Does this owl sleep in the day?
    "do": SurfaceForms(
        concept="Do {plural} {attribute}?",
        instance="Does this {singular} {attribute_sg}?",
        norm="{plural} {attribute}.",
    ),
}


@dataclasses.dataclass(frozen=True)
class VisageTuple:
    """The text of one tuple (n_{c,a}, e_{c,a}): category, exception, and the norm's surface form.

    `attribute` is the concept-question form ("manes"), `attribute_sg` the instance form ("a mane");
    `category_names` / `exception_names` are the answers a recognition question accepts;
    `name_reveals` says the exception's name states the violation ("maneless lion"), so the
    questions naming it are answerable from the text alone.
    """

    tuple_id: str
    norm_id: str
    category: str
    category_pl: str
    exception: str
    exception_pl: str
    predicate: str
    attribute: str
    attribute_sg: str
    norm_text: str
    category_names: tuple[str, ...] = ()
    exception_names: tuple[str, ...] = ()
    name_reveals: bool = False

    @classmethod
    def from_norm(
        cls,
        *,
        tuple_id: str,
        norm_id: str,
        category: tuple[str, str],
        exception: tuple[str, str],
        predicate: str,
        attribute: str,
        attribute_sg: str | None = None,
        norm_text: str | None = None,
        category_names: tuple[str, ...] = (),
        exception_names: tuple[str, ...] = (),
        name_reveals: bool = False,
    ) -> VisageTuple:
        """A tuple whose norm text, when not given, comes from the predicate table."""
        singular = attribute if attribute_sg is None else attribute_sg
        text = norm_text or _capitalised(
            PREDICATES[predicate].norm.format(plural=category[1], attribute=attribute)
        )
        return cls(
            tuple_id=tuple_id,
            norm_id=norm_id,
            category=category[0],
            category_pl=category[1],
            exception=exception[0],
            exception_pl=exception[1],
            predicate=predicate,
            attribute=attribute,
            attribute_sg=singular,
            norm_text=text,
            category_names=category_names or category,
            exception_names=exception_names or exception,
            name_reveals=name_reveals,
        )

    def concept_question(self, name_type: str) -> str:
        """The conceptual question about the category or the exception (plural).

        >>> lion = VisageTuple.from_norm(tuple_id="t", norm_id="n", category=("lion", "lions"),
        ...     exception=("lioness", "lionesses"), predicate="have", attribute="manes",
        ...     attribute_sg="a mane")
        >>> lion.concept_question("exception"), lion.norm_text
        ('Do lionesses have manes?', 'Lions have manes.')
        """
        plural = self.category_pl if name_type == "category" else self.exception_pl
        return _capitalised(
            PREDICATES[self.predicate].concept.format(plural=plural, attribute=self.attribute)
        )

    def instance_question(self, name_type: str) -> str:
        """The instance question about the pictured object, named as category or exception.

        >>> cheetah = VisageTuple.from_norm(tuple_id="t", norm_id="n", category=("cheetah", "cheetahs"),
        ...     exception=("cheetah cub", "cheetah cubs"), predicate="be", attribute="fast")
        >>> cheetah.instance_question("category"), cheetah.norm_text
        ('Is this cheetah fast?', 'Cheetahs are fast.')
        """
        singular = self.category if name_type == "category" else self.exception
        return PREDICATES[self.predicate].instance.format(singular=singular, attribute_sg=self.attribute_sg)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
