"""What a brand is to this topic: its item, its emblem, its counts and its released wording.

One `Brand` entry per brand (spec §1.2 and the paper's Appendix A): the
emblem's countable element, the standard count (the expected bias) and the
counterfactual count (the ground truth), the Q1/Q2/Q3 texts, and the background
its `original` images use. Adding a brand is one entry here plus, if it needs
one, an emblem drawer in `emblems.py`.
"""

from __future__ import annotations

import dataclasses

from builders.core.errors import SpecError

SHOE, CAR = "shoe", "car"
EMBLEMS = ("stripes", "curves", "star", "rings", "trident")
SPORTS = ("tennis", "running", "basketball", "soccer")
SHOE_COLOURS = ("black", "red", "white")
BODIES = ("sedan", "suv", "hatchback", "coupe", "convertible")
CAR_COLOURS = ("white", "grey", "black")


@dataclasses.dataclass(frozen=True)
class Brand:
    """One brand: its item (shoe or car), emblem, counts and prompts."""

    name: str  # as in the prompts and the title bar, e.g. "Mercedes-Benz"
    item: str  # "shoe" or "car"
    emblem: str  # one of EMBLEMS
    element: str  # what is counted, for metadata ("stripes", "points", ...)
    standard: int  # the real logo's count: the expected bias
    counterfactual: int  # the modified logo's count: the ground truth
    q1: str  # Q1 without the answer instruction; "{colour}" is the emblem's colour name
    q2: str
    q3: str
    original: tuple[str, str]  # (backdrop, colour) of the original images
    original_count_text: str = ""  # the sanity counting question, if it differs from q1

    def __post_init__(self) -> None:
        who = f"brand entry {self.name!r}"
        if not self.name or self.name != self.name.strip():
            raise SpecError(f"brand name must be a non-empty trimmed string, got {self.name!r}")
        if self.item not in (SHOE, CAR):
            raise SpecError(f"{who}: item must be {SHOE!r} or {CAR!r}, got {self.item!r}")
        if self.emblem not in EMBLEMS:
            raise SpecError(f"{who}: unknown emblem {self.emblem!r}; choose from: {', '.join(EMBLEMS)}")
        for field in ("standard", "counterfactual"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9:
                raise SpecError(f"{who}: {field} must be an integer from 1 to 9, got {value!r}")
        if self.counterfactual == self.standard:
            raise SpecError(f"{who}: the counterfactual count must differ from the standard {self.standard}")
        backdrops, colours = (SPORTS, SHOE_COLOURS) if self.item == SHOE else (BODIES, CAR_COLOURS)
        if self.original[0] not in backdrops or self.original[1] not in colours:
            raise SpecError(
                f"{who}: original background {self.original!r} is not a {self.item} background; "
                f"use one of {backdrops} with one of {colours}"
            )
        for field in ("q1", "q2", "q3"):
            if not getattr(self, field).endswith("?" if field != "q2" else "."):
                raise SpecError(f"{who}: {field} must be a full question without the answer instruction")

    @property
    def backdrops(self) -> tuple[str, ...]:
        """Sports (shoes) or body types (cars)."""
        return SPORTS if self.item == SHOE else BODIES

    @property
    def colours(self) -> tuple[str, ...]:
        return SHOE_COLOURS if self.item == SHOE else CAR_COLOURS

    @property
    def sub_topic(self) -> str:
        return "Shoe Logos" if self.item == SHOE else "Car Logos"


BRANDS: dict[str, Brand] = {
    brand.name: brand
    for brand in (
        Brand(
            "Adidas", SHOE, "stripes", "stripes", 3, 4,
            "How many visible {colour} stripes are there in the logo of the left shoe?",
            "Count the visible {colour} stripes in the logo on the left shoe.",
            "Are the logos on these shoes Adidas logos?",
            ("tennis", "white"),
        ),
        Brand(
            "Nike", SHOE, "curves", "stylized curves", 1, 2,
            "How many visible {colour} stylized curves are there in the logo of the left shoe?",
            "Count the visible {colour} stylized curves in the logo on the left shoe.",
            "Are the logos on these shoes Nike logos?",
            ("running", "black"),
        ),
        Brand(
            "Mercedes-Benz", CAR, "star", "star points", 3, 4,
            "How many points are there on the star in the logo of this car?",
            "Count the points on the star in the logo of this car.",
            "Is the logo on this car Mercedes-Benz logo?",
            ("sedan", "grey"),
        ),
        Brand(
            "Audi", CAR, "rings", "overlapping circles", 4, 5,
            "How many overlapping circles are there in the logo of this car?",
            "Count the overlapping circles in the logo of this car.",
            "Is the logo on this car Audi logo?",
            ("hatchback", "white"),
            # Appendix N's sanity question, verbatim ("on the logo").
            "How many overlapping circles are there on the logo of this car?",
        ),
        Brand(
            "Maserati", CAR, "trident", "prongs", 3, 5,
            "How many prongs are there in the logo of this car?",
            "Count the prongs in the logo of this car.",
            "Is the logo on this car Maserati logo?",
            ("coupe", "black"),
        ),
    )
}  # fmt: skip

#: Shoe brands first, then car brands, each in the release's table order.
SHOE_BRANDS = tuple(b for b in BRANDS.values() if b.item == SHOE)
CAR_BRANDS = tuple(b for b in BRANDS.values() if b.item == CAR)

#: The brand blocks of the released logo numbering (`spec.release_number`). The project site pins one
#: car brand's 15 images before Adidas (`shoe_018` is Adidas's third image) and Audi last (`car_067`);
#: which car brand comes first, and the order of the middle blocks, it does not show.
NUMBERING_ORDER = ("Mercedes-Benz", "Adidas", "Nike", "Maserati", "Audi")
