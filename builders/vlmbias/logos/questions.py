"""Prompts, ground truth and expected bias for the logos (the paper's Appendix A and N).

Counterfactual images: Q1 and Q2 count the emblem's elements (truth: the
modified count; bias: the real logo's count), Q3 asks whether the logo is the
brand's (truth No, bias Yes). Shoe prompts name the emblem's colour (white on
black or red shoes, black on white ones): Nike's "visible white stylized curves"
as the release's README shows, Adidas's "visible white stripes" as the released
rows read (the paper's later versions quote "How many visible white stripes are
there in the logo of the left shoe?"). Original images
get the sanity questions: "What car logo is this?" (Appendix N) or, for shoes,
our analogous "What shoe logo is this?", then the brand's counting question
(Appendix N's wording for Audi) with the real count as ground truth.
"""

from __future__ import annotations

from builders.vlmbias.logos.brands import CAR
from builders.vlmbias.logos.shoes import PALETTES
from builders.vlmbias.logos.spec import LogoSpec
from builders.vlmbias.questions import Question, count_question, naming_question, yes_no_question

CAR_NAMING = ("What car logo is this?", "Toyota")
#: Not in the paper (its sanity table has no shoe row): the car question's analogue for shoes.
SHOE_NAMING = ("What shoe logo is this?", "Puma")


def counting_texts(spec: LogoSpec) -> tuple[str, str]:
    """Q1 and Q2 without the answer instruction, with the emblem's colour filled in where asked."""
    brand = spec.definition
    colour = PALETTES[spec.colour].emblem_name if brand.item != CAR else ""
    return brand.q1.format(colour=colour), brand.q2.format(colour=colour)


def logo_questions(spec: LogoSpec) -> list[Question]:
    """Q1, Q2, Q3 for a modified emblem; the sanity questions for an unmodified one."""
    brand = spec.definition
    q1, q2 = counting_texts(spec)
    if spec.is_original:
        prompt, example = CAR_NAMING if brand.item == CAR else SHOE_NAMING
        return [
            naming_question(prompt, example, brand.name),
            count_question("Q1", brand.original_count_text or q1, brand.standard, None),
        ]
    return [
        count_question("Q1", q1, brand.counterfactual, brand.standard),
        count_question("Q2", q2, brand.counterfactual, brand.standard),
        yes_no_question("Q3", brand.q3, False, True),
    ]
