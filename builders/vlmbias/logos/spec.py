"""The logo spec (brand, background, colour, emblem count, resolution) and the specs the parameters plan."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from builders.core.errors import SpecError
from builders.core.params import Parameters, selection
from builders.vlmbias.logos.brands import BRANDS, CAR_BRANDS, NUMBERING_ORDER, SHOE_BRANDS, Brand
from builders.vlmbias.spec import VlmBiasSpec

ASPECT = (4, 3)


@dataclasses.dataclass(frozen=True, kw_only=True)
class LogoSpec(VlmBiasSpec):
    """One logo image: brand, background (sport or body type), colour, emblem elements drawn, resolution."""

    kind: ClassVar[str] = "logo"

    #: Brand name, a key of `BRANDS` (e.g. `"Audi"`).
    brand: str
    #: Sport (shoes: tennis, running, basketball, soccer) or body type (cars: sedan, suv, ...).
    backdrop: str
    #: Shoe colour (black, red, white) or paint (white, grey, black).
    colour: str
    #: Emblem elements drawn: the brand's standard count (original) or its counterfactual count.
    elements: int

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.brand not in BRANDS:
            raise SpecError(f"unknown brand {self.brand!r}; choose from: {', '.join(BRANDS)}")
        brand = self.definition
        if self.backdrop not in brand.backdrops:
            raise SpecError(
                f"{self.brand} is drawn on a {brand.item}; backdrop must be one of {brand.backdrops}, "
                f"got {self.backdrop!r}"
            )
        if self.colour not in brand.colours:
            raise SpecError(f"{brand.item} colour must be one of {brand.colours}, got {self.colour!r}")
        if isinstance(self.elements, bool) or self.elements not in (brand.standard, brand.counterfactual):
            raise SpecError(
                f"the {self.brand} emblem has {brand.standard} {brand.element} (original) or "
                f"{brand.counterfactual} (counterfactual), got {self.elements!r}"
            )

    @property
    def definition(self) -> Brand:
        return BRANDS[self.brand]

    @property
    def item(self) -> str:
        return self.definition.item

    @property
    def is_original(self) -> bool:
        return self.elements == self.definition.standard

    @property
    def number(self) -> int:
        """The image's NNN (`shoe_018`, `car_067`): see `release_number`."""
        return release_number(self.definition, self.backdrop, self.colour)

    @property
    def size(self) -> tuple[int, int]:
        return self.px, self.px * ASPECT[1] // ASPECT[0]


def release_number(brand: Brand, backdrop: str, colour: str) -> int:
    """One counter over all 69 logo images, brand block by brand block (`NUMBERING_ORDER`), each block in
    file-name order (colour, then sport or body type, alphabetically, as the released names spell them).

    Pinned by the project site's human-study metadata: `shoe_018` is `adidas-black-soccer-3` and
    `car_067` is `audi-white-hatchback`; the numbers reach 067 although there are only 45 cars.

    >>> adidas, audi = BRANDS["Adidas"], BRANDS["Audi"]
    >>> release_number(adidas, "soccer", "black"), release_number(audi, "hatchback", "white")
    (18, 67)
    """
    before = 0
    for name in NUMBERING_ORDER:
        if name == brand.name:
            break
        other = BRANDS[name]
        before += len(other.backdrops) * len(other.colours)
    colours = sorted(brand.colours, key=released_word)
    backdrops = sorted(brand.backdrops)
    index = colours.index(colour) * len(backdrops) + backdrops.index(backdrop)
    return before + index + 1


def released_word(colour: str) -> str:
    """A colour as the released file names spell it ("gray" for our "grey")."""
    return "gray" if colour == "grey" else colour


@dataclasses.dataclass(frozen=True, kw_only=True)
class LogosParameters(Parameters):
    """What `--params` may change in `[logos]`."""

    brands: tuple[str, ...] = selection(
        tuple(brand.name for brand in SHOE_BRANDS + CAR_BRANDS),
        "the brands drawn, each on all its shoes (4 sports x 3 colours) or cars (5 bodies x 3 paints)",
    )


def _brands(params: LogosParameters) -> list[Brand]:
    return [brand for brand in SHOE_BRANDS + CAR_BRANDS if brand.name in params.brands]


def counterfactual_specs(
    params: LogosParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[LogoSpec]:
    """Shoes then cars of the kept brands, each at every resolution."""
    for brand in _brands(params):
        for backdrop in brand.backdrops:
            for colour in brand.colours:
                for px in resolutions:
                    yield LogoSpec(brand=brand.name, backdrop=backdrop, colour=colour,
                                   elements=brand.counterfactual, px=px, edition=edition)  # fmt: skip


def original_specs(
    params: LogosParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[LogoSpec]:
    """Each kept brand's unmodified emblem on one background (the brand's `original`), at every resolution."""
    for brand in _brands(params):
        backdrop, colour = brand.original
        for px in resolutions:
            yield LogoSpec(brand=brand.name, backdrop=backdrop, colour=colour, elements=brand.standard, px=px,
                           edition=edition)  # fmt: skip
